package org.rookery.jobs.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rookery.broker.KafkaBackend;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;

/**
 * The first real-broker case carried through to Parquet: a 20-game match submitted with
 * {@code rookery submit} and played by two {@code rookery worker} JVMs (Rookery's own engine at
 * low depth), streamed by the sink into the {@code games} table. Exactly the 20 games of the match
 * appear, each once; each row equals the worker's committed {@code rookery.games} record column by
 * column, and agrees with its own PGN as the rules core replays it.
 */
@Tag("kafka") // a real broker: .ci/run also runs the slow ones (./rookery test kafka)
class GauntletToParquetTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** The workers' registry: two built-in engines at fixed levels, nothing else allowed. */
    private Path quickEngines() throws IOException {
        return Files.writeString(dir.resolve("engines.yaml"), "allow_builtin: false\nengines:\n"
                + "  quick-a: {cmd: builtin, args: [--level, \"3\"]}\n"
                + "  quick-b: {cmd: builtin, args: [--level, \"1\"]}\n", StandardCharsets.UTF_8);
    }

    static List<String> backends() {
        return KafkaBackend.available();
    }

    @Tag("slow") // two worker JVMs, their engines and the sink: about a minute; ./rookery test slow
    @ParameterizedTest(name = "[{0}] 20 games from two worker JVMs: exactly 20 rows in Parquet, each matching its record and PGN")
    @MethodSource("backends")
    void twentyGamesLandInParquetOnce(String backendName) throws Exception {
        String workersClasspath = WorkersModule.classpath();
        SparkSession spark = TestSpark.get();
        Path data = dir.resolve("data");
        Path engines = quickEngines();
        String match;
        Map<String, ObjectNode> records;
        try (KafkaBackend kafka = KafkaBackend.start(backendName, dir.resolve("broker"))) {
            String boot = kafka.bootstrap();
            try (ChildJvm w1 = worker(workersClasspath, boot, engines, "gw1");
                 ChildJvm w2 = worker(workersClasspath, boot, engines, "gw2")) {
                w1.await("Worker gw1:", 60_000);
                w2.await("Worker gw2:", 60_000);
                try (ChildJvm submit = ChildJvm.workers(workersClasspath, dir.resolve("submit.log"), "submit", "--bootstrap", boot,
                        "-engine", "name=quick-a", "tc=10+0.1", "depth=2", "-engine", "name=quick-b", "tc=10+0.1", "depth=1",
                        "-rounds", "10", "-games", "2", "-repeat", "-srand", "20", "-maxmoves", "40")) {
                    match = submit.await("Submitted match (m-[0-9a-f]{16}): 10 pairs, 20 games", 60_000);
                }
                StreamingQuery q = SinkJob.start(SinkJob.kafka(spark, boot, SinkJob.TOPIC),
                        new SinkJob.Options(data.toString(), data.resolve("_checkpoints/sink").toString(), 2, false));
                try {
                    awaitRows(spark, data, match, 20, List.of(w1, w2), Duration.ofSeconds(240));
                    q.processAllAvailable();
                } finally {
                    q.stop();
                }
            }
            records = committedGames(boot, match);
        }

        Set<String> expected = new TreeSet<>();
        for (int pair = 0; pair < 10; pair++) {
            expected.add(match + "/" + pair + "/0");
            expected.add(match + "/" + pair + "/1");
        }
        assertEquals(expected, records.keySet(), "the committed records of the match");
        List<Row> rows = GamesTable.rows(spark, data).stream().filter(r -> match.equals(r.getAs(Schemas.COLLECTION))).toList();
        assertEquals(20, rows.size(), "rows of " + match);
        Set<String> ids = new TreeSet<>();
        for (Row r : rows) {
            assertTrue(ids.add(r.getAs("game_id")), "twice: " + r.getAs("game_id"));
            GamesTable.assertSameValues(records.get((String) r.getAs("game_id")), r);
            GamesTable.assertAgreesWithPgn(r);
            assertTrue(Set.of("gw1", "gw2").contains((String) r.getAs("worker_id")), (String) r.getAs("worker_id"));
        }
        assertEquals(expected, ids);
    }

    /**
     * A distributed match's live SPRT, as {@code submit --follow} applied it, is what {@code analyze sprt}
     * replays from the table: every game of the match sits on the one partition {@code GamePartition}
     * names, the sink keeps each record's offset, and the replay in that order gives the watcher's
     * counting order and its LLR after every game (two workers finishing pairs in any order).
     */
    @Tag("slow") // two worker JVMs and the sink, as above
    @ParameterizedTest(name = "[{0}] a distributed match's live SPRT equals analyze sprt at every game count")
    @MethodSource("backends")
    void analyzeSprtReplaysTheWatchersOrderOfADistributedMatch(String backendName) throws Exception {
        String workersClasspath = WorkersModule.classpath();
        SparkSession spark = TestSpark.get();
        Path data = dir.resolve("data");
        Path engines = quickEngines();
        String match, follow;
        Set<Integer> partitions = new TreeSet<>();
        try (KafkaBackend kafka = KafkaBackend.start(backendName, dir.resolve("broker"))) {
            String boot = kafka.bootstrap();
            try (ChildJvm w1 = worker(workersClasspath, boot, engines, "sw1");
                 ChildJvm w2 = worker(workersClasspath, boot, engines, "sw2")) {
                w1.await("Worker sw1:", 60_000);
                w2.await("Worker sw2:", 60_000);
                Path log = dir.resolve("submit.log");
                try (ChildJvm submit = ChildJvm.workers(workersClasspath, log, "submit", "--bootstrap", boot, "--follow",
                        "-engine", "name=quick-a", "tc=10+0.1", "depth=2", "-engine", "name=quick-b", "tc=10+0.1", "depth=1",
                        "-rounds", "16", "-games", "2", "-repeat", "-srand", "23", "-maxmoves", "40", "-ratinginterval", "1",
                        "-sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05")) {
                    match = submit.await("Submitted match (m-[0-9a-f]{16}): 16 pairs, 32 games", 60_000);
                    submit.await("Match " + match + ": \\d+ of 32 games, \\d+ rejected tasks, (complete|stopped)", 300_000);
                    follow = Files.readString(log, StandardCharsets.UTF_8);
                }
                StreamingQuery q = SinkJob.start(SinkJob.kafka(spark, boot, SinkJob.TOPIC),
                        new SinkJob.Options(data.toString(), data.resolve("_checkpoints/sink").toString(), 2, false));
                try {
                    int counted = Integer.parseInt(java.util.regex.Pattern.compile("Match " + match + ": (\\d+) of 32 games")
                            .matcher(follow).results().reduce((a, b) -> b).orElseThrow().group(1));
                    awaitRows(spark, data, match, counted, List.of(w1, w2), Duration.ofSeconds(240));
                    q.processAllAvailable();
                } finally {
                    q.stop();
                }
            }
            committedGames(boot, match, partitions);
        }
        assertEquals(Set.of(org.rookery.contract.games.GamePartition.of(match, 12)), partitions,
                "the partitions of rookery.games holding the match's games");
        LiveSprtLines.assertReplayed(follow, data, match);
    }

    private ChildJvm worker(String classpath, String boot, Path engines, String id) throws Exception {
        return ChildJvm.workers(classpath, dir.resolve(id + ".log"), "worker", "--bootstrap", boot, "--id", id,
                "--engines", engines.toString(), "--log", dir.resolve("logs").toString());
    }

    /** Waits until the table has {@code n} rows of the match, while the workers play. */
    private static void awaitRows(SparkSession spark, Path data, String match, int n, List<ChildJvm> workers, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long seen = 0;
        while (true) {
            try {
                seen = GamesTable.counts(spark, data).keySet().stream().filter(id -> id.startsWith(match + "/")).count();
                if (seen >= n) {
                    return;
                }
            } catch (Exception e) {
                // A file listed a moment ago was replaced by the sink, or the match's directory exists
                // before its first file (Spark's AnalysisException, a checked exception Scala does not
                // declare, "unable to infer schema"): read again.
            }
            for (ChildJvm w : workers) {
                if (!w.isAlive()) {
                    fail("a worker exited:\n" + w.tail());
                }
            }
            if (System.nanoTime() > deadline) {
                fail(seen + " of " + n + " games in the table after " + timeout + "; a worker's output:\n" + workers.get(0).tail());
            }
            Thread.sleep(500);
        }
    }

    /** The match's committed {@code rookery.games} records (read_committed, duplicates would fail). */
    private static Map<String, ObjectNode> committedGames(String bootstrap, String match) throws Exception {
        return committedGames(bootstrap, match, new TreeSet<>());
    }

    /** As {@link #committedGames(String, String)}, adding the partitions they are on to {@code partitions}. */
    private static Map<String, ObjectNode> committedGames(String bootstrap, String match, Set<Integer> partitions) throws Exception {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        Map<String, ObjectNode> out = new HashMap<>();
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> parts = c.partitionsFor(SinkJob.TOPIC, Duration.ofSeconds(30)).stream()
                    .map(i -> new TopicPartition(i.topic(), i.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            Map<TopicPartition, Long> end = c.endOffsets(parts, Duration.ofSeconds(30));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
                assertTrue(System.nanoTime() < deadline, "could not read " + SinkJob.TOPIC + " to its end");
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    if (r.key() != null && r.key().startsWith(match + "/")) {
                        partitions.add(r.partition());
                        ObjectNode g = (ObjectNode) JSON.readTree(r.value());
                        if (out.put(g.get("game_id").asText(), g) != null) {
                            fail("two committed records of " + g.get("game_id").asText());
                        }
                    }
                }
            }
        }
        return out;
    }
}
