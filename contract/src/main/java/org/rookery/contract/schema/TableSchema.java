package org.rookery.contract.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of the data root: its directory name, its columns in file order, and its Hive partition
 * column (null when it has none). The partition column is one of the columns, in its place in the
 * order Spark's schema has it; Parquet files leave it out.
 */
public record TableSchema(String name, List<Column> columns, String partitionColumn) {
    /** Copies the columns and checks the partition column is one of them. */
    public TableSchema {
        columns = List.copyOf(columns);
        if (partitionColumn != null && columns.stream().noneMatch(c -> c.name().equals(partitionColumn))) {
            throw new IllegalArgumentException(name + ": partition column " + partitionColumn + " is not a column");
        }
    }

    /** The column called {@code name}; an unknown name is an error. */
    public Column column(String name) {
        for (Column c : columns) {
            if (c.name().equals(name)) return c;
        }
        throw new IllegalArgumentException("table " + this.name + " has no column " + name);
    }

    /** The column names, in order. */
    public List<String> names() {
        List<String> out = new ArrayList<>(columns.size());
        for (Column c : columns) out.add(c.name());
        return out;
    }

    /**
     * A DuckDB {@code CREATE TABLE} with the table's types: of the columns {@code only} in the order
     * given (an appender fills them in that order), or of all columns in table order when none are given.
     */
    public String createTable(String table, String... only) {
        List<Column> picked = new ArrayList<>();
        if (only.length == 0) picked.addAll(columns);
        for (String n : only) picked.add(column(n));
        StringBuilder sb = new StringBuilder("CREATE TABLE ").append(table).append(" (");
        for (int i = 0; i < picked.size(); i++) {
            if (i > 0) sb.append(", ");
            sb.append(picked.get(i).name()).append(' ').append(picked.get(i).type().sql());
        }
        return sb.append(')').toString();
    }
}
