package org.rookery.jobs.sink;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.from_json;
import static org.apache.spark.sql.functions.when;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
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
import org.rookery.contract.schema.Spsa;
import org.rookery.jobs.spark.Schemas;

import static org.apache.spark.sql.functions.udf;

/**
 * The {@code rookery.spsa} record values (the tune driver's log), for the {@code spsa} table: each
 * {@code result} record becomes a row; {@code probe} records (pairs handed out) are the driver's
 * own and are not rows; anything the table cannot hold goes to {@code rejected} with the reason, in
 * the shape {@link GamesJson#rejected} splits.
 */
public final class SpsaJson {
    private SpsaJson() {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TYPE = "type";
    private static final UserDefinedFunction REASON = udf((UDF1<String, String>) SpsaJson::reason, DataTypes.StringType);

    /** The JSON shape: the table's columns but the partition column, and the record type. */
    static final StructType JSON_SCHEMA;

    static {
        StructField[] fields = Arrays.stream(Schemas.SPSA_SCHEMA.fields())
                .filter(f -> !f.name().equals(Schemas.COLLECTION)).toArray(StructField[]::new);
        JSON_SCHEMA = new StructType(fields).add(TYPE, DataTypes.StringType);
    }

    /** Why a record value is not a usable log record, in one line; null when it is one. */
    static String reason(String value) {
        if (value == null) return "empty record value";
        JsonNode o;
        try {
            o = MAPPER.readTree(value);
        } catch (java.io.IOException e) {
            return "malformed JSON";
        }
        if (o == null || !o.isObject()) return "a spsa record must be a JSON object";
        String type = o.path(TYPE).asText("");
        if (!type.equals("probe") && !type.equals("result")) return "\"type\" must be probe or result";
        if (!o.path(Spsa.RUN_ID).isTextual() || !CollectionName.isSafe(o.path(Spsa.RUN_ID).asText())) return "run_id is not a safe collection name";
        if (!o.path(Spsa.ITERATION).canConvertToInt() || o.path(Spsa.ITERATION).asInt() < 1) return "iteration must be a positive whole number";
        int n = o.path(Spsa.PARAMETERS).size();
        if (n == 0) return "parameters must be a non-empty array";
        String[] perParameter = type.equals("result")
                ? new String[] {Spsa.DELTA, Spsa.C_K, Spsa.THETA_PLAYED, Spsa.PLUS, Spsa.MINUS, Spsa.THETA_BEFORE, Spsa.THETA_AFTER}
                : new String[] {Spsa.DELTA, Spsa.C_K, Spsa.THETA_PLAYED, Spsa.PLUS, Spsa.MINUS};
        for (String f : perParameter) {
            if (!o.path(f).isArray() || o.path(f).size() != n) return f + " must hold one value per parameter (" + n + ")";
        }
        if (type.equals("result") && (!o.path(Spsa.RESULT).canConvertToInt() || Math.abs(o.path(Spsa.RESULT).asInt()) > 2)) {
            return "result must be a whole number in -2..2";
        }
        if (type.equals("result") && !o.path(Spsa.GAME_IDS).isArray()) return "game_ids must be an array";
        return null;
    }

    /** The records with the table's columns, {@code type}, and the columns rejection needs. */
    public static Dataset<Row> parse(Dataset<Row> records) {
        Dataset<Row> raw = records.select(col("value").cast("string").as(GamesJson.RAW), col("topic"),
                col("partition").cast("int").as("partition"), col("offset").cast("long").as("offset"));
        Dataset<Row> withReason = raw.withColumn(GamesJson.ERROR, REASON.apply(col(GamesJson.RAW)))
                .withColumn("s", from_json(col(GamesJson.RAW), JSON_SCHEMA, Map.of("mode", "PERMISSIVE")));
        return withReason.select(col("s.*"), col(GamesJson.ERROR), col(GamesJson.RAW), col("topic"), col("partition"), col("offset"),
                when(col(GamesJson.ERROR).isNull(), col("s." + Spsa.RUN_ID)).as(Schemas.COLLECTION));
    }

    /** The good result records as {@code spsa} rows, one per (run, iteration): the driver commits each result once. */
    public static Dataset<Row> rows(Dataset<Row> parsed) {
        Column[] cols = Arrays.stream(Schemas.SPSA_SCHEMA.fields()).map(f -> col(f.name())).toArray(Column[]::new);
        return parsed.where(col(GamesJson.ERROR).isNull().and(col(TYPE).equalTo("result")))
                .dropDuplicates(Spsa.RUN_ID, Spsa.ITERATION).select(cols);
    }
}
