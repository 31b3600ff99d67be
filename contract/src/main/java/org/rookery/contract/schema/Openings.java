package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.Column.required;
import static org.rookery.contract.schema.ColumnType.Scalar.BIGINT;
import static org.rookery.contract.schema.ColumnType.Scalar.DOUBLE;
import static org.rookery.contract.schema.ColumnType.Scalar.INT;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;

import java.util.List;

/**
 * The {@code openings} table ({@code analyze openings}, docs/analysis.md): one row per position key,
 * with its moves most played first. Spark's aggregation produces it and the synthetic corpus builds
 * it in SQL; both are checked against this layout (names and types; nullability is each writer's).
 */
public final class Openings {
    private Openings() {
    }

    public static final String KEY = "key";
    public static final String FEN = "fen";
    public static final String PLY = "ply";
    public static final String GAMES = "games";
    public static final String WHITE_WINS = "white_wins";
    public static final String DRAWS = "draws";
    public static final String BLACK_WINS = "black_wins";
    public static final String AVG_WHITE_ELO = "avg_white_elo";
    public static final String AVG_BLACK_ELO = "avg_black_elo";
    public static final String MOVES = "moves";
    public static final String UCI = "uci";
    public static final String SAN = "san";
    public static final String AVG_RATING = "avg_rating";

    /** One move from a position: games first, since sorting the structs sorts by their first field. */
    public static final ColumnType.StructOf MOVE = new ColumnType.StructOf(List.of(
            required(GAMES, BIGINT, "decided games that played the move here"),
            optional(UCI, STRING, "the move in UCI"),
            optional(SAN, STRING, "the move in SAN"),
            required(WHITE_WINS, BIGINT, "of those, won by White"),
            required(DRAWS, BIGINT, "drawn"),
            required(BLACK_WINS, BIGINT, "won by Black"),
            optional(AVG_RATING, DOUBLE, "mean of the players' mean rating")));

    /** The table, not partitioned. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.OPENINGS, List.of(
            required(KEY, BIGINT, "Polyglot key of the position"),
            optional(FEN, STRING, "the position"),
            optional(PLY, INT, "lowest ply it was reached at"),
            required(GAMES, BIGINT, "decided games that reached it"),
            required(WHITE_WINS, BIGINT, "of those, won by White"),
            required(DRAWS, BIGINT, "drawn"),
            required(BLACK_WINS, BIGINT, "won by Black"),
            optional(AVG_WHITE_ELO, DOUBLE, "White's mean rating"),
            optional(AVG_BLACK_ELO, DOUBLE, "Black's mean rating"),
            optional(MOVES, new ColumnType.ListOf(MOVE, true), "the moves played from it, most played first")), null);
}
