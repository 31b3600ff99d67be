package org.rookery.jobs.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.notation.UciText;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.rules.DrawFacts;
import org.rookery.core.rules.DrawRuleScan;
import org.rookery.jobs.Corpora;

/**
 * Ingestion stores the draw-rule facts {@link GameReplay} gathers over SAN; the draw-rules job
 * finds them by {@link DrawRuleScan} over UCI for games without them. Both must agree on every
 * fact of every game, the synthetic corpus' start-FEN games, shuffles and long clocks included.
 */
class DrawFactsCorpusTest {
    @TempDir
    Path dir;

    /** The moves of the last replay as UCI text. */
    static List<String> uci(GameReplay r) {
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < r.plies(); i++) {
            moves.add(UciText.of(r.move(i)));
        }
        return moves;
    }

    @Test
    void replayOverSanAndScanOverUciAgreeOnEveryFact() throws IOException {
        Path file = Corpora.synthetic(dir.resolve("c.pgn"), 22, 1500);
        String extra = "[Event \"x\"]\n[Site \"castling-shuffle\"]\n[Result \"1/2-1/2\"]\n"
                + "[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30\"]\n\n"
                + "30. Kf1 Kf8 31. Ke1 Ke8 32. Kf1 Kf8 33. Ke1 Ke8 34. Kf1 Kf8 1/2-1/2\n\n";
        Files.writeString(file, Files.readString(file) + extra);
        GameReplay replay = new GameReplay();
        DrawRuleScan scan = new DrawRuleScan();
        PgnGame g = new PgnGame();
        int games = 0;
        int repeated = 0;
        int threefold = 0;
        int fifty = 0;
        try (PgnReader r = new PgnReader(Files.newInputStream(file), "c")) {
            while (r.next(g)) {
                assertTrue(replay.replay(g), replay.error());
                assertTrue(scan.scan(g.tag("FEN"), uci(replay)), scan.error());
                DrawFacts s = scan.facts();
                DrawFacts f = replay.facts();
                String what = g.tag("Site") + " #" + g.gameNumber();
                assertEquals(s.plies(), f.plies(), what);
                assertEquals(replay.plies(), f.plies(), what);
                assertEquals(s.threefoldPly(), f.threefoldPly(), what);
                assertEquals(s.fivefoldPly(), f.fivefoldPly(), what);
                assertEquals(s.fiftyPly(), f.fiftyPly(), what);
                assertEquals(s.seventyFivePly(), f.seventyFivePly(), what);
                assertEquals(s.maxHalfmoveClock(), f.maxHalfmoveClock(), what);
                assertEquals(s.longestReversibleRun(), f.longestReversibleRun(), what);
                assertEquals(s.repeatedPositions(), f.repeatedPositions(), what);
                assertEquals(s.maxRepetitions(), f.maxRepetitions(), what);
                assertEquals(s.finalRepetitions(), f.finalRepetitions(), what);
                assertEquals(s.finalHalfmoveClock(), f.finalHalfmoveClock(), what);
                assertEquals(s.threefoldClaimed(g.result()), f.threefoldClaimed(g.result()), what);
                assertEquals(s.fiftyClaimed(g.result()), f.fiftyClaimed(g.result()), what);
                assertEquals(f.threefoldPly() >= 0, f.maxRepetitions() >= 3, what);
                assertTrue(f.longestReversibleRun() <= f.plies(), what);
                games++;
                repeated += f.repeatedPositions() > 0 ? 1 : 0;
                threefold += f.threefoldPly() >= 0 ? 1 : 0;
                fifty += f.fiftyPly() >= 0 ? 1 : 0;
                if ("castling-shuffle".equals(g.tag("Site"))) {
                    // Kf1 loses White's rights, Kf8 Black's: the run restarts at both.
                    assertEquals(8, f.longestReversibleRun(), what);
                    assertEquals(3, f.maxRepetitions(), what);
                }
            }
        }
        assertEquals(1501, games);
        assertTrue(repeated > 50, "corpus exercises repetitions: " + repeated);
        assertTrue(threefold > 20 && fifty > 3, "corpus exercises the rules: " + threefold + " " + fifty);
    }
}
