package org.rookery.jobs.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.dimensions.GameYear;
import org.rookery.contract.dimensions.RatingBand;
import org.rookery.contract.dimensions.TimeControlClass;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.ingest.GameRows;

/** The draw-rule scan over UCI moves agrees with core's GameReplay over SAN, and its own facts hold. */
class DrawRuleScanTest {
    @TempDir
    Path dir;

    static List<String> uci(GameReplay r) {
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < r.plies(); i++) {
            moves.add(GameRows.uci(r.move(i)));
        }
        return moves;
    }

    @Test
    void agreesWithGameReplayOnEveryGame() throws IOException {
        Path file = Corpora.synthetic(dir.resolve("c.pgn"), 21, 1500);
        GameReplay replay = new GameReplay();
        DrawRuleScan scan = new DrawRuleScan();
        PgnGame g = new PgnGame();
        int threefold = 0;
        int fifty = 0;
        try (PgnReader r = new PgnReader(Files.newInputStream(file), "c")) {
            while (r.next(g)) {
                assertTrue(replay.replay(g), replay.error());
                assertTrue(scan.scan(g.tag("FEN"), uci(replay)), scan.error());
                String what = g.tag("Site");
                assertEquals(replay.threefoldPly(), scan.threefoldPly(), what);
                assertEquals(replay.fivefoldPly(), scan.fivefoldPly(), what);
                assertEquals(replay.fiftyPly(), scan.fiftyPly(), what);
                assertEquals(replay.seventyFivePly(), scan.seventyFivePly(), what);
                assertEquals(replay.maxHalfmoveClock(), scan.maxHalfmoveClock(), what);
                assertEquals(scan.threefoldPly() >= 0, scan.maxRepetitions() >= 3, what);
                assertTrue(scan.longestReversibleRun() <= scan.plies());
                threefold += scan.threefoldPly() >= 0 ? 1 : 0;
                fifty += scan.fiftyPly() >= 0 ? 1 : 0;
            }
        }
        assertTrue(threefold > 20 && fifty > 3, "corpus exercises the rules: " + threefold + " " + fifty);
    }

    /**
     * Ingestion stores the facts {@link DrawRuleScan#collect} reads from the board it replayed; the
     * draw-rules job used to compute them by {@link DrawRuleScan#scan}. Both must agree on every
     * fact of every game, the corpus' start-FEN games, shuffles and long clocks included.
     */
    @Test
    void collectingFromTheReplayedBoardAgreesWithTheUciScan() throws IOException {
        Path file = Corpora.synthetic(dir.resolve("c.pgn"), 22, 1500);
        String extra = "[Event \"x\"]\n[Site \"castling-shuffle\"]\n[Result \"1/2-1/2\"]\n"
                + "[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30\"]\n\n"
                + "30. Kf1 Kf8 31. Ke1 Ke8 32. Kf1 Kf8 33. Ke1 Ke8 34. Kf1 Kf8 1/2-1/2\n\n";
        Files.writeString(file, Files.readString(file) + extra);
        GameReplay replay = new GameReplay();
        DrawRuleScan scan = new DrawRuleScan();
        DrawRuleScan collected = new DrawRuleScan();
        PgnGame g = new PgnGame();
        int games = 0;
        int repeated = 0;
        try (PgnReader r = new PgnReader(Files.newInputStream(file), "c")) {
            while (r.next(g)) {
                assertTrue(replay.replay(g), replay.error());
                assertTrue(scan.scan(g.tag("FEN"), uci(replay)), scan.error());
                collected.collect(replay.position());
                String what = g.tag("Site") + " #" + g.gameNumber();
                assertEquals(scan.plies(), collected.plies(), what);
                assertEquals(scan.threefoldPly(), collected.threefoldPly(), what);
                assertEquals(scan.fivefoldPly(), collected.fivefoldPly(), what);
                assertEquals(scan.fiftyPly(), collected.fiftyPly(), what);
                assertEquals(scan.seventyFivePly(), collected.seventyFivePly(), what);
                assertEquals(scan.maxHalfmoveClock(), collected.maxHalfmoveClock(), what);
                assertEquals(scan.longestReversibleRun(), collected.longestReversibleRun(), what);
                assertEquals(scan.repeatedPositions(), collected.repeatedPositions(), what);
                assertEquals(scan.maxRepetitions(), collected.maxRepetitions(), what);
                assertEquals(scan.finalRepetitions(), collected.finalRepetitions(), what);
                assertEquals(scan.finalHalfmoveClock(), collected.finalHalfmoveClock(), what);
                games++;
                repeated += scan.repeatedPositions() > 0 ? 1 : 0;
                if ("castling-shuffle".equals(g.tag("Site"))) {
                    // Kf1 loses White's rights, Kf8 Black's: the run restarts at both.
                    assertEquals(8, collected.longestReversibleRun(), what);
                    assertEquals(3, collected.maxRepetitions(), what);
                }
            }
        }
        assertEquals(1501, games);
        assertTrue(repeated > 50, "corpus exercises repetitions: " + repeated);
    }

    @Test
    void countsRepetitionsAndClaims() {
        DrawRuleScan s = new DrawRuleScan();
        List<String> shuffle = List.of("g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8");
        assertTrue(s.scan(null, shuffle));
        assertEquals(8, s.threefoldPly(), "the initial position stands a third time after ply 8");
        assertEquals(-1, s.fivefoldPly());
        assertEquals(3, s.maxRepetitions());
        assertEquals(4, s.repeatedPositions(), "start, after Nf3, after Nf6 and after Ng1 each recur");
        assertEquals(8, s.longestReversibleRun());
        assertTrue(s.threefoldClaimed("1/2-1/2"));
        assertFalse(s.threefoldClaimed("1-0"));
        List<String> more = new ArrayList<>(shuffle);
        more.addAll(shuffle);
        assertTrue(s.scan(null, more));
        assertEquals(16, s.fivefoldPly());
        assertFalse(s.threefoldClaimed("1/2-1/2"), "a fifth time ends the game by itself");
    }

    @Test
    void enPassantCountsOnlyWhenLegalAndCastlingRightsAlways() {
        DrawRuleScan s = new DrawRuleScan();
        // 1. e4 leaves no legal en-passant capture: the position after it recurs after 3. Ng1 and 5. Ng1.
        assertTrue(s.scan(null, List.of("e2e4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1")));
        assertEquals(9, s.threefoldPly());
        // 2...d5 with a white pawn on e5: exd6 is legal, so the position after 2...d5 is a different
        // one from the same placement later; only two repetitions of the latter follow.
        assertTrue(s.scan(null, List.of("e2e4", "g8f6", "e4e5", "d7d5", "g1f3", "f6g8", "f3g1", "g8f6",
                "g1f3", "f6g8", "f3g1", "g8f6")));
        assertEquals(-1, s.threefoldPly());
        // Kings stepping out and back lose castling rights: 1...e5 and 3...Ke8 are different positions.
        assertTrue(s.scan(null, List.of("e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1",
                "e7e8")));
        assertEquals(-1, s.threefoldPly());
        assertEquals(6, s.longestReversibleRun(), "the first king moves lose castling rights");
    }

    @Test
    void reportsIllegalMovesAndBadFens() {
        DrawRuleScan s = new DrawRuleScan();
        assertFalse(s.scan(null, List.of("e2e4", "e7e5", "e1e3")));
        assertTrue(s.error().startsWith("ply 3:"), s.error());
        assertEquals(2, s.plies());
        assertFalse(s.scan("not a fen", List.of()));
        assertTrue(s.error().startsWith("start FEN"), s.error());
    }

    @Test
    void timeControlClassesAndBands() {
        assertEquals("bullet", TimeControlClass.of("60+0", null));
        assertEquals("blitz", TimeControlClass.of("180+2", null));
        assertEquals("rapid", TimeControlClass.of("600+5", null));
        assertEquals("classical", TimeControlClass.of("40/7200:3600", null));
        assertEquals("correspondence", TimeControlClass.of("-", null));
        assertEquals("ultrabullet", TimeControlClass.of("15+0", null));
        assertEquals(TimeControlClass.UNKNOWN, TimeControlClass.of("?", null));
        assertEquals(TimeControlClass.UNKNOWN, TimeControlClass.of("banana", null));
        assertEquals("1400-1599", RatingBand.of(1500, 1550));
        assertEquals("2600+", RatingBand.of(2700, 2650));
        assertEquals("<1000", RatingBand.of(900, 950));
        assertEquals(RatingBand.UNRATED, RatingBand.of(1500, null));
        assertEquals(2019, GameYear.of("2019.??.??"));
        assertEquals(null, GameYear.of("????.??.??"));
    }
}
