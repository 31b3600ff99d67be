package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.Column.required;
import static org.rookery.contract.schema.ColumnType.Scalar.BIGINT;
import static org.rookery.contract.schema.ColumnType.Scalar.BOOLEAN;
import static org.rookery.contract.schema.ColumnType.Scalar.DOUBLE;
import static org.rookery.contract.schema.ColumnType.Scalar.INT;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;

import java.util.List;

/**
 * The {@code endgames} table ({@code analyze endgames}, docs/analysis.md): per game, the first
 * position with at most N pieces, its outcome and (with tablebases) the table's value of it.
 */
public final class Endgames {
    private Endgames() {
    }

    public static final String PIECES = "pieces";
    public static final String SIGNATURE = "signature";
    public static final String MATERIAL = "material";
    public static final String FIRST_SIDE = "first_side";
    public static final String ENTRY_PLY = "entry_ply";
    public static final String PLIES_LEFT = "plies_left";
    public static final String SIDE_TO_MOVE = "side_to_move";
    public static final String ENTRY_FEN = "entry_fen";
    public static final String ENTRY_KEY = "entry_key";
    public static final String FIRST_SIDE_SCORE = "first_side_score";
    public static final String TB_CATEGORY = "tb_category";
    public static final String TB_DTZ = "tb_dtz";
    public static final String TB_DTM = "tb_dtm";
    public static final String WON_NOT_WON = "won_not_won";
    public static final String DRAWN_NOT_DRAWN = "drawn_not_drawn";

    /** The table, partitioned by {@code collection}. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.ENDGAMES, List.of(
            required(Games.GAME_ID, STRING, "the game's id in games"),
            required(Games.COLLECTION, STRING, "partition column: the game's collection"),
            required(PIECES, INT, "pieces on the board at the entry, kings included"),
            required(SIGNATURE, STRING, "canonical material, stronger side first"),
            required(MATERIAL, STRING, "White's pieces v Black's"),
            optional(FIRST_SIDE, STRING, "the colour the signature lists first"),
            required(ENTRY_PLY, INT, "ply of the entry position"),
            required(PLIES_LEFT, INT, "plies played after it"),
            required(SIDE_TO_MOVE, STRING, "white or black"),
            required(ENTRY_FEN, STRING, "the entry position"),
            required(ENTRY_KEY, BIGINT, "its Polyglot key"),
            optional(Games.RESULT, STRING, "from games"),
            optional(FIRST_SIDE_SCORE, DOUBLE, "1, 0.5, 0 from the first side's view; null for *"),
            optional(Games.TERMINATION, STRING, "from games"),
            optional(TB_CATEGORY, STRING, "the table's outcome for the first side"),
            optional(TB_DTZ, INT, "the table's signed DTZ"),
            optional(TB_DTM, INT, "the table's signed DTM"),
            optional(WON_NOT_WON, BOOLEAN, "a table win the game did not convert"),
            optional(DRAWN_NOT_DRAWN, BOOLEAN, "a table draw the game did not hold")), Games.COLLECTION);
}
