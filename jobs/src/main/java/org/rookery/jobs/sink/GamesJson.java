package org.rookery.jobs.sink;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.from_json;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.substring;
import static org.apache.spark.sql.functions.udf;
import static org.apache.spark.sql.functions.when;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.rookery.contract.games.CollectionName;
import org.rookery.contract.games.GameChecks;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.Rejected;
import org.rookery.jobs.spark.Schemas;

/**
 * The {@code rookery.games} record values of docs/schema.md, parsed with Spark SQL: JSON objects
 * holding exactly the columns of the {@code games} table, timestamps as ISO-8601 strings. Each value
 * is checked against the contract ({@link GameChecks}); one that fails goes to {@code rejected}
 * with the one-line reason. Works on
 * any rows with {@code value} (string or bytes), {@code topic}, {@code partition} and
 * {@code offset} columns, the Kafka source's among them, so it is tested without a broker.
 */
public final class GamesJson {
    private GamesJson() {
    }

    /** Column holding why a record is not a usable game (null for a good one). */
    public static final String ERROR = "_error";
    static final String RAW = "_raw";

    /** The contract's reason a record value is not a usable game, null for a good one. */
    private static final UserDefinedFunction REASON =
            udf((UDF1<String, String>) GameChecks::reason, DataTypes.StringType);
    /** Whether a collection can name a partition directory. */
    static final UserDefinedFunction SAFE_COLLECTION =
            udf((UDF1<String, Boolean>) CollectionName::isSafe, DataTypes.BooleanType).asNonNullable();

    /** The JSON shape: the games schema with the timestamps as strings. */
    static final StructType JSON_SCHEMA;

    static {
        StructField[] fields = Schemas.GAMES_SCHEMA.fields().clone();
        for (int i = 0; i < fields.length; i++) {
            StructField f = fields[i];
            boolean ts = f.dataType().equals(DataTypes.TimestampType);
            fields[i] = new StructField(f.name(), ts ? DataTypes.StringType : f.dataType(), true, f.metadata());
        }
        JSON_SCHEMA = new StructType(fields);
    }

    /**
     * Parses records into the games columns plus {@value #ERROR}, {@code topic}, {@code partition},
     * {@code offset} and the raw value, for {@link #games} and {@link #rejected} to split.
     */
    public static Dataset<Row> parse(Dataset<Row> records) {
        Dataset<Row> parsed = records.select(
                col("value").cast("string").as(RAW),
                col("topic"),
                col("partition").cast("int").as("partition"),
                col("offset").cast("long").as("offset"),
                from_json(col("value").cast("string"), JSON_SCHEMA, Map.of("mode", "PERMISSIVE")).as("g"));
        // The contract's checks decide; the second test catches a value Spark's JSON reader could not
        // read although the checks passed, so no row without a game_id reaches games.
        Column error = when(col(RAW).isNull(), lit("empty record value"))
                .otherwise(coalesce(REASON.apply(col(RAW)),
                        when(col("g").isNull().or(col("g." + Games.GAME_ID).isNull()),
                                lit("not a rookery.games record: unreadable JSON or no game_id"))));
        List<Column> out = new ArrayList<>();
        for (StructField f : Schemas.GAMES_SCHEMA.fields()) {
            Column c = col("g." + f.name());
            if (f.name().equals(Games.RECORD_OFFSET)) {
                // Not in the record: where it sits on its topic, the order every reader met the match's games in.
                c = col("offset");
            } else if (f.dataType().equals(DataTypes.TimestampType)) {
                c = c.cast("timestamp");
            }
            out.add(c.as(f.name()));
        }
        out.add(error.as(ERROR));
        out.add(col(RAW));
        out.add(col("topic"));
        out.add(col("partition"));
        out.add(col("offset"));
        return parsed.select(out.toArray(new Column[0]));
    }

    /** The good records as {@code games} rows, one per {@code game_id}. */
    public static Dataset<Row> games(Dataset<Row> parsed) {
        Column[] cols = new Column[Schemas.GAMES_SCHEMA.fields().length];
        for (int i = 0; i < cols.length; i++) {
            cols[i] = col(Schemas.GAMES_SCHEMA.fields()[i].name());
        }
        return parsed.where(col(ERROR).isNull()).dropDuplicates(Games.GAME_ID).select(cols);
    }

    /**
     * The bad records as {@code rejected} rows: {@code source_file} names the topic and partition
     * ({@code kafka:rookery.games/3}), {@code game_number} is the offset, and the collection is the
     * record's own when it has a safe one, else the topic. Works on any parse of this shape
     * ({@link MatchesJson#parse} too).
     */
    public static Dataset<Row> rejected(Dataset<Row> parsed) {
        return parsed.where(col(ERROR).isNotNull()).select(
                concat(lit("kafka:"), col("topic"), lit("/"), col("partition").cast("string")).as(Rejected.SOURCE_FILE),
                col("offset").as(Rejected.GAME_NUMBER),
                lit(null).cast("long").as(Rejected.LINE),
                col(ERROR).as(Rejected.REASON),
                lit(Rejected.KIND_GAME).as(Rejected.KIND),
                substring(col(RAW), 1, Schemas.MAX_RAW_TEXT).as(Rejected.RAW_TEXT),
                when(SAFE_COLLECTION.apply(col(Schemas.COLLECTION)), col(Schemas.COLLECTION)).otherwise(col("topic"))
                        .as(Schemas.COLLECTION));
    }
}
