package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.ColumnType.Scalar.BIGINT;
import static org.rookery.contract.schema.ColumnType.Scalar.INT;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;

import java.util.List;

/**
 * The {@code tablebase_summary} table ({@code tb export}, docs/schema.md): one row per exported
 * material. Spark's aggregation produces it; nullability is Spark's.
 */
public final class TablebaseSummary {
    private TablebaseSummary() {
    }

    public static final String POSITIONS = "positions";
    public static final String WINS = "wins";
    public static final String CURSED_WINS = "cursed_wins";
    public static final String DRAWS = Openings.DRAWS;
    public static final String BLESSED_LOSSES = "blessed_losses";
    public static final String LOSSES = "losses";
    public static final String MAX_DTM = "max_dtm";
    public static final String MAX_DTZ = "max_dtz";
    public static final String LONGEST_DTM_FEN = "longest_dtm_fen";
    public static final String LONGEST_DTZ_FEN = "longest_dtz_fen";

    /** The table, partitioned by {@code material}. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.TABLEBASE_SUMMARY, List.of(
            optional(POSITIONS, BIGINT, "rows of tablebase for the material"),
            optional(WINS, BIGINT, "positions won for the side to move"),
            optional(CURSED_WINS, BIGINT, "cursed wins"),
            optional(DRAWS, BIGINT, "draws"),
            optional(BLESSED_LOSSES, BIGINT, "blessed losses"),
            optional(LOSSES, BIGINT, "losses"),
            optional(MAX_DTM, INT, "longest win to mate in plies"),
            optional(MAX_DTZ, INT, "longest dtz of a win"),
            optional(LONGEST_DTM_FEN, STRING, "a position reaching max_dtm"),
            optional(LONGEST_DTZ_FEN, STRING, "a position reaching max_dtz"),
            optional(Tablebase.MATERIAL, STRING, "partition column")), Tablebase.MATERIAL);
}
