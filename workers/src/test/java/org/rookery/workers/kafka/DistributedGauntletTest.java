package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rookery.broker.KafkaBackend;
import org.rookery.broker.KafkaBackends;
import org.rookery.contract.control.ControlMessage;
import org.rookery.contract.tasks.PairTask;
import org.rookery.contract.tasks.Rejection;
import org.rookery.stats.Sprt;

/**
 * Distributed gauntlets end to end against real brokers: the local broker process always, and
 * Testcontainers' Kafka too where Docker runs. Workers are separate JVMs where a test kills one.
 */
@Tag("kafka") // a real broker: .ci/run also runs the slow ones (./rookery test kafka)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DistributedGauntletTest {
    private static final KafkaBackends BACKENDS = new KafkaBackends("rookery-kafka-test");

    static List<String> backends() {
        return KafkaBackend.available();
    }

    @AfterAll
    static void stopBrokers() {
        BACKENDS.close();
    }

    private static Path caseDir(String backend, String name) throws Exception {
        return Files.createDirectories(BACKENDS.root().resolve(backend + "-" + name));
    }

    private static KafkaClients clients(KafkaBackend b, Path dir) throws Exception {
        return KafkaClients.of(b.bootstrap(), Fixtures.shortSessionConfig(dir));
    }

    /** A worker JVM with the fake-engine registry and the short session timeout. */
    private static WorkerProcess worker(KafkaBackend b, Path registry, Path dir, String id) throws Exception {
        return WorkerProcess.start(b.bootstrap(), id, dir.resolve(id + ".log"), "--engines", registry.toString(), "--kafka-config",
            Fixtures.shortSessionConfig(dir).toString(), "--log", dir.resolve("logs").toString());
    }

    /** Two worker JVMs of one case, both up and in the group, so the next submit is shared between them. */
    private record WorkerPair(KafkaClients clients, WorkerProcess w1, WorkerProcess w2) implements AutoCloseable {
        static WorkerPair start(String backendName, String caseName, String id1, String id2) throws Exception {
            KafkaBackend b = BACKENDS.get(backendName);
            Path dir = caseDir(backendName, caseName);
            Path registry = Fixtures.registry(dir);
            KafkaClients clients = DistributedGauntletTest.clients(b, dir);
            WorkerProcess w1 = worker(b, registry, dir, id1);
            WorkerProcess w2 = null;
            try {
                w2 = worker(b, registry, dir, id2);
                w1.awaitReady(60_000);
                w2.awaitReady(60_000);
                awaitMembers(clients, 2);
                return new WorkerPair(clients, w1, w2);
            } catch (Exception | AssertionError e) {
                // What try-with-resources did: no JVM outlives a failed start.
                try (WorkerProcess first = w1; WorkerProcess second = w2) {
                    throw e;
                }
            }
        }

        @Override
        public void close() throws InterruptedException {
            try {
                w2.close();
            } finally {
                w1.close();
            }
        }
    }

    /** What {@code status} printed for a match, and the summary it returned. */
    private record Watched(MatchWatcher.Summary summary, String out) {}

    private static Watched watch(KafkaClients clients, String matchId, boolean follow, Duration timeout) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MatchWatcher.Summary s = MatchWatcher.watch(clients, matchId, new PrintStream(bytes, true, StandardCharsets.UTF_8), follow, timeout);
        return new Watched(s, bytes.toString(StandardCharsets.UTF_8));
    }


    private static Worker inProcessWorker(KafkaClients clients, Path dir, String id, int slots) throws Exception {
        EngineRegistry registry = EngineRegistry.load(Fixtures.registry(dir));
        return Worker.start(new Worker.Settings(clients, id, "rookery-workers", slots, 1, 6),
            slot -> new EnginePlayer(registry, 10_000, dir.resolve("logs"), slot));
    }

    private static int groupMembers(KafkaClients clients) throws Exception {
        try (Admin admin = clients.admin()) {
            return admin.describeConsumerGroups(List.of("rookery-workers")).all().get().get("rookery-workers").members().size();
        }
    }

    private static void awaitMembers(KafkaClients clients, int n) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (groupMembers(clients) != n) {
            if (System.nanoTime() > deadline) throw new AssertionError("the group never had " + n + " members");
            Thread.sleep(200);
        }
    }

    /** A gauntlet of {@code rounds} repeated pairs between two registry engines at one time control. */
    private static MatchSubmission pairs(KafkaClients clients, String a, String b, String tc, int rounds, int srand, String... more)
            throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("-engine", "name=" + a, "tc=" + tc, "-engine", "name=" + b, "tc=" + tc,
            "-rounds", String.valueOf(rounds), "-games", "2", "-repeat", "-srand", String.valueOf(srand)));
        args.addAll(List.of(more));
        return Fixtures.submit(clients, args.toArray(String[]::new));
    }

    /** Exactly one committed record per game of every pair, and each consistent with its PGN. */
    private static void exactlyOnce(List<JsonNode> games, MatchSubmission def) throws Exception {
        Map<String, Long> perId = games.stream().collect(Collectors.groupingBy(g -> g.get("game_id").asText(), Collectors.counting()));
        assertEquals(def.totalGames(), games.size(), "records: " + perId);
        assertEquals(def.totalGames(), perId.size());
        for (PairTask t : def.tasks()) {
            for (int i = 0; i < t.games().size(); i++) assertEquals(1L, perId.get(t.gameId(i)), t.gameId(i));
        }
        for (JsonNode g : games) GameChecks.consistent(g);
    }

    @Order(1)
    @ParameterizedTest(name = "[{0}] 20 games, two worker processes, exactly 20 consistent records")
    @MethodSource("backends")
    void twentyGamesOnTwoWorkers(String backendName) throws Exception {
        try (WorkerPair pair = WorkerPair.start(backendName, "twenty", "w1", "w2")) {
            KafkaClients clients = pair.clients();
            WorkerProcess w1 = pair.w1(), w2 = pair.w2();
            MatchSubmission def = pairs(clients, "rand-a", "rand-b", "10+0.1", 10, 20, "-maxmoves", "60");
            assertEquals(10, def.tasks().size());
            List<JsonNode> games = Fixtures.awaitGames(clients, def.matchId(), 20, Duration.ofSeconds(120));
            exactlyOnce(games, def);
            Set<String> workers = games.stream().map(g -> g.get("worker_id").asText()).collect(Collectors.toSet());
            assertEquals(Set.of("w1", "w2"), workers, "both workers played");

            Watched watched = watch(clients, def.matchId(), false, null);
            MatchWatcher.Summary s = watched.summary();
            String out = watched.out();
            assertEquals(20, s.games());
            assertTrue(s.complete());
            assertTrue(out.contains("Score of rand-a vs rand-b: "), out);
            assertTrue(out.contains("Ptnml(0-2): "), out);
            assertTrue(out.contains("20 of 20 games, 0 rejected tasks, complete"), out);
            // Same standings as the records say: rand-a's points add up.
            double points = 0;
            for (JsonNode g : games) {
                String r = g.get("result").asText();
                boolean aWhite = g.get("white").asText().equals("rand-a");
                points += r.equals("1/2-1/2") ? 0.5 : r.equals("1-0") == aWhite ? 1 : 0;
            }
            String score = String.format(java.util.Locale.ROOT, "[%.3f] 20", points / 20);
            assertTrue(out.contains(score), score + " in " + out);
        }
    }

    @Order(2)
    @ParameterizedTest(name = "[{0}] kill -9 of a worker mid-game: every pair still exactly once")
    @MethodSource("backends")
    void killedWorkerIsReplacedWithoutDuplicates(String backendName) throws Exception {
        try (WorkerPair pair = WorkerPair.start(backendName, "kill", "k1", "k2")) {
            KafkaClients clients = pair.clients();
            WorkerProcess w1 = pair.w1(), w2 = pair.w2();
            MatchSubmission def = pairs(clients, "slow", "rand-a", "60+1", 4, 9, "-maxmoves", "16");
            // Mid-game: the victim is a worker whose engines run (they play slowly, so a game is under way).
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            WorkerProcess victim = null;
            while (victim == null) {
                assertTrue(System.nanoTime() < deadline, "no worker started its engines");
                Thread.sleep(100);
                // Two engines, each with its watchdog (uci.ProcessTree).
                if (w1.process().descendants().count() >= 4) victim = w1;
                else if (w2.process().descendants().count() >= 4) victim = w2;
            }
            Thread.sleep(700);
            String survivor = victim == w1 ? "k2" : "k1";
            List<ProcessHandle> engines = victim.process().descendants().toList();
            victim.kill9();
            List<JsonNode> games = Fixtures.awaitGames(clients, def.matchId(), 8, Duration.ofSeconds(150));
            exactlyOnce(games, def);
            assertTrue(games.stream().anyMatch(g -> g.get("worker_id").asText().equals(survivor)));
            // The victim's engines noticed their closed stdin and left: nothing is orphaned.
            for (ProcessHandle e : engines) {
                e.onExit().get(15, java.util.concurrent.TimeUnit.SECONDS);
                assertFalse(e.isAlive());
            }
        }
    }

    @Order(3)
    @Tag("slow") // two broker start-ups: ./rookery test slow
    @ParameterizedTest(name = "[{0}] broker restart mid-match: workers reconnect and nothing is lost")
    @MethodSource("backends")
    void brokerRestartLosesNothing(String backendName) throws Exception {
        KafkaBackend b = BACKENDS.get(backendName);
        if (!b.canRestart()) {
            // Same guarantee, checked where the broker can be restarted in place; here the case
            // asserts instead that the container keeps serving after a worker reconnect.
            Path dir = caseDir(backendName, "reconnect");
            KafkaClients clients = clients(b, dir);
            MatchSubmission def = pairs(clients, "rand-a", "rand-b", "10+0.1", 2, 31, "-maxmoves", "20");
            try (Worker w = inProcessWorker(clients, dir, "reconnect-1", 1)) {
                Fixtures.awaitGames(clients, def.matchId(), 2, Duration.ofSeconds(60));
            }
            try (Worker w = inProcessWorker(clients, dir, "reconnect-1", 1)) {
                exactlyOnce(Fixtures.awaitGames(clients, def.matchId(), 4, Duration.ofSeconds(60)), def);
            }
            return;
        }
        Path dir = caseDir(backendName, "restart");
        KafkaClients clients = clients(b, dir);
        MatchSubmission def = pairs(clients, "slow", "rand-b", "60+1", 4, 5, "-maxmoves", "15");
        try (Worker w = inProcessWorker(clients, dir, "restart", 2)) {
            Fixtures.awaitGames(clients, def.matchId(), 2, Duration.ofSeconds(90));
            b.restart();
            List<JsonNode> games = Fixtures.awaitGames(clients, def.matchId(), 8, Duration.ofSeconds(150));
            exactlyOnce(games, def);
        }
    }

    @Order(4)
    @ParameterizedTest(name = "[{0}] malformed and unplayable tasks are rejected with reasons; the worker keeps serving")
    @MethodSource("backends")
    void badTasksAreRejected(String backendName) throws Exception {
        KafkaBackend b = BACKENDS.get(backendName);
        Path dir = caseDir(backendName, "rejected");
        KafkaClients clients = clients(b, dir);
        try (Worker w = inProcessWorker(clients, dir, "rejecter", 1)) {
            MatchSubmission ghost = pairs(clients, "rand-a", "ghost", "10+0.1", 1, 1);
            String marker = "bad-" + System.nanoTime();
            try (KafkaProducer<String, String> p = clients.producer("test-bad-tasks")) {
                p.send(new ProducerRecord<>(Topics.TASKS, 0, marker, "{not json")).get();
                p.send(new ProducerRecord<>(Topics.TASKS, 1, marker, "{\"match_id\": \"m-0123456789abcdef\", \"pair_index\": -3}")).get();
                p.send(new ProducerRecord<>(Topics.TASKS, 2, marker, "x".repeat(PairTask.MAX_BYTES + 1))).get();
            }
            MatchSubmission good = pairs(clients, "rand-a", "rand-b", "10+0.1", 2, 2, "-maxmoves", "20");
            exactlyOnce(Fixtures.awaitGames(clients, good.matchId(), 4, Duration.ofSeconds(90)), good);

            List<Rejection> rejected = Fixtures.readAll(clients, Topics.REJECTED, r -> true).stream()
                .map(r -> Rejection.parse(r.value())).toList();
            List<String> raw = rejected.stream().filter(r -> r.value() != null && (r.value().startsWith("{not") || r.value().startsWith("xxx")
                || r.value().contains("\"pair_index\": -3"))).map(Rejection::reason).toList();
            assertEquals(3, raw.size(), raw.toString());
            assertTrue(raw.stream().anyMatch(r -> r.startsWith("not JSON")), raw.toString());
            assertTrue(raw.stream().anyMatch(r -> r.contains("\"pair_index\" must be in 0..")), raw.toString());
            assertTrue(raw.stream().anyMatch(r -> r.contains("larger than 65536 bytes")), raw.toString());
            List<Rejection> ghostRejections = rejected.stream().filter(r -> ghost.matchId().equals(r.matchId())).toList();
            assertEquals(1, ghostRejections.size());
            assertTrue(ghostRejections.get(0).reason().contains("engine \"ghost\" is not in this worker's registry"), ghostRejections.get(0).reason());
            assertEquals(0, Fixtures.games(clients, ghost.matchId()).size());
            assertTrue(w.counters().rejected() >= 4);

            Watched watched = watch(clients, ghost.matchId(), false, null);
            MatchWatcher.Summary s = watched.summary();
            String out = watched.out();
            assertEquals(1, s.rejectedTasks());
            assertTrue(out.contains("Rejected task rookery.tasks/"), out);
            assertTrue(out.contains("is not in this worker's registry"), out);
        }
    }

    @Order(5)
    @ParameterizedTest(name = "[{0}] an SPRT decision stops the match; workers skip the remaining pairs; games in flight count")
    @MethodSource("backends")
    void sprtStopHaltsTheMatch(String backendName) throws Exception {
        KafkaBackend b = BACKENDS.get(backendName);
        Path dir = caseDir(backendName, "sprt");
        KafkaClients clients = clients(b, dir);
        try (Worker w = inProcessWorker(clients, dir, "sprt", 2)) {
            MatchSubmission def = pairs(clients, "slow", "bad", "60+1", 150, 3, "-sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05");
            Watched watched = watch(clients, def.matchId(), true, Duration.ofSeconds(120));
            MatchWatcher.Summary s = watched.summary();
            String out = watched.out();
            assertEquals(Sprt.Decision.ACCEPT_H1, s.decision(), out);
            assertTrue(s.stopped(), out);
            assertTrue(out.contains("Published stop for " + def.matchId()), out);
            assertTrue(out.contains("H1 was accepted after " + s.decidedAfter() + " games"), out);

            List<ConsumerRecord<String, String>> stops = Fixtures.readAll(clients, Topics.CONTROL, r -> def.matchId().equals(r.key()));
            assertFalse(stops.isEmpty());
            assertEquals("SPRT: H1 accepted after " + s.decidedAfter() + " games", ControlMessage.parse(stops.get(0).value(), null).reason());

            // Every task is committed: played before the stop reached the workers, or skipped after.
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (w.counters().tasks() < def.tasks().size()) {
                assertTrue(System.nanoTime() < deadline, "tasks committed: " + w.counters().tasks());
                Thread.sleep(200);
            }
            int played = Fixtures.games(clients, def.matchId()).size();
            assertTrue(w.counters().skipped() > 0, "no pair was skipped");
            assertTrue(played < def.totalGames(), played + " games played");
            assertEquals(def.tasks().size(), played / 2 + w.counters().skipped());
            Set<String> ids = new HashSet<>();
            for (JsonNode g : Fixtures.games(clients, def.matchId())) assertTrue(ids.add(g.get("game_id").asText()));
            assertNotNull(s.stopReason());
            // One rule: every recorded game counts. Status's count is what rookery.games (and so the
            // games table) holds, games that were in flight at the stop included.
            assertEquals(played, s.games(), out);
            assertTrue(s.settled(), "status --follow returned before the pairs in flight were in: " + out);
            assertTrue(s.decidedAfter() > 0 && s.decidedAfter() <= played, s.decidedAfter() + " of " + played);
            assertTrue(out.contains("Match " + def.matchId() + ": " + played + " of " + def.totalGames() + " games, 0 rejected tasks, stopped (SPRT: H1 accepted after "), out);
            MatchWatcher.Summary later = watch(clients, def.matchId(), false, null).summary();
            assertEquals(played, later.games(), "a later status counts the same games");
            assertTrue(later.settled());
        }
    }
    @Order(6)
    @ParameterizedTest(name = "[{0}] a DFRC match on two worker processes: every task, record and PGN carries Chess960")
    @MethodSource("backends")
    void chess960MatchOnTwoWorkers(String backendName) throws Exception {
        String book = Path.of(getClass().getResource("/chess960/dfrc-100.epd").toURI()).toString();
        try (WorkerPair pair = WorkerPair.start(backendName, "chess960", "f1", "f2")) {
            KafkaClients clients = pair.clients();
            MatchSubmission def = pairs(clients, "frc-a", "frc-b", "10+0.1", 6, 960, "-maxmoves", "40",
                "-variant", "fischerandom", "-openings", "file=" + book, "order=random");
            assertEquals(6, def.tasks().size());
            for (PairTask t : def.tasks()) assertEquals(org.rookery.core.board.Variant.CHESS960, t.opening().variant());
            List<JsonNode> games = Fixtures.awaitGames(clients, def.matchId(), 12, Duration.ofSeconds(120));
            // exactlyOnce replays each PGN (Variant and Shredder-FEN tags) and the UCI moves from start_fen.
            exactlyOnce(games, def);
            int castled = 0;
            for (JsonNode g : games) {
                String id = g.get("game_id").asText();
                assertEquals("chess960", g.get("variant").asText(), id);
                String pgn = g.get("pgn").asText();
                assertTrue(pgn.contains("[Variant \"Chess960\"]") || pgn.contains("[Variant \"fischerandom\"]"), pgn);
                assertTrue(pgn.contains("[SetUp \"1\"]"), pgn);
                // FakeEngine "frc" answers a wrong move unless UCI_Chess960 was set: no game may end in a forfeit.
                assertFalse(g.get("termination").asText().contains("illegal"), id + ": " + g.get("termination").asText());
                if (pgn.contains("O-O")) castled++;
            }
            // FakeEngine "frc" castles whenever it can: Chess960 castling went through the workers and the PGN.
            assertTrue(castled > 0, "no game castled");
            // (Which worker plays which pair is the group's assignment: six tasks may all land on one worker.)
            assertTrue(Set.of("f1", "f2").containsAll(games.stream().map(g -> g.get("worker_id").asText()).collect(Collectors.toSet())));

            // An engine without UCI_Chess960 is refused by the worker with the reason, never scored as a forfeit.
            MatchSubmission plain = pairs(clients, "frc-a", "rand-a", "10+0.1", 1, 961, "-maxmoves", "20",
                "-variant", "fischerandom", "-openings", "file=" + book);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            List<Rejection> refused = List.of();
            while (refused.isEmpty()) {
                assertTrue(System.nanoTime() < deadline, "the task of a standard-only engine was never rejected");
                Thread.sleep(200);
                refused = Fixtures.readAll(clients, Topics.REJECTED, r -> true).stream().map(r -> Rejection.parse(r.value()))
                    .filter(r -> plain.matchId().equals(r.matchId())).toList();
            }
            assertEquals(1, refused.size());
            assertTrue(refused.get(0).reason().contains("engine rand-a offers no UCI_Chess960 option, which a Chess960 match needs"),
                refused.get(0).reason());
            assertEquals(0, Fixtures.games(clients, plain.matchId()).size());
        }
    }
}
