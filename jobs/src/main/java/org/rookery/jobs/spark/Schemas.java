package org.rookery.jobs.spark;

import static org.apache.spark.sql.types.DataTypes.BooleanType;
import static org.apache.spark.sql.types.DataTypes.DoubleType;
import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;
import static org.apache.spark.sql.types.DataTypes.TimestampType;
import static org.apache.spark.sql.types.DataTypes.createArrayType;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Parquet table schemas of docs/schema.md, in its column order. Every job reads and writes
 * through these, so imported PGN and gauntlet results stay one table.
 */
public final class Schemas {
    private Schemas() {
    }

    /** Table directory names under the data root. */
    public static final String GAMES = "games";
    public static final String REJECTED = "rejected";
    public static final String DRAW_RULES = "draw_rules";
    public static final String DRAW_RULES_SUMMARY = "draw_rules_summary";
    public static final String OPENINGS = "openings";
    public static final String ENDGAMES = "endgames";
    public static final String ENDGAMES_SUMMARY = "endgames_summary";

    /** Partition column of {@code games} and {@code rejected}. */
    public static final String COLLECTION = "collection";

    /** Column of {@code games} holding the draw-rule facts ingestion found while replaying. */
    public static final String DRAW_FACTS = "draw_facts";

    /**
     * The draw-rule facts of a game as ingestion stores them (see
     * {@link org.rookery.core.rules.DrawFacts}): plies are null where the rule never applied.
     * Null for games written without them (the gauntlet sink); {@code draw-rules} replays those.
     */
    public static final StructType DRAW_FACTS_TYPE = new StructType(new StructField[] {
        field("threefold_ply", IntegerType),
        field("fivefold_ply", IntegerType),
        field("fifty_ply", IntegerType),
        field("seventyfive_ply", IntegerType),
        field("max_halfmove_clock", IntegerType, false),
        field("longest_reversible_run", IntegerType, false),
        field("repeated_positions", IntegerType, false),
        field("max_repetitions", IntegerType, false),
        field("final_repetitions", IntegerType, false),
        field("final_halfmove_clock", IntegerType, false),
    });

    /** The {@code games} table, one row per game; {@code collection} is its partition column. */
    public static final StructType GAMES_SCHEMA = new StructType(new StructField[] {
        field("game_id", StringType, false),
        field("source", StringType, false),
        field(COLLECTION, StringType, false),
        field("match_id", StringType),
        field("pair_index", IntegerType),
        field("game_in_pair", IntegerType),
        field("source_file", StringType),
        field("game_number", LongType),
        field("event", StringType),
        field("site", StringType),
        field("date", StringType),
        field("round", StringType),
        field("white", StringType),
        field("black", StringType),
        field("result", StringType),
        field("white_elo", IntegerType),
        field("black_elo", IntegerType),
        field("eco", StringType),
        field("time_control", StringType),
        field("termination", StringType),
        field("start_fen", StringType),
        field("ply_count", IntegerType, false),
        field("moves_uci", createArrayType(StringType, false)),
        field("zobrist", createArrayType(LongType, false)),
        field("clock_ms", createArrayType(LongType, true)),
        field("eval_cp", createArrayType(IntegerType, true)),
        field("eval_mate", createArrayType(IntegerType, true)),
        field("depth", createArrayType(IntegerType, true)),
        field("white_engine_id", StringType),
        field("black_engine_id", StringType),
        field("worker_id", StringType),
        field("started_at", TimestampType),
        field("finished_at", TimestampType),
        field("pgn", StringType),
        field(DRAW_FACTS, DRAW_FACTS_TYPE),
    });

    /**
     * Parquet column paths of {@code games} whose values almost never repeat (keys, clocks,
     * evaluations, the PGN text): a dictionary for them costs time and saves nothing.
     */
    public static final String[] UNIQUE_VALUE_COLUMNS = {"zobrist.list.element", "clock_ms.list.element",
        "eval_cp.list.element", "pgn", "game_id", "site"};

    /** The {@code rejected} table: games that failed to parse or replay, never dropped silently. */
    public static final StructType REJECTED_SCHEMA = new StructType(new StructField[] {
        field("source_file", StringType),
        field("game_number", LongType),
        field("line", LongType),
        field("reason", StringType, false),
        field("raw_text", StringType),
        field(COLLECTION, StringType, false),
    });

    /** Longest {@code raw_text} kept in {@code rejected}, in chars. */
    public static final int MAX_RAW_TEXT = 1 << 20;

    /** Per-game draw-rule facts; see {@link org.rookery.core.rules.DrawFacts}. */
    public static final StructType DRAW_RULES_SCHEMA = new StructType(new StructField[] {
        field("game_id", StringType, false),
        field(COLLECTION, StringType, false),
        field("source", StringType),
        field("result", StringType),
        field("termination", StringType),
        field("ply_count", IntegerType, false),
        field("threefold_ply", IntegerType),
        field("threefold_claimed", BooleanType, false),
        field("fivefold_ply", IntegerType),
        field("fifty_ply", IntegerType),
        field("fifty_claimed", BooleanType, false),
        field("seventyfive_ply", IntegerType),
        field("max_halfmove_clock", IntegerType, false),
        field("longest_reversible_run", IntegerType, false),
        field("repeated_positions", IntegerType, false),
        field("max_repetitions", IntegerType, false),
        field("rating_band", StringType, false),
        field("time_control_class", StringType, false),
        field("year", IntegerType),
        field("eco", StringType),
        field("replay_error", StringType),
    });

    /** Per-game first entry into an endgame of at most N pieces. */
    public static final StructType ENDGAMES_SCHEMA = new StructType(new StructField[] {
        field("game_id", StringType, false),
        field(COLLECTION, StringType, false),
        field("pieces", IntegerType, false),
        field("signature", StringType, false),
        field("material", StringType, false),
        field("first_side", StringType),
        field("entry_ply", IntegerType, false),
        field("plies_left", IntegerType, false),
        field("side_to_move", StringType, false),
        field("entry_fen", StringType, false),
        field("entry_key", LongType, false),
        field("result", StringType),
        field("first_side_score", DoubleType),
        field("termination", StringType),
        field("tb_category", StringType),
        field("tb_dtz", IntegerType),
        field("tb_dtm", IntegerType),
        field("won_not_won", BooleanType),
        field("drawn_not_drawn", BooleanType),
    });

    private static StructField field(String name, DataType type) {
        return field(name, type, true);
    }

    private static StructField field(String name, DataType type, boolean nullable) {
        return new StructField(name, type, nullable, org.apache.spark.sql.types.Metadata.empty());
    }
}
