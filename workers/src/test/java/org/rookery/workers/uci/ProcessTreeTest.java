package org.rookery.workers.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.testengines.EngineHolder;
import org.rookery.workers.testengines.TreeEngine;

/** Nothing an engine starts outlives it: forked children, setsid'd children, and a parent killed with -9. */
class ProcessTreeTest {
    @TempDir Path tmp;

    private static UciEngine engine(TreeEngine t, String mode) {
        List<String> cl = t.commandLine(mode);
        return new UciEngine(new EngineConfig(mode, cl.get(0), cl.subList(1, cl.size()), null, Map.of(), Map.of(),
            TimeControl.infinite(), 0, 0), null);
    }

    /** Starts the engine, sees it and its child run, then lets it exit at its first go. */
    private static void exitLeavingChild(TreeEngine t, UciEngine e) throws Exception {
        e.start(10_000);
        assertTrue(t.awaitRunning(2, 5_000).size() >= 2, "the engine and its child run: " + t.running());
        SearchResult r = e.go("position startpos", "infinite", System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
        assertEquals(SearchResult.Status.DISCONNECTED, r.status());
    }

    @ParameterizedTest(name = "a child started with {0} ends when its engine exits, before anyone closes the engine")
    @ValueSource(strings = {"fork", "setsid"})
    void aChildOfAnEngineThatExitsEndsWithIt(String mode) throws Exception {
        TreeEngine t = TreeEngine.write(tmp);
        try (UciEngine e = engine(t, mode)) {
            exitLeavingChild(t, e);
            assertEquals(List.of(), t.awaitNoneLeft(5_000));
        }
    }

    @Test
    void closingAHungEngineEndsItsChildToo() throws Exception {
        TreeEngine t = TreeEngine.write(tmp);
        UciEngine e = engine(t, "hang");
        e.start(10_000);
        SearchResult r = e.go("position startpos", "infinite", System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300));
        assertEquals(SearchResult.Status.TIMEOUT, r.status());
        assertTrue(t.running().size() >= 2, "the engine and its child run: " + t.running());
        e.close();
        assertEquals(List.of(), t.awaitNoneLeft(5_000));
    }

    @Test
    void aHungEngineAndItsChildEndWhenTheirParentIsKilledWithSigkill() throws Exception {
        TreeEngine t = TreeEngine.write(tmp);
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), EngineHolder.class.getName()));
        cmd.addAll(t.commandLine("hang"));
        Process holder = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("started", out.readLine());
            assertTrue(t.awaitRunning(3, 5_000).size() >= 3, "the engine and its child run: " + t.running());
            holder.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertTrue(holder.waitFor(10, TimeUnit.SECONDS));
            assertEquals(List.of(), t.awaitNoneLeft(10_000));
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void aMissingCommandStillFailsWithOneLineNamingIt() {
        UciEngine e = new UciEngine(new EngineConfig("ghost", "/nonexistent/engine", List.of(), null, Map.of(), Map.of(),
            TimeControl.infinite(), 0, 0), null);
        EngineException ex = org.junit.jupiter.api.Assertions.assertThrows(EngineException.class, () -> e.start(5_000));
        assertTrue(ex.getMessage().startsWith("engine ghost: cannot start \"/nonexistent/engine\""), ex.getMessage());
    }
}
