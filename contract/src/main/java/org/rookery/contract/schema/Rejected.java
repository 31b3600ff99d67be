package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.Column.required;
import static org.rookery.contract.schema.ColumnType.Scalar.BIGINT;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;

import java.util.List;

/** The {@code rejected} table (docs/schema.md): games that failed to parse, replay or validate, never dropped silently. */
public final class Rejected {
    private Rejected() {
    }

    public static final String SOURCE_FILE = "source_file";
    public static final String GAME_NUMBER = "game_number";
    public static final String LINE = "line";
    public static final String REASON = "reason";
    public static final String RAW_TEXT = "raw_text";

    /** Longest {@code raw_text} kept, in chars. */
    public static final int MAX_RAW_TEXT = 1 << 20;

    /** The table; {@code collection} is its partition column. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.REJECTED, List.of(
            optional(SOURCE_FILE, STRING, "the input file, or kafka:<topic>/<partition>"),
            optional(GAME_NUMBER, BIGINT, "game number in the file, or the record's offset"),
            optional(LINE, BIGINT, "line where the game starts"),
            required(REASON, STRING, "one-line reason"),
            optional(RAW_TEXT, STRING, "the raw text or record value, truncated"),
            required(Tables.COLLECTION, STRING, "partition column")), Tables.COLLECTION);
}
