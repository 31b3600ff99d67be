package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rookery.core.cli.Cli;
import picocli.CommandLine;

class EngineMainTest {

    @Test
    void optionsBecomeSettings() {
        EngineMain main = new EngineMain();
        new CommandLine(main).parseArgs("--depth", "6", "--nodes", "50000", "--level", "7", "--hash", "64", "--seed", "9");
        EngineSettings s = main.settings();
        assertEquals(new EngineSettings(6, 50000, 7, 64, 9, EngineSettings.DEFAULT_MOVE_OVERHEAD_MS), s);
        EngineMain none = new EngineMain();
        new CommandLine(none).parseArgs();
        assertEquals(EngineSettings.defaults(), none.settings());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--level=21", "--level=-1", "--hash=0", "--hash=5000", "--depth=-2", "--depth=500", "--nodes=-1", "--seed=-4", "--nodes=many", "--bogus"})
    void badOptionsAreUsageErrors(String arg) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertEquals(2, Cli.run(new EngineMain(), new String[] {arg}));
        } finally {
            System.setErr(err);
        }
        String message = captured.toString(StandardCharsets.UTF_8);
        assertTrue(message.startsWith("rookery engine: "), message);
        assertTrue(!message.contains("\tat "), "no stack trace: " + message);
    }

    @Test
    void benchPrintsNodesAndSpeed() {
        StringWriter text = new StringWriter();
        int status = new CommandLine(new EngineMain()).setOut(new PrintWriter(text)).execute("--bench", "--depth", "3");
        assertEquals(0, status);
        String out = text.toString();
        assertEquals(Bench.POSITIONS.size() + 1, out.lines().count(), out);
        assertTrue(out.lines().reduce((a, b) -> b).orElseThrow().matches("bench depth 3: nodes [1-9]\\d* time_ms \\d+ nps \\d+"), out);
    }

    @Test
    void speaksUciOnStandardStreams() {
        InputStream in = System.in;
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setIn(new ByteArrayInputStream("uci\nisready\nposition startpos\ngo\n".getBytes(StandardCharsets.UTF_8)));
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int status;
        try {
            status = Cli.run(new EngineMain(), new String[] {"--depth", "2"});
        } finally {
            System.setIn(in);
            System.setOut(out);
        }
        assertEquals(0, status);
        String text = captured.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("\nuciok\nreadyok\n"), text);
        // "go" alone takes --depth 2; the end of input lets that bounded search finish.
        assertTrue(text.contains("info depth 2 ") && !text.contains("info depth 3 "), text);
        assertTrue(text.matches("(?s).*\nbestmove [a-h][1-8][a-h][1-8].*"), text);
    }
}
