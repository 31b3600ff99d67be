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

    /**
     * Asserts that {@code replay}, the facts {@link GameReplay} gathered over SAN (what ingestion
     * stores), equals {@code scan}, the facts {@link DrawRuleScan} found over UCI, on every field.
     */
    static void assertSameFacts(DrawFacts scan, DrawFacts replay, String what) {
        assertEquals(scan.plies(), replay.plies(), what + ": plies");
        assertEquals(scan.threefoldPly(), replay.threefoldPly(), what + ": threefold ply");
        assertEquals(scan.fivefoldPly(), replay.fivefoldPly(), what + ": fivefold ply");
        assertEquals(scan.fiftyPly(), replay.fiftyPly(), what + ": fifty-move ply");
        assertEquals(scan.seventyFivePly(), replay.seventyFivePly(), what + ": seventy-five-move ply");
        assertEquals(scan.maxHalfmoveClock(), replay.maxHalfmoveClock(), what + ": max halfmove clock");
        assertEquals(scan.longestReversibleRun(), replay.longestReversibleRun(), what + ": longest reversible run");
        assertEquals(scan.repeatedPositions(), replay.repeatedPositions(), what + ": repeated positions");
        assertEquals(scan.maxRepetitions(), replay.maxRepetitions(), what + ": max repetitions");
        assertEquals(scan.finalRepetitions(), replay.finalRepetitions(), what + ": final repetitions");
        assertEquals(scan.finalHalfmoveClock(), replay.finalHalfmoveClock(), what + ": final halfmove clock");
        assertEquals(scan.complete(), replay.complete(), what + ": complete");
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
                assertSameFacts(s, f, what);
                assertEquals(replay.plies(), f.plies(), what);
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
