package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rookery.broker.KafkaBackend;
import org.rookery.broker.KafkaBackends;
import org.rookery.contract.control.Quarantine;
import org.rookery.contract.fleet.QuarantineRule;
import org.rookery.workers.cli.GauntletOptions;

/**
 * Quarantine on a real broker: two in-process workers, one of which maps {@code rand-a} to a fake
 * engine that thinks 300 ms a move under a 2-second clock, so it loses every game on time there
 * and nowhere else. The watcher judges it, the worker hands its remaining pairs on, and the match
 * still ends with every pair exactly once.
 */
@Tag("kafka")
@Tag("slow") // a broker start-up and ten pairs of real games: ./rookery test slow
class QuarantineTest {
    private static final KafkaBackends BACKENDS = new KafkaBackends("rookery-quarantine-test");

    @AfterAll
    static void stopBrokers() {
        BACKENDS.close();
    }

    @Test
    void aWorkerThatFlagsOnTimeIsQuarantinedAndItsPairsArePlayedElsewhere() throws Exception {
        KafkaBackend b = BACKENDS.get("local");
        Path dir = Files.createDirectories(BACKENDS.root().resolve("quarantine"));
        Path goodDir = Files.createDirectories(dir.resolve("good")), badDir = Files.createDirectories(dir.resolve("bad"));
        Path good = Fixtures.registry(goodDir);
        Path bad = Fixtures.registry(badDir);
        String text = Files.readString(bad);
        String randA = "'org.rookery.workers.testengines.FakeEngine', 'random', '1'";
        assertTrue(text.contains(randA), text);
        Files.writeString(bad, text.replace(randA, "'org.rookery.workers.testengines.FakeEngine', 'slow:300', '1'"));
        Path config = Fixtures.shortSessionConfig(dir);
        KafkaClients clients = KafkaClients.of(b.bootstrap(), config);

        int pairs = 10;
        MatchSubmission def = MatchSubmission.of(GauntletOptions.parse(List.of("-engine", "name=rand-a", "tc=2+0", "-engine",
            "name=rand-b", "tc=2+0", "-rounds", String.valueOf(pairs), "-games", "2", "-repeat", "-maxmoves", "20", "-srand", "21"),
            w -> { }, true), Instant.now(), new QuarantineRule(100, Double.NaN, 2));
        EngineRegistry goodRegistry = EngineRegistry.load(good), badRegistry = EngineRegistry.load(bad);
        try (Worker gw = Worker.start(new Worker.Settings(clients, "good-1", "rookery-workers", 1, 1, 6),
                slot -> new EnginePlayer(goodRegistry, 10_000, goodDir.resolve("logs"), slot));
             Worker bw = Worker.start(new Worker.Settings(clients, "flaky-1", "rookery-workers", 1, 1, 6),
                slot -> new EnginePlayer(badRegistry, 10_000, badDir.resolve("logs"), slot))) {
            Thread.sleep(3000); // both in the group before the match arrives, so the bad one gets pairs
            assertEquals(Submitter.Outcome.PUBLISHED, Submitter.submit(clients, def, 6));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            MatchWatcher.Summary s = MatchWatcher.watch(clients, def.matchId(), new PrintStream(bytes, true, StandardCharsets.UTF_8),
                true, Duration.ofMinutes(4));
            String out = bytes.toString(StandardCharsets.UTF_8);
            assertEquals(2 * pairs, s.games(), out);
            assertTrue(out.contains("Quarantined worker flaky-1: "), out);
            assertTrue(out.matches("(?s).*flaky-1 .*QUARANTINED: .*time losses per 1,000 games.*"), out);

            List<JsonNode> games = Fixtures.games(clients, def.matchId());
            Map<String, Integer> byWorker = new HashMap<>();
            Set<String> ids = new HashSet<>();
            Map<Integer, Integer> perPair = new HashMap<>();
            for (JsonNode g : games) {
                assertTrue(ids.add(g.get("game_id").asText()), "game " + g.get("game_id") + " recorded twice");
                byWorker.merge(g.get("worker_id").asText(), 1, Integer::sum);
                perPair.merge(g.get("pair_index").asInt(), 1, Integer::sum);
            }
            assertEquals(2 * pairs, games.size());
            assertEquals(pairs, perPair.size());
            perPair.forEach((p, n) -> assertEquals(2, n, "pair " + p));
            int flaky = byWorker.getOrDefault("flaky-1", 0);
            assertTrue(flaky >= 2 && flaky < 2 * pairs, "the flaky worker played " + flaky + " games: " + byWorker);
            for (JsonNode g : games) {
                if (g.get("worker_id").asText().equals("flaky-1")) assertEquals("time_forfeit", g.get("termination").asText(), g.toString());
            }
            List<Quarantine> decisions = Fixtures.readAll(clients, Topics.CONTROL, r -> Quarantine.is(r.value())).stream()
                .map(r -> Quarantine.parse(r.value())).toList();
            assertEquals("flaky-1", decisions.get(0).workerId());
            assertEquals(def.matchId(), decisions.get(0).matchId());
            assertTrue(bw.counters().skipped() > 0, "the quarantined worker handed pairs on");
        }
    }
}
