package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.Column.required;
import static org.rookery.contract.schema.ColumnType.Scalar.BIGINT;
import static org.rookery.contract.schema.ColumnType.Scalar.INT;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;
import static org.rookery.contract.schema.ColumnType.Scalar.TINYINT;

import java.util.List;

/** The {@code tablebase} table ({@code tb export}, docs/schema.md): one row per stored table position. */
public final class Tablebase {
    private Tablebase() {
    }

    public static final String IDX = "idx";
    public static final String FEN = Openings.FEN;
    public static final String STM = "stm";
    public static final String WDL = "wdl";
    public static final String WDL_SCORE = "wdl_score";
    public static final String DTM = "dtm";
    public static final String DTZ = "dtz";
    /** Partition column of {@code tablebase} and {@code tablebase_summary}. */
    public static final String MATERIAL = Endgames.MATERIAL;

    /** The table, partitioned by {@code material}. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.TABLEBASE, List.of(
            required(IDX, BIGINT, "the position's slot in the table file"),
            required(FEN, STRING, "the position"),
            required(STM, STRING, "side to move, w or b"),
            required(WDL, STRING, "outcome for the side to move"),
            required(WDL_SCORE, TINYINT, "the same as Syzygy's WDL number"),
            optional(DTM, INT, "signed plies to mate; null for draws"),
            required(DTZ, INT, "signed plies to the next zeroing move or mate"),
            required(MATERIAL, STRING, "partition column: the canonical material")), MATERIAL);
}
