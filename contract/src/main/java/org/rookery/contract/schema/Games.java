package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.Column.required;
import static org.rookery.contract.schema.ColumnType.Scalar.BIGINT;
import static org.rookery.contract.schema.ColumnType.Scalar.INT;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;
import static org.rookery.contract.schema.ColumnType.Scalar.TIMESTAMP;

import java.util.List;

/**
 * The {@code games} table (docs/schema.md), one row per game, and the columns of its records on
 * {@code rookery.games}: the names every writer and reader uses, and one column list in the order
 * of the Parquet files, so files written before and after any change elsewhere stay the same.
 */
public final class Games {
    private Games() {
    }

    public static final String GAME_ID = "game_id";
    public static final String SOURCE = "source";
    public static final String COLLECTION = Tables.COLLECTION;
    public static final String MATCH_ID = "match_id";
    public static final String PAIR_INDEX = "pair_index";
    public static final String GAME_IN_PAIR = "game_in_pair";
    public static final String SOURCE_FILE = "source_file";
    public static final String GAME_NUMBER = "game_number";
    public static final String EVENT = "event";
    public static final String SITE = "site";
    public static final String DATE = "date";
    public static final String ROUND = "round";
    public static final String WHITE = "white";
    public static final String BLACK = "black";
    public static final String RESULT = "result";
    public static final String WHITE_ELO = "white_elo";
    public static final String BLACK_ELO = "black_elo";
    public static final String ECO = "eco";
    public static final String TIME_CONTROL = "time_control";
    public static final String TERMINATION = "termination";
    public static final String START_FEN = "start_fen";
    public static final String PLY_COUNT = "ply_count";
    public static final String MOVES_UCI = "moves_uci";
    public static final String ZOBRIST = "zobrist";
    public static final String CLOCK_MS = "clock_ms";
    public static final String EVAL_CP = "eval_cp";
    public static final String EVAL_MATE = "eval_mate";
    public static final String DEPTH = "depth";
    public static final String WHITE_ENGINE_ID = "white_engine_id";
    public static final String BLACK_ENGINE_ID = "black_engine_id";
    public static final String WORKER_ID = "worker_id";
    public static final String STARTED_AT = "started_at";
    public static final String FINISHED_AT = "finished_at";
    public static final String PGN = "pgn";
    public static final String DRAW_FACTS = "draw_facts";
    public static final String OPENING_ECO = "opening_eco";
    public static final String OPENING = "opening";
    public static final String OPENING_PLY = "opening_ply";

    /** {@code source} of games a gauntlet worker played. */
    public static final String GAUNTLET = "gauntlet";
    /** {@code source} of games ingested from PGN. */
    public static final String IMPORT = "import";

    /** The {@code games} table; {@code collection} is its partition column. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.GAMES, List.of(
            required(GAME_ID, STRING, "deterministic game id"),
            required(SOURCE, STRING, "gauntlet or import"),
            required(COLLECTION, STRING, "partition column: match id or import collection"),
            optional(MATCH_ID, STRING, "gauntlet match id"),
            optional(PAIR_INDEX, INT, "game pair within the match"),
            optional(GAME_IN_PAIR, INT, "0 or 1"),
            optional(SOURCE_FILE, STRING, "imported file name"),
            optional(GAME_NUMBER, BIGINT, "1-based game number in the file or match"),
            optional(EVENT, STRING, "PGN Event tag"),
            optional(SITE, STRING, "PGN Site tag"),
            optional(DATE, STRING, "PGN Date tag"),
            optional(ROUND, STRING, "PGN Round tag"),
            optional(WHITE, STRING, "White player or engine"),
            optional(BLACK, STRING, "Black player or engine"),
            optional(RESULT, STRING, "1-0, 0-1, 1/2-1/2 or *"),
            optional(WHITE_ELO, INT, "White's rating"),
            optional(BLACK_ELO, INT, "Black's rating"),
            optional(ECO, STRING, "ECO tag"),
            optional(TIME_CONTROL, STRING, "PGN TimeControl value"),
            optional(TERMINATION, STRING, "how the game ended"),
            optional(START_FEN, STRING, "starting position"),
            required(PLY_COUNT, INT, "plies played"),
            optional(MOVES_UCI, new ColumnType.ListOf(STRING, false), "every move in UCI"),
            optional(ZOBRIST, new ColumnType.ListOf(BIGINT, false), "Polyglot key before ply 1 and after every ply"),
            optional(CLOCK_MS, new ColumnType.ListOf(BIGINT, true), "remaining clock after each ply"),
            optional(EVAL_CP, new ColumnType.ListOf(INT, true), "evaluation after each ply, White's view"),
            optional(EVAL_MATE, new ColumnType.ListOf(INT, true), "mate distance after each ply, White's view"),
            optional(DEPTH, new ColumnType.ListOf(INT, true), "engine search depth per ply"),
            optional(WHITE_ENGINE_ID, STRING, "White's engine registry name"),
            optional(BLACK_ENGINE_ID, STRING, "Black's engine registry name"),
            optional(WORKER_ID, STRING, "worker that played the game"),
            optional(STARTED_AT, TIMESTAMP, "when the game started"),
            optional(FINISHED_AT, TIMESTAMP, "when the game ended"),
            optional(PGN, STRING, "the game's PGN text"),
            optional(DRAW_FACTS, DrawFactsColumns.TYPE, "draw-rule facts found while ingesting"),
            optional(OPENING_ECO, STRING, "ECO of the deepest named opening position reached"),
            optional(OPENING, STRING, "name of that opening position"),
            optional(OPENING_PLY, INT, "ply at which the game stood in it")), COLLECTION);

    /**
     * Parquet column paths of {@code games} whose values almost never repeat (keys, clocks,
     * evaluations, the PGN text): a dictionary for them costs time and saves nothing.
     */
    public static List<String> uniqueValueColumns() {
        return List.of(ZOBRIST + ".list.element", CLOCK_MS + ".list.element", EVAL_CP + ".list.element", PGN,
                GAME_ID, SITE);
    }
}
