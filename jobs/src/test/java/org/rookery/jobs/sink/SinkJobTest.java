package org.rookery.jobs.sink;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.streaming.MemoryStream;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;
import scala.Option;
import scala.Tuple4;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The sink's parsing and its restart guarantees, on a replayable in-memory source standing in for
 * Kafka: a stopped or crashed query restarted from its checkpoint must neither lose nor duplicate
 * rows. {@link SinkRestartOnKafkaTest} does the same against a real broker, with aborted
 * transactions and a killed sink JVM.
 */
class SinkJobTest {
    @TempDir
    Path dir;

    /** A {@code rookery.games} value as the workers write it. */
    static String game(String match, int pair, int inPair) {
        ObjectNode o = GameValues.identity(match, pair, inPair);
        o.put("event", "gauntlet");
        o.put("date", "2026.11.30");
        o.put("round", "1");
        o.put("white", "a");
        o.put("black", "b");
        o.put("result", "1/2-1/2");
        o.putNull("white_elo");
        o.put("time_control", "10+0.1");
        o.put("termination", "threefold_repetition");
        o.put("start_fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        o.put("ply_count", 8);
        ArrayNode moves = o.putArray("moves_uci");
        for (String m : new String[] {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}) {
            moves.add(m);
        }
        ArrayNode keys = o.putArray("zobrist");
        for (int i = 0; i < 9; i++) {
            keys.add(0x463b96181691fc9cL + i);
        }
        ArrayNode clock = o.putArray("clock_ms");
        for (int i = 0; i < 8; i++) {
            if (i == 3) {
                clock.addNull();
            } else {
                clock.add(10_000L - i);
            }
        }
        o.put("white_engine_id", "a");
        o.put("black_engine_id", "b");
        o.put("worker_id", "w1");
        o.put("started_at", "2026-11-30T10:00:00Z");
        o.put("finished_at", "2026-11-30T10:00:05.250Z");
        o.put("pgn", "[Event \"gauntlet\"]\n\n1. Nf3 Nf6 *");
        return o.toString();
    }

    private static final class Source {
        final MemoryStream<Tuple4<String, String, Integer, Long>> stream;
        long offset;

        Source(SparkSession spark) {
            stream = new MemoryStream<>(1, spark.sqlContext(), Option.empty(),
                    Encoders.tuple(Encoders.STRING(), Encoders.STRING(), Encoders.INT(), Encoders.LONG()));
        }

        Dataset<Row> records() {
            return stream.toDF().toDF("value", "topic", "partition", "offset");
        }

        void add(String... values) {
            addTo("rookery.games", values);
        }

        void addTo(String topic, String... values) {
            List<Tuple4<String, String, Integer, Long>> batch = new ArrayList<>();
            for (String v : values) {
                batch.add(new Tuple4<>(v, topic, 0, offset++));
            }
            stream.addData(CollectionConverters.asScala(batch));
        }
    }

    private static final String[][] BATCHES = {
        {game("m-1", 0, 0), game("m-1", 0, 1), "{not json"},
        {game("m-1", 1, 0), game("m-2", 0, 0), game("m-2", 0, 0)},
        {game("m-2", 0, 1), "{\"game_id\": \"x/0/0\", \"source\": \"gauntlet\", \"ply_count\": 0}"},
    };

    private Map<String, Long> gameCounts(SparkSession spark, String data) {
        Map<String, Long> counts = new TreeMap<>();
        for (Row r : spark.read().parquet(Tables.path(data, Schemas.GAMES)).groupBy("game_id").count().collectAsList()) {
            counts.put(r.getString(0), r.getLong(1));
        }
        return counts;
    }

    @Test
    void restartsNeitherLoseNorDuplicate() throws Exception {
        SparkSession spark = TestSpark.get();
        String data = dir.resolve("data").toString();
        SinkJob.Options o = new SinkJob.Options(data, dir.resolve("cp").toString(), 0, false);

        Source first = new Source(spark);
        StreamingQuery q = SinkJob.start(first.records(), o);
        first.add(BATCHES[0]);
        q.processAllAvailable();
        first.add(BATCHES[1]);
        q.processAllAvailable();
        q.stop();
        Map<String, Long> afterTwo = gameCounts(spark, data);
        assertEquals(Map.of("m-1/0/0", 1L, "m-1/0/1", 1L, "m-1/1/0", 1L, "m-2/0/0", 1L), afterTwo);

        // Restart on the same checkpoint: the source replays the same records at the same offsets.
        Source second = new Source(spark);
        second.add(BATCHES[0]);
        second.add(BATCHES[1]);
        q = SinkJob.start(second.records(), o);
        second.add(BATCHES[2]);
        q.processAllAvailable();
        q.stop();
        Map<String, Long> afterThree = gameCounts(spark, data);
        assertEquals(5, afterThree.size());
        afterThree.values().forEach(c -> assertEquals(1L, c));

        Dataset<Row> rejected = spark.read().parquet(Tables.path(data, Schemas.REJECTED));
        assertEquals(2, rejected.count());
        Row bad = rejected.where(col("game_number").equalTo(2)).first();
        assertEquals("kafka:rookery.games/0", bad.getAs("source_file"));
        assertTrue(((String) bad.getAs("reason")).contains("malformed JSON"));
        assertEquals("{not json", bad.getAs("raw_text"));
        assertEquals("rookery.games", bad.getAs("collection"));
        assertEquals(1, rejected.where(col("reason").equalTo("no collection")).count());

        Row g = spark.read().parquet(Tables.path(data, Schemas.GAMES)).where(col("game_id").equalTo("m-1/0/1")).first();
        assertEquals("m-1", g.getAs("collection"));
        assertEquals(8, (int) g.getAs("ply_count"));
        List<Long> clock = g.getList(g.fieldIndex("clock_ms"));
        assertEquals(null, clock.get(3));
        assertEquals(9_999L, clock.get(1));
        assertEquals(java.time.Instant.parse("2026-11-30T10:00:05.250Z"), ((Timestamp) g.getAs("finished_at")).toInstant());
        assertTrue(Files.list(dir.resolve("data").resolve("_sink_staging")).allMatch(p -> {
            try (var s = Files.list(p)) {
                return s.findAny().isEmpty();
            } catch (java.io.IOException e) {
                return false;
            }
        }), "no staging left behind");
    }

    @Test
    void aBatchReRunAfterACrashReplacesItsOwnFiles() throws Exception {
        SparkSession spark = TestSpark.get();
        String data = dir.resolve("data").toString();
        SinkJob.Options o = new SinkJob.Options(data, dir.resolve("cp").toString(), 0, false);
        BatchWriter real = new BatchWriter(data, o.checkpoint());
        // Dies after batch 1's files are in place but before Spark records the batch as done.
        VoidFunction2<Dataset<Row>, Long> crashing = (df, id) -> {
            real.call(df, id);
            if (id == 1) {
                throw new IllegalStateException("simulated crash after writing batch 1");
            }
        };
        Source first = new Source(spark);
        StreamingQuery q = SinkJob.start(first.records(), o, crashing);
        first.add(BATCHES[0]);
        q.processAllAvailable();
        first.add(BATCHES[1]);
        assertThrows(Exception.class, q::processAllAvailable);
        q.stop();
        assertEquals(4, gameCounts(spark, data).size(), "batch 1 was written before the crash");

        Source second = new Source(spark);
        second.add(BATCHES[0]);
        second.add(BATCHES[1]);
        q = SinkJob.start(second.records(), o);
        q.processAllAvailable();
        second.add(BATCHES[2]);
        q.processAllAvailable();
        q.stop();
        Map<String, Long> counts = gameCounts(spark, data);
        assertEquals(5, counts.size());
        counts.values().forEach(c -> assertEquals(1L, c, "no game twice: " + counts));
        assertEquals(2, spark.read().parquet(Tables.path(data, Schemas.REJECTED)).count());
    }

    /** Issue #16: a record with no moves, ply_count 1 and a collection climbing out of the table was taken as a game. */
    @Test
    void recordsTheContractRefusesGoToRejectedAndDefinitionsToMatches() throws Exception {
        SparkSession spark = TestSpark.get();
        String data = dir.resolve("data").toString();
        SinkJob.Options o = new SinkJob.Options(data, dir.resolve("cp").toString(), 0, false);
        String escaping = "{\"game_id\": \"x/0/0\", \"source\": \"gauntlet\", \"collection\": \"../../../tmp/x\", "
                + "\"ply_count\": 1}";
        String noMoves = game("m-3", 0, 0).replace("\"ply_count\":8", "\"ply_count\":1");
        String definition = "{\"match_id\":\"m-0123456789abcdef\",\"engines\":[{\"name\":\"a\",\"tc\":\"10+0.1\"},"
                + "{\"name\":\"b\",\"tc\":\"10+0.1\"}],\"pairs\":4,\"sprt\":null,\"created_at\":\"2026-11-30T10:00:00Z\"}";
        Source source = new Source(spark);
        StreamingQuery q = SinkJob.start(source.records(), o);
        source.add(game("m-1", 0, 0), escaping, noMoves);
        source.addTo("rookery.matches", definition, "{\"engines\": 3}");
        q.processAllAvailable();
        q.stop();

        assertEquals(Map.of("m-1/0/0", 1L), gameCounts(spark, data));
        Dataset<Row> rejected = spark.read().parquet(Tables.path(data, Schemas.REJECTED));
        assertEquals(3, rejected.count());
        Row escaped = rejected.where(col("game_number").equalTo(1)).first();
        assertTrue(((String) escaped.getAs("reason")).startsWith("collection \"../../../tmp/x\" is not a safe name"));
        assertEquals("rookery.games", escaped.getAs("collection"), "a rejected row stays inside the table");
        assertEquals("ply_count 1 but moves_uci has 8 moves",
                rejected.where(col("game_number").equalTo(2)).first().getAs("reason"));
        Row badDefinition = rejected.where(col("source_file").equalTo("kafka:rookery.matches/0")).first();
        assertEquals("\"engines\" must be an array", badDefinition.getAs("reason"));
        try (var tmp = Files.list(dir.resolve("data"))) {
            assertTrue(tmp.noneMatch(p -> p.getFileName().toString().contains("tmp")), "nothing written outside the tables");
        }

        List<Row> matches = spark.read().parquet(Tables.path(data, Schemas.MATCHES)).collectAsList();
        assertEquals(1, matches.size());
        assertEquals("m-0123456789abcdef", matches.get(0).getAs("match_id"));
        assertEquals(definition, matches.get(0).getAs("definition"));
        assertEquals("m-0123456789abcdef", matches.get(0).getAs("collection"));
    }

    @Test
    void countedSpsaPairsGoToTheSpsaTableOnceAndProbesNowhere() throws Exception {
        SparkSession spark = TestSpark.get();
        String data = dir.resolve("data-spsa").toString();
        SinkJob.Options o = new SinkJob.Options(data, dir.resolve("cp-spsa").toString(), 0, false);
        String common = "\"run_id\":\"m-00000000000000aa\",\"iteration\":3,\"pairs\":10,\"parameters\":[\"X\",\"Y\"],"
                + "\"delta\":[1,-1],\"c_k\":[4.5,0.25],\"theta_played\":[50.0,1.5],\"plus\":[55.0,1.25],\"minus\":[46.0,1.75]";
        String probe = "{\"type\":\"probe\"," + common + "}";
        String result = "{\"type\":\"result\"," + common + ",\"result\":-1,\"theta_before\":[51.0,1.5],\"theta_after\":[50.5,1.52],"
                + "\"game_ids\":[\"m-00000000000000aa/2/0\",\"m-00000000000000aa/2/1\"]}";
        String bad = "{\"type\":\"result\"," + common.replace("\"plus\":[55.0,1.25]", "\"plus\":[55.0]") + ",\"result\":1}";
        Source source = new Source(spark);
        StreamingQuery q = SinkJob.start(source.records(), o);
        source.addTo("rookery.spsa", probe, result, result, bad);
        q.processAllAvailable();
        q.stop();

        List<Row> rows = spark.read().parquet(Tables.path(data, Schemas.SPSA)).collectAsList();
        assertEquals(1, rows.size(), "the result once; the probe is not a row");
        Row r = rows.get(0);
        assertEquals("m-00000000000000aa", r.getAs("run_id"));
        assertEquals(3, (int) r.getAs("iteration"));
        assertEquals(List.of("X", "Y"), r.getList(r.fieldIndex("parameters")));
        assertEquals(List.of(1, -1), r.getList(r.fieldIndex("delta")));
        assertEquals(List.of(51.0, 1.5), r.getList(r.fieldIndex("theta_before")));
        assertEquals(List.of(50.5, 1.52), r.getList(r.fieldIndex("theta_after")));
        assertEquals(-1, (int) r.getAs("result"));
        assertEquals("m-00000000000000aa", r.getAs("collection"));
        Row rejected = spark.read().parquet(Tables.path(data, Schemas.REJECTED)).first();
        assertEquals("plus must hold one value per parameter (2)", rejected.getAs("reason"));
        assertEquals("kafka:rookery.spsa/0", rejected.getAs("source_file"));
    }
}
