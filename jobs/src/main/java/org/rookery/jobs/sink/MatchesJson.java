package org.rookery.jobs.sink;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.get_json_object;
import static org.apache.spark.sql.functions.udf;
import static org.apache.spark.sql.functions.when;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataTypes;
import org.rookery.contract.ContractException;
import org.rookery.contract.games.CollectionName;
import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;
import org.rookery.contract.schema.Matches;
import org.rookery.jobs.spark.Schemas;

/**
 * The {@code rookery.matches} record values, for the {@code matches} table: each definition the
 * contract can read ({@link MatchDefinitionCodec#read}) becomes a row of its match id and its JSON
 * text; any other goes to {@code rejected} with the reason, in the shape {@link GamesJson#rejected} splits.
 */
public final class MatchesJson {
    private MatchesJson() {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final UserDefinedFunction REASON = udf((UDF1<String, String>) MatchesJson::reason, DataTypes.StringType);

    /** Why a record value is not a usable match definition, in one line; null when it is one. */
    static String reason(String value) {
        if (value == null) return "empty record value";
        try {
            MatchDefinition d = MatchDefinitionCodec.read(null, MAPPER.readTree(value));
            return CollectionName.isSafe(d.matchId()) ? null : "match_id is not a safe collection name";
        } catch (ContractException e) {
            return e.getMessage();
        } catch (java.io.IOException e) {
            return "malformed JSON";
        }
    }

    /** The records with {@code match_id}, {@code definition}, {@code collection} and the columns rejection needs. */
    public static Dataset<Row> parse(Dataset<Row> records) {
        Dataset<Row> raw = records.select(col("value").cast("string").as(GamesJson.RAW), col("topic"),
                col("partition").cast("int").as("partition"), col("offset").cast("long").as("offset"));
        return raw.select(get_json_object(col(GamesJson.RAW), "$." + Matches.MATCH_ID).as(Matches.MATCH_ID),
                col(GamesJson.RAW).as(Matches.DEFINITION),
                when(REASON.apply(col(GamesJson.RAW)).isNull(), get_json_object(col(GamesJson.RAW), "$." + Matches.MATCH_ID))
                        .as(Schemas.COLLECTION),
                REASON.apply(col(GamesJson.RAW)).as(GamesJson.ERROR), col(GamesJson.RAW), col("topic"), col("partition"),
                col("offset"));
    }

    /**
     * The good definitions as {@code matches} rows, one per match in the batch: a match id is a hash
     * of the definition, so two records of one id differ at most in {@code created_at}.
     */
    public static Dataset<Row> matches(Dataset<Row> parsed) {
        return parsed.where(col(GamesJson.ERROR).isNull()).dropDuplicates(Matches.MATCH_ID)
                .select(col(Matches.MATCH_ID), col(Matches.DEFINITION), col(Schemas.COLLECTION));
    }
}
