package org.rookery.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.notation.UciText;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.pgn.SelfPlayGames;

/** The draw-rule scan over UCI moves agrees with GameReplay over SAN, and its facts hold. */
class DrawRuleScanTest {
    private static List<String> uci(GameReplay r) {
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < r.plies(); i++) {
            moves.add(UciText.of(r.move(i)));
        }
        return moves;
    }

    private static void assertSameFacts(DrawFacts expected, DrawFacts actual, String what) {
        assertEquals(expected.plies(), actual.plies(), what);
        assertEquals(expected.threefoldPly(), actual.threefoldPly(), what);
        assertEquals(expected.fivefoldPly(), actual.fivefoldPly(), what);
        assertEquals(expected.fiftyPly(), actual.fiftyPly(), what);
        assertEquals(expected.seventyFivePly(), actual.seventyFivePly(), what);
        assertEquals(expected.maxHalfmoveClock(), actual.maxHalfmoveClock(), what);
        assertEquals(expected.longestReversibleRun(), actual.longestReversibleRun(), what);
        assertEquals(expected.repeatedPositions(), actual.repeatedPositions(), what);
        assertEquals(expected.maxRepetitions(), actual.maxRepetitions(), what);
        assertEquals(expected.finalRepetitions(), actual.finalRepetitions(), what);
        assertEquals(expected.finalHalfmoveClock(), actual.finalHalfmoveClock(), what);
        assertEquals(expected.complete(), actual.complete(), what);
    }

    @Test
    void agreesWithGameReplayOnEverySelfPlayGame() throws Exception {
        GameReplay replay = new GameReplay();
        DrawRuleScan scan = new DrawRuleScan();
        int games = 0;
        int threefold = 0;
        int fifty = 0;
        try (PgnReader r = SelfPlayGames.open()) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                assertTrue(replay.replay(g), replay.error());
                assertTrue(scan.scan(g.tag("FEN"), uci(replay)), scan.error());
                String what = "round " + g.tag("Round");
                assertSameFacts(scan.facts(), replay.facts(), what);
                assertEquals(replay.plies(), scan.facts().plies(), what);
                assertEquals(scan.facts().threefoldPly() >= 0, scan.facts().maxRepetitions() >= 3, what);
                games++;
                threefold += replay.facts().threefoldPly() >= 0 ? 1 : 0;
                fifty += replay.facts().fiftyPly() >= 0 ? 1 : 0;
            }
        }
        assertEquals(801, games);
        assertTrue(threefold > 20 && fifty > 3, "corpus exercises the rules: " + threefold + " " + fifty);
    }

    @Test
    void replayStoppedByAnIllegalMoveKeepsTheFactsBeforeIt() throws Exception {
        String pgn = "[Event \"x\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Ke3 *\n\n";
        GameReplay replay = new GameReplay();
        DrawRuleScan scan = new DrawRuleScan();
        try (PgnReader r = new PgnReader(new ByteArrayInputStream(pgn.getBytes(StandardCharsets.UTF_8)), "x")) {
            PgnGame g = new PgnGame();
            assertTrue(r.next(g));
            assertFalse(replay.replay(g));
        }
        assertFalse(scan.scan(null, List.of("g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "e1e3")));
        assertSameFacts(scan.facts(), replay.facts(), "cut-off game");
        assertEquals(8, replay.facts().threefoldPly());
        assertFalse(replay.facts().complete());
        assertFalse(replay.facts().threefoldClaimed("1/2-1/2"), "an unfinished replay claims nothing");
    }

    @Test
    void countsRepetitionsAndClaims() {
        DrawRuleScan s = new DrawRuleScan();
        List<String> shuffle = List.of("g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8");
        assertTrue(s.scan(null, shuffle));
        DrawFacts f = s.facts();
        assertEquals(8, f.threefoldPly(), "the initial position stands a third time after ply 8");
        assertEquals(-1, f.fivefoldPly());
        assertEquals(3, f.maxRepetitions());
        assertEquals(4, f.repeatedPositions(), "start, after Nf3, after Nf6 and after Ng1 each recur");
        assertEquals(8, f.longestReversibleRun());
        assertTrue(f.threefoldClaimed("1/2-1/2"));
        assertFalse(f.threefoldClaimed("1-0"));
        List<String> more = new ArrayList<>(shuffle);
        more.addAll(shuffle);
        assertTrue(s.scan(null, more));
        assertEquals(16, f.fivefoldPly());
        assertEquals(5, f.maxRepetitions(), "the repeats are counted again for the new game");
        assertFalse(f.threefoldClaimed("1/2-1/2"), "a fifth time ends the game by itself");
    }

    @Test
    void castlingRightsEndAReversibleRun() {
        DrawRuleScan s = new DrawRuleScan();
        // Kf1 loses White's rights, Kf8 Black's: the run restarts at both.
        assertTrue(s.scan("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30", List.of("e1f1", "e8f8", "f1e1", "f8e8",
                "e1f1", "e8f8", "f1e1", "f8e8", "e1f1", "e8f8")));
        assertEquals(8, s.facts().longestReversibleRun());
        assertEquals(3, s.facts().maxRepetitions());
        assertEquals(17, s.facts().maxHalfmoveClock(), "the start FEN's clock counts");
    }

    @Test
    void enPassantCountsOnlyWhenLegalAndCastlingRightsAlways() {
        DrawRuleScan s = new DrawRuleScan();
        // 1. e4 leaves no legal en-passant capture: the position after it recurs after 3. Ng1 and 5. Ng1.
        assertTrue(s.scan(null, List.of("e2e4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1")));
        assertEquals(9, s.facts().threefoldPly());
        // 2...d5 with a white pawn on e5: exd6 is legal, so the position after 2...d5 is a different
        // one from the same placement later; only two repetitions of the latter follow.
        assertTrue(s.scan(null, List.of("e2e4", "g8f6", "e4e5", "d7d5", "g1f3", "f6g8", "f3g1", "g8f6",
                "g1f3", "f6g8", "f3g1", "g8f6")));
        assertEquals(-1, s.facts().threefoldPly());
        // Kings stepping out and back lose castling rights: 1...e5 and 3...Ke8 are different positions.
        assertTrue(s.scan(null, List.of("e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1",
                "e7e8")));
        assertEquals(-1, s.facts().threefoldPly());
        assertEquals(6, s.facts().longestReversibleRun(), "the first king moves lose castling rights");
    }

    @Test
    void reportsIllegalMovesAndBadFens() {
        DrawRuleScan s = new DrawRuleScan();
        assertFalse(s.scan(null, List.of("e2e4", "e7e5", "e1e3")));
        assertTrue(s.error().startsWith("ply 3:"), s.error());
        assertEquals(2, s.facts().plies());
        assertFalse(s.scan("not a fen", List.of()));
        assertTrue(s.error().startsWith("start FEN"), s.error());
        assertEquals(0, s.facts().plies());
        assertEquals(1, s.facts().maxRepetitions());
    }

    @Test
    void restoredFactsClaimAsReplayedOnes() {
        DrawFacts f = new DrawFacts();
        f.restore(120, -1, -1, 110, -1, 119, 30, 0, 1, 1, 119);
        assertTrue(f.fiftyClaimed("1/2-1/2"));
        assertFalse(f.fiftyClaimed("0-1"));
        assertFalse(f.threefoldClaimed("1/2-1/2"));
        assertEquals(110, f.fiftyPly());
    }
}
