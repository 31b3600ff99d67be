package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rookery.broker.KafkaBackend;
import org.rookery.broker.KafkaBackends;
import org.rookery.stats.spsa.Rounding;
import org.rookery.stats.spsa.Spsa;
import org.rookery.stats.spsa.SpsaParameter;
import org.rookery.stats.spsa.SpsaSchedule;
import org.rookery.stats.spsa.SpsaStep;
import org.rookery.workers.testengines.OptimumEngine;
import org.rookery.workers.tune.SpsaRecord;

/**
 * {@code rookery tune --bootstrap} end to end on a real broker: two worker JVMs play the pairs of
 * {@link OptimumEngine}, the driver JVM is killed with -9 mid-run and resumed with {@code --resume}.
 * The log then holds each pair exactly once, each result matches its two games, and θ equals a
 * replay of the logged results through the local update.
 */
@Tag("kafka") // a real broker, like DistributedGauntletTest
class DistributedTuneTest {
    private static final int PAIRS = 100;
    private static final String PARAM = "X,10,0,100,10,0.05";
    private static final KafkaBackends BACKENDS = new KafkaBackends("rookery-tune-test");

    static List<String> backends() {
        return KafkaBackend.available();
    }

    @AfterAll
    static void stopBrokers() {
        BACKENDS.close();
    }

    /** engines.yaml with one entry, {@code opt}: the engine whose best X is 70. */
    private static Path registry(Path dir) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        String yaml = "allow_builtin: false\nengines:\n  opt:\n    cmd: '" + java + "'\n    args: ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', "
            + "'-Xshare:auto', '-cp', '" + System.getProperty("java.class.path") + "', '" + OptimumEngine.class.getName() + "']\n";
        Path f = dir.resolve("engines.yaml");
        Files.writeString(f, yaml, StandardCharsets.UTF_8);
        return f;
    }

    /** {@code rookery tune} in its own JVM (so it can be killed with -9), output to {@code log}. */
    private static Process driver(String bootstrap, Path config, Path log, String param, boolean resume) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "org.rookery.workers.cli.WorkersMain", "tune",
            "-engine", "name=opt", "-each", "nodes=1", "-resign", "movecount=1", "score=500", "-maxmoves", "1",
            "-param", param, "-pairs", String.valueOf(PAIRS), "-concurrency", "4", "-srand", "7",
            "--bootstrap", bootstrap, "--kafka-config", config.toString()));
        if (resume) cmd.add("--resume");
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static List<SpsaRecord> log(KafkaClients clients, String runId) {
        return Fixtures.readAll(clients, Topics.SPSA, r -> runId.equals(r.key())).stream().map(r -> SpsaRecord.parse(r.value())).toList();
    }

    private static String runId(Path log) throws IOException {
        for (String l : Files.readAllLines(log)) {
            int at = l.indexOf(", run m-");
            if (at >= 0) return l.substring(at + 6, at + 6 + 18);
        }
        throw new AssertionError("no run id in " + Files.readString(log));
    }

    @ParameterizedTest(name = "[{0}] two workers, a driver killed with -9 and resumed: each pair once, θ = replay")
    @MethodSource("backends")
    void killedDriverResumesLosingAndDoubleCountingNothing(String backendName) throws Exception {
        KafkaBackend b = BACKENDS.get(backendName);
        Path dir = Files.createDirectories(BACKENDS.root().resolve(backendName + "-resume"));
        Path config = Fixtures.shortSessionConfig(dir);
        KafkaClients clients = KafkaClients.of(b.bootstrap(), config);
        Path registry = registry(dir);
        try (WorkerProcess w1 = WorkerProcess.start(b.bootstrap(), "t1", dir.resolve("t1.log"), "--engines", registry.toString(),
                "--kafka-config", config.toString());
             WorkerProcess w2 = WorkerProcess.start(b.bootstrap(), "t2", dir.resolve("t2.log"), "--engines", registry.toString(),
                "--kafka-config", config.toString())) {
            w1.awaitReady(60_000);
            w2.awaitReady(60_000);

            Path first = dir.resolve("driver-1.log");
            Process d1 = driver(b.bootstrap(), config, first, PARAM, false);
            String runId = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            int countedBeforeKill = 0;
            while (System.nanoTime() < deadline && d1.isAlive()) {
                if (runId == null && Files.readString(first).contains(", run m-")) runId = runId(first);
                if (runId != null) {
                    countedBeforeKill = (int) log(clients, runId).stream().filter(r -> r.result() != null).count();
                    if (countedBeforeKill >= 3) break;
                }
                Thread.sleep(100);
            }
            assertTrue(d1.isAlive(), "the driver ended before it could be killed: " + Files.readString(first));
            d1.destroyForcibly(); // SIGKILL: no shutdown hook, a transaction possibly open
            d1.waitFor(10, TimeUnit.SECONDS);
            assertTrue(countedBeforeKill >= 3 && countedBeforeKill < PAIRS, "counted before the kill: " + countedBeforeKill);

            Path second = dir.resolve("driver-2.log");
            Process d2 = driver(b.bootstrap(), config, second, PARAM, true);
            assertTrue(d2.waitFor(180, TimeUnit.SECONDS), "the resumed driver did not finish: " + Files.readString(second));
            String out = Files.readString(second);
            assertEquals(0, d2.exitValue(), out);
            assertTrue(out.contains("Resuming run " + runId), out);

            List<SpsaRecord> records = log(clients, runId);
            List<SpsaRecord> results = records.stream().filter(r -> r.result() != null).toList();
            List<SpsaRecord> probes = records.stream().filter(r -> r.result() == null).toList();
            // Each pair handed out once and counted once: iterations 1..N, no duplicate.
            assertEquals(PAIRS, probes.size(), "probes");
            assertEquals(PAIRS, probes.stream().map(r -> r.probe().k()).distinct().count());
            assertEquals(PAIRS, results.size(), "results");
            assertEquals(PAIRS, results.stream().map(r -> r.probe().k()).distinct().count());

            // Each result is the score of its two committed games, each game committed once.
            Map<String, JsonNode> games = new HashMap<>();
            Map<String, Long> perId = Fixtures.games(clients, runId).stream()
                .collect(Collectors.groupingBy(g -> g.get("game_id").asText(), Collectors.counting()));
            for (JsonNode g : Fixtures.games(clients, runId)) games.put(g.get("game_id").asText(), g);
            assertEquals(2 * PAIRS, perId.size());
            perId.forEach((id, n) -> assertEquals(1L, n, id));
            for (SpsaRecord r : results) {
                List<String> ids = r.result().gameIds();
                long k = r.probe().k();
                assertEquals(List.of(runId + "/" + (k - 1) + "/0", runId + "/" + (k - 1) + "/1"), ids);
                JsonNode g0 = games.get(ids.get(0)), g1 = games.get(ids.get(1));
                assertEquals("opt+", g0.get("white").asText());
                assertEquals("opt-", g1.get("white").asText());
                int expected = score(g0.get("result").asText()) - score(g1.get("result").asText());
                assertEquals(expected, r.result().result(), "pair " + k);
            }

            // θ: the logged results replayed, in log order, through the local update.
            SpsaParameter x = SpsaParameter.parse(PARAM);
            Spsa replay = new Spsa(List.of(x), SpsaSchedule.fishtest(PAIRS), Rounding.RANDOMIZED);
            for (SpsaRecord r : results) {
                assertArrayEquals(replay.theta(), r.result().before(), 1e-12, "θ before pair " + r.probe().k());
                SpsaStep step = replay.update(r.probe(), r.result().result());
                assertArrayEquals(step.after(), r.result().after(), 1e-12, "θ after pair " + r.probe().k());
            }
            String finalValue = org.rookery.workers.tune.TuneRunner.finalValues(List.of(x), replay.theta()).get(0);
            assertTrue(out.contains("setoption name X value " + finalValue + "\n") && out.contains("\nX=" + finalValue + "\n"), out);
        }
    }

    @ParameterizedTest(name = "[{0}] an option the workers' engine does not offer stops the driver with one line")
    @MethodSource("backends")
    void anOptionTheEngineLacksIsRejectedByTheWorkerAndStopsTheDriver(String backendName) throws Exception {
        KafkaBackend b = BACKENDS.get(backendName);
        Path dir = Files.createDirectories(BACKENDS.root().resolve(backendName + "-lacking"));
        Path config = Fixtures.shortSessionConfig(dir);
        Path registry = registry(dir);
        try (WorkerProcess w = WorkerProcess.start(b.bootstrap(), "t3", dir.resolve("t3.log"), "--engines", registry.toString(),
                "--kafka-config", config.toString())) {
            w.awaitReady(60_000);
            Path log = dir.resolve("driver.log");
            Process d = driver(b.bootstrap(), config, log, "Nope,10,0,100,10,0.05", false);
            assertTrue(d.waitFor(120, TimeUnit.SECONDS), "the driver did not stop: " + Files.readString(log));
            String out = Files.readString(log);
            assertTrue(d.exitValue() != 0, out);
            List<String> errors = out.lines().filter(l -> l.contains("rejected a task")).toList();
            assertEquals(1, errors.size(), out);
            assertTrue(errors.get(0).endsWith("could not be played: engine opt+ offers no option \"Nope\""), out);
            assertTrue(out.lines().noneMatch(l -> l.startsWith("\tat ")), "no stack trace: " + out);
        }
    }

    private static int score(String result) {
        return switch (result) {
            case "1-0" -> 1;
            case "0-1" -> -1;
            default -> 0;
        };
    }
}
