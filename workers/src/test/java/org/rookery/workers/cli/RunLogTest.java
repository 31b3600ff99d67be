package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fastchess's -log file= level= compress= append=: the console's lines in the file by level; the console unchanged. */
class RunLogTest {
    @TempDir Path tmp;

    static void write(PrintStream out) {
        out.println("Started game 1 of 2 (A vs B)");
        out.println("Finished game 1 (A vs B): 1-0 {White mates}");
        out.println("Warning: engine A does not offer the UCI option Foo; option.Foo= has no effect");
        out.print("rookery gauntlet: slot 0 failed: boom\n");
        out.close();
    }

    @Test
    void levelsFilterTheLinesAndTheConsoleKeepsThemAll() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path f = tmp.resolve("logs/run.log");
        write(RunLog.tee(new PrintStream(console, true, StandardCharsets.UTF_8), new RunLog.Options(f, RunLog.Level.WARN, false, true, true)));
        assertEquals(4, console.toString(StandardCharsets.UTF_8).lines().count());
        List<String> lines = Files.readAllLines(f);
        assertEquals(2, lines.size(), lines.toString());
        // fastchess's form (its issues #614 and #486 show it): [LEVEL ] [hh:mm:ss.micros] <fastchess> text
        assertTrue(lines.get(0).matches("\\[WARN  \\] \\[\\d\\d:\\d\\d:\\d\\d\\.\\d{6}\\] <fastchess> Warning: engine A .*"), lines.get(0));
        assertTrue(lines.get(1).startsWith("[ERR   ] ") && lines.get(1).endsWith("<fastchess> rookery gauntlet: slot 0 failed: boom"), lines.get(1));
        // append=true (the default) adds; append=false starts the file empty; trace keeps every line.
        write(RunLog.tee(new PrintStream(new ByteArrayOutputStream()), new RunLog.Options(f, RunLog.Level.ERR, false, false, true)));
        assertEquals(3, Files.readAllLines(f).size());
        write(RunLog.tee(new PrintStream(new ByteArrayOutputStream()), new RunLog.Options(f, RunLog.Level.TRACE, false, false, false)));
        assertEquals(4, Files.readAllLines(f).size());
    }

    @Test
    void compressGzipsTheFile() throws Exception {
        Path f = tmp.resolve("run.log.gz");
        write(RunLog.tee(new PrintStream(new ByteArrayOutputStream()), new RunLog.Options(f, RunLog.Level.INFO, true, false, false)));
        try (var in = new GZIPInputStream(Files.newInputStream(f))) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(3, text.lines().count(), text);
            assertTrue(text.contains("[INFO  ] ") && text.contains("Finished game 1"), text);
        }
    }
}
