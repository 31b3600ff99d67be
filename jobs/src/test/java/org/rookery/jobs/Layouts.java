package org.rookery.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.rookery.contract.schema.TableSchema;
import org.rookery.jobs.spark.Schemas;

/** Checks a schema Spark's aggregation produced against a contract table: names and types, in order. */
public final class Layouts {
    private Layouts() {
    }

    /** Fails unless {@code written} has the columns of {@code table}, in its order, with its types. */
    public static void assertLayout(TableSchema table, StructType written) {
        assertEquals(loose(Schemas.struct(table.columns())), loose(written), table.name() + " against the contract");
    }

    /** The type with every field and element nullable: nullability is the writer's, not the layout's. */
    private static DataType loose(DataType t) {
        if (t instanceof StructType s) {
            StructField[] fields = s.fields().clone();
            for (int i = 0; i < fields.length; i++) {
                fields[i] = new StructField(fields[i].name(), loose(fields[i].dataType()), true, fields[i].metadata());
            }
            return new StructType(fields);
        }
        if (t instanceof ArrayType a) {
            return DataTypes.createArrayType(loose(a.elementType()), true);
        }
        return t;
    }
}
