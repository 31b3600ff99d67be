package org.rookery.workers.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.clock.TimeControl;

/** An engine's stderr log exists only when the engine wrote something to stderr. */
class StderrLogTest {
    @TempDir Path tmp;

    private static final String LOOP = "while read l; do case $l in uci) echo uciok;; isready) echo readyok;; quit) exit 0;; esac; done";

    private static void runOnce(String script, Path log) throws Exception {
        try (UciEngine e = new UciEngine(new EngineConfig("e", "sh", List.of("-c", script), null, Map.of(), Map.of(),
                TimeControl.infinite(), 0, 0), log)) {
            e.start(10_000);
            assertTrue(e.ready(5_000));
        }
    }

    @Test
    void aSilentEngineLeavesNoLogAndNoDirectory() throws Exception {
        Path dir = tmp.resolve("logs");
        runOnce(LOOP, dir.resolve("e-0.stderr.log"));
        assertFalse(Files.exists(dir), "created " + dir);
    }

    @Test
    void whatAnEngineWritesToStderrIsAppendedToItsLog() throws Exception {
        Path log = tmp.resolve("logs").resolve("e-0.stderr.log");
        runOnce("echo warming up >&2; " + LOOP, log);
        runOnce("echo again >&2; " + LOOP, log);
        // The copier thread may trail the engine's exit by a moment.
        for (int i = 0; i < 50 && !(Files.exists(log) && Files.readString(log).contains("again")); i++) Thread.sleep(100);
        assertEquals("warming up\nagain\n", Files.readString(log));
    }
}
