package org.rookery.bench.analyze;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.cli.Cli;

/** The arguments are checked before Spark starts or a corpus is generated. */
class AnalyzeBenchCommandTest {
    @TempDir Path dir;

    static String errorOf(String... args) {
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(2, Cli.run(new AnalyzeBenchCommand(), args));
        } finally {
            System.setErr(old);
        }
        return err.toString(StandardCharsets.UTF_8).strip();
    }

    @Test
    void tooFewGamesOrRoundsAreUsageErrors() {
        assertEquals("rookery bench analyze: --games must be at least 1000", errorOf("--games", "999"));
        assertEquals("rookery bench analyze: --rounds must be at least 1", errorOf("--rounds", "0"));
    }

    @Test
    void aMissingCorpusIsNamed() {
        Path missing = dir.resolve("none.pgn");
        assertEquals("rookery bench analyze: --corpus must be an existing .pgn, .pgn.gz, .pgn.bz2 or .pgn.zst file: "
                + missing, errorOf("--corpus", missing.toString()));
    }

    @Test
    void aCorpusThatIsNoPgnIsNamed() throws java.io.IOException {
        Path text = java.nio.file.Files.writeString(dir.resolve("games.txt"), "1. e4 e5 *\n");
        assertEquals("rookery bench analyze: --corpus must be an existing .pgn, .pgn.gz, .pgn.bz2 or .pgn.zst file: "
                + text, errorOf("--corpus", text.toString()));
    }
}
