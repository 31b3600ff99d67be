package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.Column.required;
import static org.rookery.contract.schema.ColumnType.Scalar.INT;

import java.util.List;

/**
 * The fields of {@code games.draw_facts}, the draw-rule facts ingestion finds while replaying (the
 * {@code draw-rules} job reads them instead of replaying): plies are null where the rule never applied.
 */
public final class DrawFactsColumns {
    private DrawFactsColumns() {
    }

    public static final String THREEFOLD_PLY = "threefold_ply";
    public static final String FIVEFOLD_PLY = "fivefold_ply";
    public static final String FIFTY_PLY = "fifty_ply";
    public static final String SEVENTYFIVE_PLY = "seventyfive_ply";
    public static final String MAX_HALFMOVE_CLOCK = "max_halfmove_clock";
    public static final String LONGEST_REVERSIBLE_RUN = "longest_reversible_run";
    public static final String REPEATED_POSITIONS = "repeated_positions";
    public static final String MAX_REPETITIONS = "max_repetitions";
    public static final String FINAL_REPETITIONS = "final_repetitions";
    public static final String FINAL_HALFMOVE_CLOCK = "final_halfmove_clock";

    /** The struct, in file order. */
    public static final ColumnType.StructOf TYPE = new ColumnType.StructOf(List.of(
            optional(THREEFOLD_PLY, INT, "ply of the first threefold repetition"),
            optional(FIVEFOLD_PLY, INT, "ply of the first fivefold repetition"),
            optional(FIFTY_PLY, INT, "ply the 50-move rule first applied"),
            optional(SEVENTYFIVE_PLY, INT, "ply the 75-move rule first applied"),
            required(MAX_HALFMOVE_CLOCK, INT, "highest halfmove clock"),
            required(LONGEST_REVERSIBLE_RUN, INT, "longest run of reversible plies"),
            required(REPEATED_POSITIONS, INT, "positions that stood on the board more than once"),
            required(MAX_REPETITIONS, INT, "most times one position stood on the board"),
            required(FINAL_REPETITIONS, INT, "times the final position stood on the board"),
            required(FINAL_HALFMOVE_CLOCK, INT, "halfmove clock of the final position")));
}
