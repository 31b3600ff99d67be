package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.tasks.PairTask;
import org.rookery.workers.engine.Bench;

/** Engine signatures: a registry entry's {@code bench} node count must be what the engine's bench gives, or the task is refused. */
class EngineSignatureTest {
    private static final Path STOCKFISH = Path.of("/usr/games/stockfish");

    @TempDir
    Path tmp;

    private static PairTask task(String a, String b) throws Exception {
        return Fixtures.define("-engine", "name=" + a, "tc=1+0", "-engine", "name=" + b, "tc=1+0", "-rounds", "1", "-games", "2").tasks().get(0);
    }

    @Test
    void theBuiltInEnginesBenchIsItsSignature() throws Exception {
        long nodes = Bench.run(Bench.DEFAULT_DEPTH, 16, new PrintWriter(Writer.nullWriter())).nodes();
        assertTrue(nodes > 1000, "bench searched " + nodes);
        EngineRegistry registry = EngineRegistry.load(Files.writeString(tmp.resolve("engines.yaml"),
            "engines:\n  same: {cmd: builtin, bench: " + nodes + "}\n  other: {cmd: builtin, bench: " + (nodes + 1) + "}\n"));
        try (EnginePlayer p = new EnginePlayer(registry, 10_000, null, 0)) {
            assertDoesNotThrow(() -> p.check(task("same", "builtin")));
            BadRecordException e = assertThrows(BadRecordException.class, () -> p.check(task("same", "other")));
            assertEquals("engine \"other\": its bench gives " + nodes + " nodes, this worker's registry expects " + (nodes + 1)
                + " (bench: " + (nodes + 1) + "): another build of the engine; the worker refuses the task", e.getMessage());
        }
    }

    @Test
    void stockfishsBenchIsReadFromItsOutput() throws Exception {
        assumeTrue(Files.isExecutable(STOCKFISH), "skipped: no Stockfish at " + STOCKFISH + " (apt-get install stockfish)");
        // The oracle: Stockfish's own total, read here from its output independently of EngineBench.
        Process sf = new ProcessBuilder(STOCKFISH.toString(), "bench", "16", "1", "6").redirectErrorStream(true).start();
        String text = new String(sf.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        sf.waitFor();
        Matcher m = Pattern.compile("Nodes searched\\s*:\\s*(\\d+)").matcher(text);
        assertTrue(m.find(), text);
        long nodes = Long.parseLong(m.group(1));
        EngineRegistry registry = EngineRegistry.load(Files.writeString(tmp.resolve("engines.yaml"),
            "engines:\n  sf: {cmd: " + STOCKFISH + ", bench: " + nodes + ", bench_args: [16, 1, 6]}\n"
                + "  sf-old: {cmd: " + STOCKFISH + ", bench: 12345, bench_args: [16, 1, 6]}\n"));
        assertEquals(nodes, registry.bench(registry.find("sf").orElseThrow()).nodes());
        assertTrue(registry.bench(registry.find("sf").orElseThrow()).nps() > 0);
        try (EnginePlayer p = new EnginePlayer(registry, 10_000, null, 0)) {
            assertDoesNotThrow(() -> p.check(task("sf", "builtin")));
            BadRecordException e = assertThrows(BadRecordException.class, () -> p.check(task("sf-old", "sf")));
            assertTrue(e.getMessage().startsWith("engine \"sf-old\": its bench gives " + nodes + " nodes, this worker's registry expects 12345"),
                e.getMessage());
        }
    }

    @Test
    void aBenchWithoutANodeCountIsAClearReason() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> EngineBench.parse("engine x: 'x bench'", "Unknown command: bench\n"));
        assertEquals("engine x: 'x bench' printed no node count ('Nodes searched : N')", e.getMessage());
        assertEquals(new EngineBench.Result(3467381, 199515), EngineBench.parse("w",
            "Nodes searched  : 3467381\nNodes/second    : 199515\n"));
    }
}
