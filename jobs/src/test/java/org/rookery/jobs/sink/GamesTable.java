package org.rookery.jobs.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.contract.schema.Games;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/** Reads the sink's {@code games} table and checks its rows against their sources. */
final class GamesTable {
    private GamesTable() {
    }

    /** game_id -> rows in the games table (empty while there is no table). */
    static Map<String, Long> counts(SparkSession spark, Path data) {
        Map<String, Long> counts = new TreeMap<>();
        if (!Files.isDirectory(data.resolve(Schemas.GAMES))) {
            return counts;
        }
        for (Row r : spark.read().parquet(Tables.path(data.toString(), Schemas.GAMES)).groupBy("game_id").count().collectAsList()) {
            counts.put(r.getString(0), r.getLong(1));
        }
        return counts;
    }

    /** Every row of the table. */
    static List<Row> rows(SparkSession spark, Path data) {
        return spark.read().parquet(Tables.path(data.toString(), Schemas.GAMES)).collectAsList();
    }

    /** A row equals the JSON record it was written from, column by column. */
    static void assertSameValues(ObjectNode expected, Row r) {
        String id = r.getAs("game_id");
        assertTrue(expected != null, id + " was never committed");
        for (StructField f : Schemas.GAMES_SCHEMA.fields()) {
            String where = id + " " + f.name();
            int i = r.fieldIndex(f.name());
            JsonNode e = expected.get(f.name());
            if (f.name().equals(Games.RECORD_OFFSET)) {
                // Not in the record: the sink's, where the record sat on its topic.
                assertTrue(!r.isNullAt(i), where + " should be the record's offset, is null");
            } else if (e == null || e.isNull()) {
                assertTrue(r.isNullAt(i), where + " should be null, is " + r.get(i));
            } else if (f.dataType() instanceof ArrayType a) {
                List<Object> actual = r.getList(i);
                assertEquals(e.size(), actual.size(), where);
                for (int k = 0; k < e.size(); k++) {
                    assertEquals(scalar(e.get(k), a.elementType()), actual.get(k), where + "[" + k + "]");
                }
            } else if (f.dataType().equals(DataTypes.TimestampType)) {
                assertEquals(Instant.parse(e.asText()), ((Timestamp) r.get(i)).toInstant(), where);
            } else {
                assertEquals(scalar(e, f.dataType()), r.get(i), where);
            }
        }
    }

    private static Object scalar(JsonNode v, DataType t) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (t.equals(DataTypes.IntegerType)) {
            return v.asInt();
        }
        if (t.equals(DataTypes.LongType)) {
            return v.asLong();
        }
        return v.asText();
    }

    /**
     * A gauntlet row agrees with its own PGN, replayed by the rules core: the PGN replays legally,
     * its Result tag, result token and players are the row's, and the row's UCI moves replay from
     * {@code start_fen} through the row's Zobrist keys to the PGN's final position.
     */
    static void assertAgreesWithPgn(Row r) throws Exception {
        String id = r.getAs("game_id");
        String result = r.getAs("result");
        int plies = r.getAs("ply_count");
        PgnGame pgn = new PgnGame();
        try (PgnReader reader = new PgnReader(new ByteArrayInputStream(((String) r.getAs("pgn")).getBytes(StandardCharsets.UTF_8)), id,
                e -> {
                    throw new AssertionError(id + ": " + e);
                })) {
            assertTrue(reader.next(pgn), id + ": no game in the PGN");
        }
        GameReplay replay = new GameReplay();
        assertTrue(replay.replay(pgn), id + ": " + replay.error());
        assertEquals(plies, replay.plies(), id + " ply_count");
        assertEquals(result, pgn.tag("Result"), id + " Result tag");
        assertEquals(result, pgn.result(), id + " result token");
        assertEquals(r.getAs("white"), pgn.tag("White"), id);
        assertEquals(r.getAs("black"), pgn.tag("Black"), id);

        List<String> moves = r.getList(r.fieldIndex("moves_uci"));
        List<Long> keys = r.getList(r.fieldIndex("zobrist"));
        assertEquals(plies, moves.size(), id + " moves_uci");
        assertEquals(plies + 1, keys.size(), id + " zobrist");
        Position pos = Position.fromFen(r.getAs("start_fen"));
        Uci uci = new Uci();
        assertEquals(pos.key(), (long) keys.get(0), id + " zobrist[0]");
        for (int i = 0; i < plies; i++) {
            pos.makeMove(uci.parse(pos, moves.get(i)));
            assertEquals(pos.key(), (long) keys.get(i + 1), id + " zobrist[" + (i + 1) + "]");
        }
        assertEquals(replay.position().key(), pos.key(), id + ": the PGN and the UCI moves end in different positions");
        if ("checkmate".equals(r.getAs("termination"))) {
            assertTrue(pos.isCheckmate(), id + " checkmate");
            assertEquals(pos.sideToMove() == 0 ? "0-1" : "1-0", result, id);
        }
    }
}
