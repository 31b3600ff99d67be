package org.rookery.jobs.spark;

import static org.apache.spark.sql.types.DataTypes.BooleanType;
import static org.apache.spark.sql.types.DataTypes.ByteType;
import static org.apache.spark.sql.types.DataTypes.DoubleType;
import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;
import static org.apache.spark.sql.types.DataTypes.TimestampType;
import static org.apache.spark.sql.types.DataTypes.createArrayType;

import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.rookery.contract.schema.Column;
import org.rookery.contract.schema.ColumnType;
import org.rookery.contract.schema.DrawFactsColumns;
import org.rookery.contract.schema.DrawRules;
import org.rookery.contract.schema.Duplicates;
import org.rookery.contract.schema.Endgames;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.Matches;
import org.rookery.contract.schema.Rejected;
import org.rookery.contract.schema.Tablebase;
import org.rookery.contract.schema.Tables;

/**
 * The Parquet table schemas of docs/schema.md as Spark types. {@code games}, {@code rejected} and
 * {@code matches} and the statistics and tablebase tables are built from their contract definitions
 * ({@link org.rookery.contract.schema}). Every job reads and writes through these, so imported PGN
 * and gauntlet results stay one table.
 */
public final class Schemas {
    private Schemas() {
    }

    /** Table directory names under the data root ({@link Tables}). */
    public static final String GAMES = Tables.GAMES;
    public static final String REJECTED = Tables.REJECTED;
    public static final String MATCHES = Tables.MATCHES;
    public static final String DRAW_RULES = Tables.DRAW_RULES;
    public static final String DRAW_RULES_SUMMARY = Tables.DRAW_RULES_SUMMARY;
    public static final String OPENINGS = Tables.OPENINGS;
    public static final String OPENINGS_BREAKDOWN = Tables.OPENINGS_BREAKDOWN;
    public static final String ENDGAMES = Tables.ENDGAMES;
    public static final String ENDGAMES_SUMMARY = Tables.ENDGAMES_SUMMARY;
    public static final String TABLEBASE = Tables.TABLEBASE;
    public static final String TABLEBASE_SUMMARY = Tables.TABLEBASE_SUMMARY;
    public static final String DUPLICATES = Tables.DUPLICATES;

    /** Partition column of {@code games}, {@code rejected} and {@code matches}. */
    public static final String COLLECTION = Tables.COLLECTION;

    /** Column of {@code games} holding the draw-rule facts ingestion found while replaying. */
    public static final String DRAW_FACTS = Games.DRAW_FACTS;

    /**
     * The draw-rule facts of a game as ingestion stores them (see
     * {@link org.rookery.core.rules.DrawFacts}): plies are null where the rule never applied.
     * Null for games written without them (the gauntlet sink); {@code draw-rules} replays those.
     */
    public static final StructType DRAW_FACTS_TYPE = (StructType) sparkType(DrawFactsColumns.TYPE);

    /** The {@code games} table, one row per game; {@code collection} is its partition column. */
    public static final StructType GAMES_SCHEMA = struct(Games.SCHEMA.columns());

    /**
     * Parquet column paths of {@code games} whose values almost never repeat (keys, clocks,
     * evaluations, the PGN text): a dictionary for them costs time and saves nothing.
     */
    public static final String[] UNIQUE_VALUE_COLUMNS = Games.uniqueValueColumns().toArray(new String[0]);

    /** The {@code rejected} table: games that failed to parse or replay, never dropped silently. */
    public static final StructType REJECTED_SCHEMA = struct(Rejected.SCHEMA.columns());

    /** The {@code matches} table: the sink's copy of {@code rookery.matches}. */
    public static final StructType MATCHES_SCHEMA = struct(Matches.SCHEMA.columns());

    /** One row per counted SPSA pair, from {@code rookery.spsa}; {@code collection} (the run id) is the partition column. */
    public static final StructType SPSA_SCHEMA = struct(org.rookery.contract.schema.Spsa.SCHEMA.columns());

    /** Directory name of the {@code spsa} table. */
    public static final String SPSA = Tables.SPSA;

    /** Longest {@code raw_text} kept in {@code rejected}, in chars. */
    public static final int MAX_RAW_TEXT = Rejected.MAX_RAW_TEXT;

    /** Per-game draw-rule facts; see {@link org.rookery.core.rules.DrawFacts}. */
    public static final StructType DRAW_RULES_SCHEMA = struct(DrawRules.SCHEMA.columns());

    /** Per-game first entry into an endgame of at most N pieces. */
    public static final StructType ENDGAMES_SCHEMA = struct(Endgames.SCHEMA.columns());

    /** One row per stored tablebase position; {@code material} is the partition column. */
    public static final StructType TABLEBASE_SCHEMA = struct(Tablebase.SCHEMA.columns());

    /** One row per game that repeats another, naming the game kept in its place. */
    public static final StructType DUPLICATES_SCHEMA = struct(Duplicates.SCHEMA.columns());

    /** The Spark form of contract columns, in their order. */
    public static StructType struct(List<Column> columns) {
        StructField[] fields = new StructField[columns.size()];
        for (int i = 0; i < fields.length; i++) {
            Column c = columns.get(i);
            fields[i] = field(c.name(), sparkType(c.type()), c.nullable());
        }
        return new StructType(fields);
    }

    /** The Spark type of a contract column type. */
    public static DataType sparkType(ColumnType t) {
        if (t instanceof ColumnType.ListOf l) {
            return createArrayType(sparkType(l.element()), l.containsNull());
        }
        if (t instanceof ColumnType.StructOf s) {
            return struct(s.fields());
        }
        return switch ((ColumnType.Scalar) t) {
            case STRING -> StringType;
            case INT -> IntegerType;
            case BIGINT -> LongType;
            case TINYINT -> ByteType;
            case BOOLEAN -> BooleanType;
            case DOUBLE -> DoubleType;
            case TIMESTAMP -> TimestampType;
        };
    }

    private static StructField field(String name, DataType type, boolean nullable) {
        return new StructField(name, type, nullable, org.apache.spark.sql.types.Metadata.empty());
    }
}
