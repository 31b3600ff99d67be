package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.Column.required;
import static org.rookery.contract.schema.ColumnType.Scalar.BOOLEAN;
import static org.rookery.contract.schema.ColumnType.Scalar.INT;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;

import java.util.List;

/**
 * The {@code draw_rules} table ({@code analyze draw-rules}, docs/analysis.md): one row per game with
 * when each draw rule first applied. Columns it shares with {@code games} keep their names from there.
 */
public final class DrawRules {
    private DrawRules() {
    }

    public static final String THREEFOLD_CLAIMED = "threefold_claimed";
    public static final String FIFTY_CLAIMED = "fifty_claimed";
    public static final String RATING_BAND = "rating_band";
    public static final String TIME_CONTROL_CLASS = "time_control_class";
    public static final String YEAR = "year";
    public static final String REPLAY_ERROR = "replay_error";

    /** The dimensions {@code draw_rules_summary} breaks the games down by, besides {@code all}. */
    public static final List<String> DIMENSIONS = List.of(RATING_BAND, TIME_CONTROL_CLASS, YEAR, Games.RESULT,
            Games.ECO);

    /** The table, partitioned by {@code collection}. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.DRAW_RULES, List.of(
            required(Games.GAME_ID, STRING, "the game's id in games"),
            required(Games.COLLECTION, STRING, "partition column: the game's collection"),
            optional(Games.SOURCE, STRING, "from games"),
            optional(Games.RESULT, STRING, "from games"),
            optional(Games.TERMINATION, STRING, "from games"),
            required(Games.PLY_COUNT, INT, "plies replayed"),
            optional(DrawFactsColumns.THREEFOLD_PLY, INT, "ply of the first threefold repetition"),
            required(THREEFOLD_CLAIMED, BOOLEAN, "drawn on a position standing for the 3rd or 4th time"),
            optional(DrawFactsColumns.FIVEFOLD_PLY, INT, "ply of the first fivefold repetition"),
            optional(DrawFactsColumns.FIFTY_PLY, INT, "ply the 50-move rule first applied"),
            required(FIFTY_CLAIMED, BOOLEAN, "drawn with the halfmove clock between 100 and 149"),
            optional(DrawFactsColumns.SEVENTYFIVE_PLY, INT, "ply the 75-move rule first applied"),
            required(DrawFactsColumns.MAX_HALFMOVE_CLOCK, INT, "highest halfmove clock"),
            required(DrawFactsColumns.LONGEST_REVERSIBLE_RUN, INT, "longest run of reversible plies"),
            required(DrawFactsColumns.REPEATED_POSITIONS, INT, "positions that stood on the board more than once"),
            required(DrawFactsColumns.MAX_REPETITIONS, INT, "most times one position stood on the board"),
            required(RATING_BAND, STRING, "200-point band of the mean rating"),
            required(TIME_CONTROL_CLASS, STRING, "speed class of the time control"),
            optional(YEAR, INT, "from date; null when unknown"),
            optional(Games.ECO, STRING, "from games"),
            optional(REPLAY_ERROR, STRING, "why the replay stopped early; null normally")), Games.COLLECTION);
}
