package org.rookery.contract.schema;

import java.util.List;

/**
 * The type of a table column, in the few forms Rookery's tables use; each side maps it to its own
 * type system (Spark SQL types in jobs, DuckDB types in the dashboard, JSON in the codecs).
 */
public sealed interface ColumnType permits ColumnType.Scalar, ColumnType.ListOf, ColumnType.StructOf {

    /** Plain values, named as docs/schema.md names them. */
    enum Scalar implements ColumnType {
        STRING("string", "VARCHAR"), INT("int", "INTEGER"), BIGINT("bigint", "BIGINT"), TINYINT("tinyint", "TINYINT"),
        BOOLEAN("boolean", "BOOLEAN"), DOUBLE("double", "DOUBLE"), TIMESTAMP("timestamp", "TIMESTAMP");

        private final String doc;
        private final String sql;

        Scalar(String doc, String sql) {
            this.doc = doc;
            this.sql = sql;
        }

        @Override
        public String doc() {
            return doc;
        }

        @Override
        public String sql() {
            return sql;
        }
    }

    /** A list of {@code element}; {@code containsNull} says whether elements may be null. */
    record ListOf(ColumnType element, boolean containsNull) implements ColumnType {
        @Override
        public String doc() {
            return "array<" + element.doc() + ">";
        }

        @Override
        public String sql() {
            return element.sql() + "[]";
        }
    }

    /** A struct of named fields, in order. */
    record StructOf(List<Column> fields) implements ColumnType {
        /** Copies {@code fields}. */
        public StructOf {
            fields = List.copyOf(fields);
        }

        @Override
        public String doc() {
            return "struct";
        }

        @Override
        public String sql() {
            StringBuilder sb = new StringBuilder("STRUCT(");
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) sb.append(", ");
                sb.append(fields.get(i).name()).append(' ').append(fields.get(i).type().sql());
            }
            return sb.append(')').toString();
        }
    }

    /** The type as the tables of docs/schema.md write it ({@code string}, {@code array<bigint>}, {@code struct}). */
    String doc();

    /** The DuckDB type of the column. */
    String sql();
}
