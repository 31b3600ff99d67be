package org.rookery.jobs.query;

/** Where {@code sql} sends its result: the terminal as a text table, or a file DuckDB's COPY writes. */
enum OutputFormat {
    table(null), csv("FORMAT csv, HEADER true"), json("FORMAT json"), parquet("FORMAT parquet");

    /** The COPY options, null for the terminal table. */
    final String copyOptions;

    OutputFormat(String copyOptions) {
        this.copyOptions = copyOptions;
    }

    /** The format a file name asks for, or null when its extension names none. */
    static OutputFormat ofFile(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        if (n.endsWith(".csv")) return csv;
        if (n.endsWith(".json") || n.endsWith(".jsonl") || n.endsWith(".ndjson")) return json;
        if (n.endsWith(".parquet")) return parquet;
        return null;
    }
}
