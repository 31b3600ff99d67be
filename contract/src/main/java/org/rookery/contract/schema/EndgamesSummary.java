package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.ColumnType.Scalar.BIGINT;
import static org.rookery.contract.schema.ColumnType.Scalar.DOUBLE;
import static org.rookery.contract.schema.ColumnType.Scalar.INT;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;

import java.util.List;

/**
 * The {@code endgames_summary} table ({@code analyze endgames}, docs/analysis.md): per signature and
 * piece count, outcomes from the first side's view. Spark's aggregation produces it in this order;
 * nullability is Spark's, which jobs' tests check against this layout.
 */
public final class EndgamesSummary {
    private EndgamesSummary() {
    }

    public static final String GAMES = Openings.GAMES;
    public static final String FIRST_SIDE_WINS = "first_side_wins";
    public static final String DRAWS = Openings.DRAWS;
    public static final String FIRST_SIDE_LOSSES = "first_side_losses";
    public static final String UNFINISHED = "unfinished";
    public static final String AVG_PLIES_LEFT = "avg_plies_left";
    public static final String TB_GAMES = "tb_games";
    public static final String TB_WINS = "tb_wins";
    public static final String TB_CURSED_WINS = "tb_cursed_wins";
    public static final String TB_DRAWS = "tb_draws";
    public static final String TB_BLESSED_LOSSES = "tb_blessed_losses";
    public static final String TB_LOSSES = "tb_losses";
    public static final String WINS_RATE = "wins_rate";
    public static final String DRAWS_RATE = "draws_rate";
    public static final String LOSSES_RATE = "losses_rate";
    public static final String WON_NOT_WON_RATE = "won_not_won_rate";

    /** The table, not partitioned. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.ENDGAMES_SUMMARY, List.of(
            optional(Endgames.SIGNATURE, STRING, "canonical material, stronger side first"),
            optional(Endgames.PIECES, INT, "pieces, kings included"),
            optional(GAMES, BIGINT, "games entering it"),
            optional(FIRST_SIDE_WINS, BIGINT, "won by the first side"),
            optional(DRAWS, BIGINT, "drawn"),
            optional(FIRST_SIDE_LOSSES, BIGINT, "lost by the first side"),
            optional(UNFINISHED, BIGINT, "games without a result"),
            optional(AVG_PLIES_LEFT, DOUBLE, "mean plies played after the entry"),
            optional(TB_GAMES, BIGINT, "entries with a table value"),
            optional(TB_WINS, BIGINT, "table wins for the first side"),
            optional(TB_CURSED_WINS, BIGINT, "table cursed wins"),
            optional(TB_DRAWS, BIGINT, "table draws"),
            optional(TB_BLESSED_LOSSES, BIGINT, "table blessed losses"),
            optional(TB_LOSSES, BIGINT, "table losses"),
            optional(Endgames.WON_NOT_WON, BIGINT, "table wins or losses the winner did not convert"),
            optional(Endgames.DRAWN_NOT_DRAWN, BIGINT, "table draws that were decided"),
            optional(WINS_RATE, DOUBLE, "first side wins over finished games"),
            optional(DRAWS_RATE, DOUBLE, "draws over finished games"),
            optional(LOSSES_RATE, DOUBLE, "first side losses over finished games"),
            optional(WON_NOT_WON_RATE, DOUBLE, "won_not_won over finished table wins and losses")), null);
}
