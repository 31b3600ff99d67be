package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rookery.broker.KafkaBackend;
import org.rookery.broker.KafkaBackends;
import org.rookery.contract.tasks.PairTask;
import org.rookery.core.tools.ExternalTools;

/**
 * A submitted match with CECP engines, end to end through a real broker and a worker JVM started
 * as {@code rookery worker --engines engines.yaml}: Fairy-Max ({@code /usr/games/fairymax}, CECP
 * only) and the scripted {@code FakeCecpEngine}, both {@code proto: xboard} in the worker's
 * registry, play a round robin with a UCI engine. Every game is committed exactly once, replays,
 * and ends without a protocol fault; the scripted engine's transcript shows the worker spoke CECP.
 */
@Tag("kafka") // a real broker, as DistributedGauntletTest
class DistributedCecpTest {
    private static final KafkaBackends BACKENDS = new KafkaBackends("rookery-kafka-cecp-test");

    static List<String> backends() {
        return KafkaBackend.available();
    }

    @AfterAll
    static void stopBrokers() {
        BACKENDS.close();
    }

    /** engines.yaml: fairymax and the scripted CECP engine (proto: xboard), and a UCI FakeEngine. */
    private static Path registry(Path dir, Path fairymax, Path transcript) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        String jvm = "'-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto', '-cp', '" + System.getProperty("java.class.path") + "'";
        String yaml = "allow_builtin: false\nengines:\n"
            + "  fairymax:\n    cmd: '" + fairymax + "'\n    proto: xboard\n"
            // tscale: a JVM engine on a loaded machine may take longer than xboard's 2 s to announce its features
            + "  x-rand:\n    cmd: '" + java + "'\n    proto: xboard\n    tscale: 5\n    ponder: true\n"
            + "    args: [" + jvm + ", 'org.rookery.workers.testengines.FakeCecpEngine', 'random', '" + transcript + "']\n"
            + "  rand-a:\n    cmd: '" + java + "'\n    args: [" + jvm + ", 'org.rookery.workers.testengines.FakeEngine', 'random', '1']\n";
        return Files.writeString(dir.resolve("engines.yaml"), yaml, StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "[{0}] fairymax and a scripted CECP engine on a worker: 6 games, each once, no protocol fault")
    @MethodSource("backends")
    void cecpEnginesPlayASubmittedMatch(String backendName) throws Exception {
        Path fairymax = ExternalTools.locate("fairymax");
        Assumptions.assumeTrue(fairymax != null, "fairymax not found (apt-get install fairymax); test skipped");
        KafkaBackend b = BACKENDS.get(backendName);
        Path dir = Files.createDirectories(BACKENDS.root().resolve(backendName + "-cecp"));
        Path transcript = dir.resolve("x-rand.txt");
        Files.deleteIfExists(transcript);
        Path config = Fixtures.shortSessionConfig(dir);
        KafkaClients clients = KafkaClients.of(b.bootstrap(), config);
        try (WorkerProcess w = WorkerProcess.start(b.bootstrap(), "c1", dir.resolve("c1.log"), "--engines",
                registry(dir, fairymax, transcript).toString(), "--kafka-config", config.toString(), "--log", dir.resolve("logs").toString())) {
            w.awaitReady(60_000);
            MatchSubmission def = Fixtures.submit(clients, "-engine", "name=fairymax", "-engine", "name=x-rand", "-engine", "name=rand-a",
                "-each", "tc=2+0.05", "-tournament", "round-robin", "-rounds", "1", "-games", "2", "-maxmoves", "25", "-srand", "17");
            assertEquals(6, def.totalGames());
            List<JsonNode> games = Fixtures.awaitGames(clients, def.matchId(), 6, Duration.ofSeconds(240));
            Map<String, Long> perId = games.stream().collect(Collectors.groupingBy(g -> g.get("game_id").asText(), Collectors.counting()));
            assertEquals(6, games.size(), perId.toString());
            for (PairTask t : def.tasks()) {
                for (int i = 0; i < t.games().size(); i++) assertEquals(1L, perId.get(t.gameId(i)), t.gameId(i));
            }
            // Protocol faults; a loss on time is chess (Fairy-Max keeps its own clock on a loaded machine).
            Set<String> faults = Set.of("illegal_move", "disconnect", "stall");
            int fairyGames = 0;
            for (JsonNode g : games) {
                GameChecks.consistent(g);
                String term = g.get("termination").asText();
                assertTrue(!faults.contains(term), g.get("game_id").asText() + ": " + term + "\n" + g.get("pgn").asText());
                assertTrue(g.get("ply_count").asInt() > 0, g.get("game_id").asText());
                if (g.get("white").asText().equals("fairymax") || g.get("black").asText().equals("fairymax")) fairyGames++;
            }
            assertEquals(4, fairyGames);
            // The worker ran x-rand over CECP with its registry's ponder: true.
            List<String> lines = Files.readAllLines(transcript);
            for (String want : List.of("xboard", "protover 2", "hard", "name fairymax", "name rand-a")) {
                assertTrue(lines.contains(want), want + " in " + lines);
            }
            assertTrue(lines.stream().anyMatch(l -> l.matches("usermove [a-h][1-8][a-h][1-8][qrbn]?")), lines.toString());
            assertTrue(lines.stream().filter(l -> l.startsWith("result ")).count() >= 4, lines.toString());
        }
    }
}
