package org.rookery.jobs.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
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
import org.rookery.jobs.spark.Tables;

/**
 * The "restart the sink; no row is lost or duplicated" against a real broker (the local
 * broker process always, Testcontainers' Kafka too where Docker runs). Games are committed by
 * transactional producers as worker slots commit them, with aborted transactions and a transaction
 * left open by a "killed" producer in between. The sink runs on one checkpoint in this JVM until
 * {@link StreamingQuery#stop()} while games arrive, and again later to the topic's end. The slow
 * variant puts a {@code rookery sink} JVM between the two, {@code kill -9}ed while it writes a
 * batch (after that batch's games files are in the table, before Spark records the batch as
 * done). The Parquet table must then hold every committed game exactly once, with the values it
 * was sent with, and nothing of an aborted transaction. The oracle is the set of records whose
 * transactions committed, kept by the test as it produces them.
 */
@Tag("kafka") // a real broker: .ci/run also runs the slow ones (./rookery test kafka)
class SinkRestartOnKafkaTest {
    private static final int PARTITIONS = 4;
    private static final String MATCH_1 = "m-00000000000000a1";
    private static final String MATCH_2 = "m-00000000000000b2";

    @TempDir
    Path dir;

    /** game_id -> the value of its committed record. */
    private final Map<String, ObjectNode> committed = new ConcurrentHashMap<>();
    /** game_ids only ever sent in aborted transactions. */
    private final Set<String> aborted = new HashSet<>();

    static List<String> backends() {
        return KafkaBackend.available();
    }

    @ParameterizedTest(name = "[{0}] sink stopped and restarted: every committed game once, no aborted one")
    @MethodSource("backends")
    void restartsNeitherLoseNorDuplicate(String backendName) throws Exception {
        run(backendName, false);
    }

    @Tag("slow") // a second Spark JVM's start-up and cold batches: ./rookery test slow
    @ParameterizedTest(name = "[{0}] sink stopped, killed -9 mid-batch as a JVM and restarted: every committed game once, no aborted one")
    @MethodSource("backends")
    void aKilledSinkJvmNeitherLosesNorDuplicates(String backendName) throws Exception {
        run(backendName, true);
    }

    /**
     * The whole scenario; {@code killJvm} adds step 2, the {@code rookery sink} JVM killed in the
     * middle of a batch, between the in-process runs.
     */
    private void run(String backendName, boolean killJvm) throws Exception {
        SparkSession spark = TestSpark.get();
        Path data = dir.resolve("data");
        // The default of `rookery sink`, which the sink process below uses too.
        Path checkpoint = data.resolve("_checkpoints").resolve("sink");
        SinkJob.Options streaming = new SinkJob.Options(data.toString(), checkpoint.toString(), 0, false);
        long[] junk;
        long t0 = System.nanoTime();
        try (KafkaBackend kafka = KafkaBackend.start(backendName, dir.resolve("broker"))) {
            String boot = kafka.bootstrap();
            GamesProducer.createTopic(boot, SinkJob.TOPIC, PARTITIONS);
            phase("broker up", t0);

            // 1. Committed and aborted transactions, and one committed record that is not a game.
            try (GamesProducer w1 = new GamesProducer(boot, "rookery-worker-w1-0")) {
                commit(w1, games(MATCH_1, 0, 2, "w1"));
                abort(w1, games(MATCH_1, 900, 2, "w1"));
                commit(w1, games(MATCH_1, 2, 2, "w1"));
                junk = w1.commitRaw("junk", "{not a game");

                // The sink in this JVM, stopped with StreamingQuery.stop() while games still arrive.
                StreamingQuery q = SinkJob.start(SinkJob.kafka(spark, boot, SinkJob.TOPIC), streaming);
                q.processAllAvailable();
                assertEquals(ones(committed.keySet()), GamesTable.counts(spark, data), "after the first batches");
                for (int pair = 4; pair < 7; pair++) {
                    commit(w1, games(MATCH_1, pair, 1, "w1"));
                }
                q.stop();
                phase("in-process sink stopped", t0);
                GamesTable.counts(spark, data).forEach((id, n) -> {
                    assertEquals(1L, n, "after stop(): " + id);
                    assertTrue(committed.containsKey(id), "after stop(): " + id + " was never committed");
                });

                // Games committed while no sink runs, and another aborted transaction.
                commit(w1, games(MATCH_1, 7, 3, "w1"));
                abort(w1, games(MATCH_1, 901, 1, "w1"));
            }

            // 2. `rookery sink` in its own JVM on the same checkpoint, killed -9 in the middle of a batch
            //    while a worker keeps committing games.
            if (killJvm) {
                killSinkJvm(spark, data, checkpoint, boot, t0);
            }

            // 3. A worker killed mid-transaction: its open transaction holds games that a restarted
            //    slot (same transactional id) replays. Fencing aborts the open one.
            GamesProducer zombie = new GamesProducer(boot, "rookery-worker-w3-0");
            List<ObjectNode> first = games(MATCH_2, 1000, 2, "w3-killed");
            zombie.leaveOpen(first);
            zombie.close();
            try (GamesProducer w3 = new GamesProducer(boot, "rookery-worker-w3-0")) {
                commit(w3, games(MATCH_2, 1000, 2, "w3-restarted"));
                commit(w3, games(MATCH_2, 1002, 2, "w3-restarted"));
            }

            // 4. The sink in this JVM once more, up to the topic's current end (`rookery sink --once`).
            StreamingQuery q = SinkJob.start(SinkJob.kafka(spark, boot, SinkJob.TOPIC),
                    new SinkJob.Options(data.toString(), checkpoint.toString(), 0, true));
            assertTrue(q.awaitTermination(180_000), "the final sink run did not reach the topic's end in 180 s");
            phase("final sink run done", t0);
        }

        // Every committed game exactly once, no aborted one, each with the values it was sent with.
        Map<String, Long> counts = GamesTable.counts(spark, data);
        counts.forEach((id, n) -> assertEquals(1L, n, id + " is in the table " + n + " times"));
        Set<String> missing = new TreeSet<>(committed.keySet());
        missing.removeAll(counts.keySet());
        assertEquals(Set.of(), missing, "committed games missing from the table");
        Set<String> extra = new TreeSet<>(counts.keySet());
        extra.removeAll(committed.keySet());
        assertEquals(Set.of(), extra, "games in the table that were never committed (aborted: " + aborted + ")");
        assertEquals(committed.size(), counts.size());
        List<Row> rows = GamesTable.rows(spark, data);
        assertEquals(committed.size(), rows.size());
        for (Row r : rows) {
            GamesTable.assertSameValues(committed.get((String) r.getAs("game_id")), r);
        }
        Row replayed = rows.stream().filter(r -> r.getAs("game_id").equals(MATCH_2 + "/1000/1")).findFirst().orElseThrow();
        assertEquals("w3-restarted", replayed.getAs("worker_id"), "the replay, not the killed slot's attempt");
        assertEquals(MATCH_2, replayed.getAs(Schemas.COLLECTION));

        List<Row> rejected = spark.read().parquet(Tables.path(data.toString(), Schemas.REJECTED)).collectAsList();
        assertEquals(1, rejected.size(), rejected.toString());
        assertEquals("{not a game", rejected.get(0).getAs("raw_text"));
        assertEquals("kafka:" + SinkJob.TOPIC + "/" + junk[0], rejected.get(0).getAs("source_file"));
        assertEquals(junk[1], (long) rejected.get(0).getAs("game_number"));
        try (Stream<Path> left = Files.walk(data.resolve("_sink_staging"))) {
            assertEquals(List.of(), left.filter(Files::isRegularFile).toList(), "staging files left behind");
        }
    }

    private void killSinkJvm(SparkSession spark, Path data, Path checkpoint, String boot, long t0) throws Exception {
        try (ChildJvm sink = ChildJvm.sink(dir.resolve("sink.log"), "--bootstrap", boot, "--data", data.toString(),
                "--master", "local[1]", "--trigger-seconds", "1")) {
            awaitGames(spark, data, Set.copyOf(committed.keySet()), sink, Duration.ofSeconds(180));
            phase("sink JVM caught up", t0);
            Feeder feeder = new Feeder(boot);
            feeder.start();
            long batch;
            try {
                // Only a batch planned after these games were committed is sure to hold some of them.
                feeder.awaitGames(10, Duration.ofSeconds(60));
                batch = awaitHalfWrittenBatch(data, lastBatch(checkpoint.resolve("offsets")) + 1, sink, Duration.ofSeconds(90));
                sink.kill9();
                phase("sink JVM killed", t0);
            } finally {
                feeder.finish();
            }
            assertTrue(feeder.games > 0, "no game was committed while the sink ran");
            assertTrue(Files.exists(checkpoint.resolve("offsets").resolve(String.valueOf(batch))), "batch " + batch + " was planned");
            assertFalse(Files.exists(checkpoint.resolve("commits").resolve(String.valueOf(batch))),
                    "the kill came after batch " + batch + " was recorded as done, so it did not hit a batch mid-way");
            assertTrue(batchFiles(data, batch) > 0, "batch " + batch + "'s games files were not in the table at the kill");
        }
    }

    /** Elapsed time at the end of each step, so a slow run shows where its time went. */
    private static void phase(String what, long t0) {
        System.err.printf("SinkRestartOnKafkaTest: %s after %.1f s%n", what, (System.nanoTime() - t0) / 1e9);
    }

    private void commit(GamesProducer p, List<ObjectNode> games) throws Exception {
        p.commit(games);
        for (ObjectNode g : games) {
            committed.put(g.get("game_id").asText(), g);
        }
    }

    private void abort(GamesProducer p, List<ObjectNode> games) throws Exception {
        p.abort(games);
        for (ObjectNode g : games) {
            aborted.add(g.get("game_id").asText());
        }
    }

    /** Both games of {@code pairs} pairs from {@code firstPair} on. */
    private static List<ObjectNode> games(String match, int firstPair, int pairs, String worker) {
        List<ObjectNode> out = new ArrayList<>();
        for (int pair = firstPair; pair < firstPair + pairs; pair++) {
            out.add(GameValues.game(match, pair, 0, worker));
            out.add(GameValues.game(match, pair, 1, worker));
        }
        return out;
    }

    private static Map<String, Long> ones(Set<String> ids) {
        Map<String, Long> m = new TreeMap<>();
        ids.forEach(id -> m.put(id, 1L));
        return m;
    }

    /** Waits until the table holds every game in {@code ids}, while the sink process writes it. */
    private static void awaitGames(SparkSession spark, Path data, Set<String> ids, ChildJvm sink, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, Long> seen = Map.of();
        while (true) {
            try {
                seen = GamesTable.counts(spark, data);
                if (seen.keySet().containsAll(ids)) {
                    return;
                }
            } catch (Exception e) {
                // A file listed a moment ago was replaced by the sink, or the match's directory exists
                // before its first file (Spark's AnalysisException, a checked exception Scala does not
                // declare, "unable to infer schema"): read again.
            }
            if (!sink.isAlive()) {
                fail("the sink process exited:\n" + sink.tail());
            }
            if (System.nanoTime() > deadline) {
                fail(seen.size() + " of " + ids.size() + " games in the table after " + timeout + "; sink output:\n" + sink.tail());
            }
            Thread.sleep(300);
        }
    }

    /**
     * Waits until the sink writes a batch's {@code rejected} table, which it does after moving the
     * batch's games files into the games table and before returning to Spark, which only then
     * records the batch as done; returns the batch id (at least {@code from}).
     */
    private static long awaitHalfWrittenBatch(Path data, long from, ChildJvm sink, Duration timeout) throws InterruptedException {
        Path staging = data.resolve("_sink_staging");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try (DirectoryStream<Path> queries = Files.newDirectoryStream(staging)) {
                for (Path query : queries) {
                    try (DirectoryStream<Path> batches = Files.newDirectoryStream(query, "b*")) {
                        for (Path b : batches) {
                            long id = Long.parseLong(b.getFileName().toString().substring(1));
                            if (id >= from && Files.isDirectory(b.resolve(Schemas.REJECTED))) {
                                return id;
                            }
                        }
                    }
                }
            } catch (NoSuchFileException | DirectoryIteratorException e) {
                // not there yet, or deleted while listed
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (!sink.isAlive()) {
                fail("the sink process exited:\n" + sink.tail());
            }
            if (System.nanoTime() > deadline) {
                fail("the sink wrote no batch within " + timeout + "; output:\n" + sink.tail());
            }
            Thread.sleep(1);
        }
    }

    /** The highest batch id in a checkpoint log directory ({@code offsets/}, {@code commits/}), -1 if none. */
    private static long lastBatch(Path log) throws IOException {
        if (!Files.isDirectory(log)) {
            return -1;
        }
        try (Stream<Path> files = Files.list(log)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.matches("\\d+")).mapToLong(Long::parseLong).max().orElse(-1);
        }
    }

    /** Files that batch {@code batch} put into the games table. */
    private static long batchFiles(Path data, long batch) throws IOException {
        try (Stream<Path> files = Files.walk(data.resolve(Schemas.GAMES))) {
            return files.filter(f -> f.getFileName().toString().matches("sink-[0-9a-f]+-b" + batch + "-\\d+\\.parquet")).count();
        }
    }

    /**
     * A worker slot committing one game per transaction every few milliseconds while the sink
     * runs, so a batch is always under way when the sink is killed.
     */
    private final class Feeder extends Thread {
        private final String bootstrap;
        private volatile boolean stop;
        private volatile Exception failure;
        volatile int games;

        Feeder(String bootstrap) {
            super("games-feeder");
            this.bootstrap = bootstrap;
        }

        @Override
        public void run() {
            try (GamesProducer w2 = new GamesProducer(bootstrap, "rookery-worker-w2-0")) {
                for (int pair = 0; !stop && pair < 500; pair++) {
                    commit(w2, List.of(GameValues.game(MATCH_2, pair, 0, "w2"), GameValues.game(MATCH_2, pair, 1, "w2")));
                    games += 2;
                    Thread.sleep(20);
                }
            } catch (Exception e) {
                failure = e;
            }
        }

        void awaitGames(int n, Duration timeout) throws Exception {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (games < n) {
                if (failure != null) {
                    throw failure;
                }
                assertTrue(System.nanoTime() < deadline, "the feeder committed only " + games + " games in " + timeout);
                Thread.sleep(20);
            }
        }

        void finish() throws Exception {
            stop = true;
            join(60_000);
            if (failure != null) {
                throw failure;
            }
        }
    }
}
