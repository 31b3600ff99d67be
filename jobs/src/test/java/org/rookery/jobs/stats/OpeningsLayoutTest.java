package org.rookery.jobs.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.rookery.contract.schema.Openings;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;

/** The openings table Spark's aggregation writes has the contract's layout: its names and types, in order. */
class OpeningsLayoutTest {
    @Test
    void theExplorerWritesTheContractsColumns() {
        StructType written = OpeningsJob.explorer(TestSpark.get().createDataFrame(List.<Row>of(), OpeningsJob.OCCURRENCE), 1)
                .schema();
        assertEquals(loose(Schemas.struct(Openings.SCHEMA.columns())), loose(written));
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
