package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rookery.broker.KafkaBackend;
import org.rookery.contract.tasks.PairTask;
import org.rookery.contract.tasks.Rejection;
import org.rookery.workers.testengines.TreeEngine;

/**
 * A worker against a real (local) broker where things go wrong: it is killed with -9 while a hung
 * engine with a child plays, another worker takes over its id, or a task names a match nobody
 * defined.
 */
@Tag("kafka") // a real broker, like DistributedGauntletTest
class WorkerReliabilityTest {
    private static KafkaBackend broker;
    private static Path root;

    @BeforeAll
    static void start() throws Exception {
        root = Files.createTempDirectory("rookery-worker-reliability");
        broker = KafkaBackend.start("local", root.resolve("broker"));
    }

    @AfterAll
    static void stop() {
        if (broker != null) broker.close();
    }

    /** A worker JVM in a consumer group of its test's own, so the tests do not play each other's tasks. */
    private static WorkerProcess worker(Path dir, Path registry, String id, String log) throws Exception {
        return WorkerProcess.start(broker.bootstrap(), id, dir.resolve(log), "--engines", registry.toString(), "--kafka-config",
            Fixtures.shortSessionConfig(dir).toString(), "--log", dir.resolve("logs").toString(), "--group", "rookery-test-" + dir.getFileName());
    }

    @Test
    void aWorkerKilledWithSigkillMidGameLeavesNoEngineProcessBehind() throws Exception {
        Path dir = Files.createDirectories(root.resolve("kill"));
        TreeEngine tree = TreeEngine.write(dir);
        Path registry = Fixtures.registry(dir);
        List<String> cl = tree.commandLine("hang");
        Files.writeString(registry, "  hanger:\n    cmd: sh\n    args: ['" + cl.get(1) + "', '" + cl.get(2) + "', '" + cl.get(3) + "']\n",
            StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        KafkaClients clients = KafkaClients.of(broker.bootstrap(), Fixtures.shortSessionConfig(dir));
        try (WorkerProcess w = worker(dir, registry, "victim", "victim.log")) {
            w.awaitReady(60_000);
            Fixtures.submit(clients, "-engine", "name=hanger", "tc=60+1", "-engine", "name=rand-a", "tc=60+1", "-rounds", "1",
                "-games", "2", "-repeat", "-srand", "4");
            // The hung engine and its child run: the game is under way and will never end by itself.
            assertTrue(tree.awaitRunning(2, 60_000).size() >= 2, "the hung engine never started: " + Files.readString(w.log()));
            Thread.sleep(500);
            List<ProcessHandle> descendants = w.process().descendants().toList();
            w.kill9();
            assertEquals(List.of(), tree.awaitNoneLeft(10_000));
            for (ProcessHandle p : descendants) {
                p.onExit().get(15, TimeUnit.SECONDS);
                assertFalse(p.isAlive(), p.info().commandLine().orElse("?"));
            }
        }
    }

    @Test
    void aFencedWorkerSaysInOneLineThatAnotherTookOverItsIdAndStops() throws Exception {
        Path dir = Files.createDirectories(root.resolve("fenced"));
        Path registry = Fixtures.registry(dir);
        KafkaClients clients = KafkaClients.of(broker.bootstrap(), Fixtures.shortSessionConfig(dir));
        try (WorkerProcess first = worker(dir, registry, "twin", "first.log")) {
            first.awaitReady(60_000);
            try (WorkerProcess second = worker(dir, registry, "twin", "second.log")) {
                second.awaitReady(60_000);
                MatchSubmission def = Fixtures.submit(clients, "-engine", "name=rand-a", "tc=10+0.1", "-engine", "name=rand-b",
                    "tc=10+0.1", "-rounds", "6", "-games", "2", "-repeat", "-srand", "8", "-maxmoves", "10");
                // The second took the id over when it started, so the first is normally the one fenced. But a
                // transactional id is a lease, not an identity: if the first's commit times out instead (a loaded
                // broker), it reconnects and fences the second in turn. Either way every game is stored once.
                assertExactlyOnce(Fixtures.awaitGames(clients, def.matchId(), 12, Duration.ofSeconds(120)), 12);
                WorkerProcess fenced = firstExit(Duration.ofSeconds(30), first, second);
                if (fenced == null) {
                    // The fenced twin reconnected after the other's last commit: the twin now holding the old
                    // producer learns it was fenced at its next transaction only. Pairs on every task partition
                    // reach it (each twin consumes some of the partitions).
                    MatchSubmission more = Fixtures.submit(clients, "-engine", "name=rand-a", "tc=10+0.1", "-engine",
                        "name=rand-b", "tc=10+0.1", "-rounds", "24", "-games", "2", "-repeat", "-srand", "9",
                        "-maxmoves", "10");
                    fenced = firstExit(Duration.ofSeconds(90), first, second);
                    if (fenced == null) {
                        throw new AssertionError("neither twin stopped:\n" + Files.readString(first.log()) + "\n"
                            + Files.readString(second.log()));
                    }
                    assertExactlyOnce(Fixtures.awaitGames(clients, more.matchId(), 48, Duration.ofSeconds(180)), 48);
                }
                WorkerProcess survivor = fenced == first ? second : first;
                assertEquals(1, fenced.process().exitValue());
                String log = Files.readString(fenced.log());
                List<String> said = log.lines().filter(l -> l.contains("took over")).toList();
                assertEquals(List.of("rookery worker twin slot 0: another worker took over the id twin (transactional id "
                    + "rookery-worker-twin-0); this slot stops"), said, log);
                assertFalse(log.contains("ProducerFencedException"), log);
                assertFalse(log.contains("\tat "), log);
                assertTrue(survivor.process().isAlive(), Files.readString(survivor.log()));
            }
        }
    }

    /** The first of the workers to exit, or null if none does in time. */
    private static WorkerProcess firstExit(Duration limit, WorkerProcess... workers) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            for (WorkerProcess w : workers) if (!w.process().isAlive()) return w;
            Thread.sleep(100);
        }
        return null;
    }

    /** {@code expected} games, each game id once. */
    private static void assertExactlyOnce(List<com.fasterxml.jackson.databind.JsonNode> games, int expected) {
        assertEquals(expected, games.size());
        assertEquals(expected, games.stream().map(g -> g.get("game_id").asText()).distinct().count(), games.toString());
    }

    @Test
    void aTaskOfAMatchWithNoDefinitionIsRejectedNotPlayed() throws Exception {
        Path dir = Files.createDirectories(root.resolve("unknown"));
        KafkaClients clients = KafkaClients.of(broker.bootstrap(), Fixtures.shortSessionConfig(dir));
        EngineRegistry registry = EngineRegistry.load(Fixtures.registry(dir));
        try (Worker w = Worker.start(new Worker.Settings(clients, "orphans", "rookery-test-orphans", 1, 1, 6),
                slot -> new EnginePlayer(registry, 10_000, null, slot))) {
            PairTask real = Fixtures.define("-engine", "name=rand-a", "tc=10+0.1", "-engine", "name=rand-b", "tc=10+0.1",
                "-srand", "77", "-maxmoves", "10").tasks().get(0);
            String ghost = "m-00000000deadbeef";
            PairTask orphan = real.withMatchId(ghost);
            try (KafkaProducer<String, String> p = clients.producer("test-orphan-task")) {
                p.send(new ProducerRecord<>(Topics.TASKS, 0, ghost, Json.write(orphan.toJson()))).get();
            }
            // A defined match behind it is still played: the worker carries on.
            MatchSubmission good = Fixtures.submit(clients, "-engine", "name=rand-a", "tc=10+0.1", "-engine", "name=rand-b",
                "tc=10+0.1", "-rounds", "1", "-games", "2", "-repeat", "-srand", "78", "-maxmoves", "10");
            Fixtures.awaitGames(clients, good.matchId(), 2, Duration.ofSeconds(90));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            List<Rejection> rejected = List.of();
            while (rejected.isEmpty() && System.nanoTime() < deadline) {
                rejected = Fixtures.readAll(clients, Topics.REJECTED, r -> true).stream().map(r -> Rejection.parse(r.value()))
                    .filter(r -> ghost.equals(r.matchId())).toList();
                if (rejected.isEmpty()) Thread.sleep(300);
            }
            assertEquals(1, rejected.size(), rejected.toString());
            assertEquals("unknown match " + ghost + ": no definition in rookery.matches", rejected.get(0).reason());
            assertEquals(0, Fixtures.games(clients, ghost).size());
        }
    }
}
