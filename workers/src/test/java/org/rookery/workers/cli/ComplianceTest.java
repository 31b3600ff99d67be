package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rookery.core.tools.ExternalTools;

/** {@code gauntlet --compliance}: Stockfish passes every step; broken engines fail at the step that names their fault. */
class ComplianceTest {
    @TempDir Path tmp;

    record Result(boolean passed, String out, String err) {}

    static Result check(String engine, String args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        boolean ok = new Compliance(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false)
            .run(engine, args);
        return new Result(ok, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void stockfishPassesEveryStep() {
        Path sf = ExternalTools.locate("stockfish");
        Assumptions.assumeTrue(sf != null, ExternalTools.installHint("stockfish") + "; test skipped");
        Result r = check(sf.toString(), "");
        assertTrue(r.passed(), r.out() + r.err());
        assertTrue(r.out().contains(" Passed Step 1: Start the engine"), r.out());
        assertTrue(r.out().contains(" Passed Step 33: Read bestmove after position startpos moves e2e4 e7e5"), r.out());
        assertTrue(r.out().endsWith("Engine passed all compliance checks.\n"), r.out());
        assertEquals("", r.err());
    }

    /** Engines in sh, each broken in one way; the failed step is the one that names it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "uci) echo 'id name X';;|1: Start the engine",
        "uci) echo 'id name X'; echo uciok;;|2: Check if engine is ready",
        "uci) echo uciok;; isready) echo readyok;;|3: Check id name",
        "uci) echo 'id name X'; echo uciok;; isready) echo readyok;;|4: Check id author",
        "uci) echo 'id name X'; echo 'id author Y'; echo uciok;; isready) echo readyok;;|10: Send go wtime 100",
        "uci) echo 'id name X'; echo 'id author Y'; echo uciok;; isready) echo readyok;; go*) echo 'bestmove a1a1';;|11: Read bestmove",
        "uci) echo 'id name X'; echo 'id author Y'; echo uciok;; isready) echo readyok;; go*) echo 'bestmove f1f2';;|12: Check if engine prints an info line",
        "uci) echo 'id name X'; echo 'id author Y'; echo uciok;; isready) echo readyok;; go*) echo 'info depth 1'; echo 'bestmove f1f2';;|13: Verify info line contains score",
    })
    void aBrokenEngineFailsAtItsStep(String cases, String step) throws Exception {
        Path s = tmp.resolve("e.sh");
        Files.writeString(s, "#!/bin/sh\nwhile read l; do case $l in " + cases + " quit) exit 0;; esac; done\n");
        s.toFile().setExecutable(true);
        Result r = check(s.toString(), "");
        assertFalse(r.passed());
        // Step 10 only writes: it fails when the engine is already gone, which this one is not; its fault shows at 11.
        String expected = step.startsWith("10:") ? "11: Read bestmove" : step;
        assertTrue(r.err().contains(" Failed Step " + expected), r.out() + "|" + r.err());
        assertFalse(r.out().contains("Engine passed"));
    }
}
