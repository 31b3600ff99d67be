package org.rookery.contract.schema;

/**
 * One column of a table: its name, type, whether it may be null, and what it means.
 *
 * @param doc one line for readers; docs/schema.md gives the full meaning
 */
public record Column(String name, ColumnType type, boolean nullable, String doc) {
    /** Checks the name is a plain identifier, so every reader can use it unquoted. */
    public Column {
        if (name == null || !name.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("column name must be lower-case letters, digits and '_': " + name);
        }
    }

    /** A nullable column. */
    public static Column optional(String name, ColumnType type, String doc) {
        return new Column(name, type, true, doc);
    }

    /** A column that is never null. */
    public static Column required(String name, ColumnType type, String doc) {
        return new Column(name, type, false, doc);
    }
}
