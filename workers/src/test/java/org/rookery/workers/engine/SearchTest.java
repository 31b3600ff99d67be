package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Result;

class SearchTest {

    private static Search newSearch() {
        return new Search(new TranspositionTable(4));
    }

    // Mate puzzles whose mating first move Stockfish 15 confirms is unique (multipv 3 at depth 16).
    @ParameterizedTest(name = "mate in {1}: {0}")
    @CsvSource({
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1, 1, a1a8",
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1, 2, d5f6",
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1, 3, f8c5",
        "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1, 3, f6a6",
        "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1, 3, b1g6",
    })
    void findsMates(String fen, int mateIn, String move) {
        SearchResult r = newSearch().run(Position.fromFen(fen), SearchLimits.ofDepth(2 * mateIn + 2));
        assertEquals(move, Move.toUci(r.bestMove()));
        assertTrue(Score.isMate(r.score()), "score " + r.score());
        assertEquals(mateIn, Score.mateMoves(r.score()));
    }

    @Test
    void reportsBeingMatedAsNegativeMate() {
        // After 1.Nf6+ Black's only move gxf6 allows 2.Bxf7#; Stockfish reports "mate -1".
        Position pos = Position.fromFen("r2qkb1r/pp2nppp/3p1N2/2p1N1B1/2BnP3/3P4/PPP2PPP/R2bK2R b KQkq - 2 1");
        SearchResult r = newSearch().run(pos, SearchLimits.ofDepth(4));
        assertEquals("g7f6", Move.toUci(r.bestMove()));
        assertEquals(Score.matedIn(2), r.score());
        assertEquals(-1, Score.mateMoves(r.score()));
    }

    @Test
    void noLegalMoveGivesNoneAndMateOrDrawScore() {
        SearchResult mated = newSearch().run(Position.fromFen("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1"), SearchLimits.ofDepth(3));
        assertEquals(Move.NONE, mated.bestMove());
        assertEquals("bestmove 0000", mated.toUci());
        assertEquals(Score.matedIn(0), mated.score());
        SearchResult stalemate = newSearch().run(Position.fromFen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"), SearchLimits.ofDepth(3));
        assertEquals(Move.NONE, stalemate.bestMove());
        assertEquals(Score.DRAW, stalemate.score());
    }

    @Test
    void prefersMateToStalemate() {
        // Qc7 and Qg6-style moves stalemate; Qc8 mates.
        for (String fen : List.of("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1")) {
            for (int depth = 1; depth <= 4; depth++) {
                Position pos = Position.fromFen(fen);
                SearchResult r = newSearch().run(pos, SearchLimits.ofDepth(depth));
                pos.makeMove(r.bestMove());
                assertTrue(pos.isCheckmate(), fen + " depth " + depth + ": played " + Move.toUci(r.bestMove()));
            }
        }
    }

    @Test
    void convertsKqkWithoutStalemate() {
        // Both sides played by the engine; the bare king flees as well as it can.
        Position pos = Position.fromFen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
        Search search = newSearch();
        Outcome outcome = null;
        for (int ply = 0; ply < 80 && outcome == null; ply++) {
            SearchResult r = search.run(pos, SearchLimits.ofNodes(20_000));
            pos.makeMove(r.bestMove());
            outcome = GameRules.automaticOutcome(pos);
            if (outcome == null) outcome = GameRules.claimableDraw(pos);
        }
        assertNotNull(outcome, "no mate within 40 moves: " + pos.toFen());
        assertEquals(Result.WHITE_WINS, outcome.result(), outcome.toString());
    }

    @Test
    void takesHangingQueen() {
        Position pos = Position.fromFen("rnb1kbnr/pppp1ppp/8/4p1q1/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3");
        for (int depth = 1; depth <= 5; depth++) {
            assertEquals("c1g5", Move.toUci(newSearch().run(pos, SearchLimits.ofDepth(depth)).bestMove()), "depth " + depth);
        }
    }

    @Test
    void avoidsHangingItsOwnQueen() {
        // A queen up, White must not play Qxf7+?? Kxf7, which gives the queen back for a pawn.
        Position pos = Position.fromFen("rnb1kbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 1");
        for (int depth = 1; depth <= 5; depth++) {
            SearchResult r = newSearch().run(pos, SearchLimits.ofDepth(depth));
            assertNotEquals("f3f7", Move.toUci(r.bestMove()), "depth " + depth);
            assertTrue(r.score() > 600, "depth " + depth + " score " + r.score());
        }
    }

    @Test
    void respectsDepthLimitAndReportsEachIteration() {
        List<SearchInfo> infos = new ArrayList<>();
        SearchResult r = newSearch().run(new Position(), SearchLimits.ofDepth(6), new SearchSignals(false), infos::add);
        assertEquals(6, r.depth());
        assertEquals(6, infos.size());
        for (int i = 0; i < infos.size(); i++) {
            SearchInfo info = infos.get(i);
            assertEquals(i + 1, info.depth());
            assertTrue(info.seldepth() >= info.depth(), info.toUci());
            assertTrue(info.pv().length >= 1);
            assertEquals(r.bestMove(), infos.get(infos.size() - 1).pv()[0]);
            if (i > 0) assertTrue(info.nodes() > infos.get(i - 1).nodes());
        }
        assertTrue(infos.get(5).toUci().matches("info depth 6 seldepth \\d+ multipv 1 score cp -?\\d+ nodes \\d+ nps \\d+ hashfull \\d+ time \\d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+"),
            infos.get(5).toUci());
    }

    @ParameterizedTest
    @CsvSource({"1", "100", "1000", "5000", "20000"})
    void respectsNodeLimit(long limit) {
        SearchResult r = newSearch().run(new Position(), SearchLimits.ofNodes(limit));
        assertTrue(r.nodes() <= limit, r.nodes() + " > " + limit);
        assertTrue(r.nodes() >= limit - 1, "stopped early at " + r.nodes());
        assertTrue(new Position().isLegal(r.bestMove()), "illegal " + Move.toUci(r.bestMove()));
    }

    @Test
    void movetimeStopsTheSearchOnAFakeClock() {
        // The clock advances 1 ms per reading and is read every 1024 nodes, so a 200 ms move time
        // must end after roughly 200 polls: between 100 and 210 thousand nodes (never wall-clock).
        AtomicLong now = new AtomicLong();
        Search search = new Search(new TranspositionTable(4), () -> now.addAndGet(1_000_000));
        search.setMoveOverhead(0);
        SearchResult r = search.run(new Position(), SearchLimits.none().withMoveTime(200));
        assertTrue(r.nodes() > 100 * 1024 && r.nodes() < 210 * 1024, "nodes " + r.nodes());
        assertTrue(r.depth() >= 4, "depth " + r.depth());
    }

    @Test
    void clockTimeEndsTheSearchWithinTheHardLimit() {
        AtomicLong now = new AtomicLong();
        Search search = new Search(new TranspositionTable(4), () -> now.addAndGet(1_000_000));
        search.setMoveOverhead(0);
        SearchLimits limits = SearchLimits.parse("wtime 3000 btime 3000".split(" "), 0, new ArrayList<>());
        TimeManager tm = TimeManager.of(limits, 0, 0);
        SearchResult r = search.run(new Position(), limits);
        assertTrue(r.nodes() <= (tm.maximumMs() + 2) * 1024, "nodes " + r.nodes() + " for max " + tm.maximumMs() + " ms");
        assertTrue(r.depth() >= 3);
    }

    @Test
    void searchMovesRestrictsTheRoot() {
        Position pos = Position.fromFen("rnb1kbnr/pppp1ppp/8/4p1q1/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3");
        SearchLimits limits = SearchLimits.parse("depth 4 searchmoves a2a3 h2h3".split(" "), 0, new ArrayList<>());
        String best = Move.toUci(newSearch().run(pos, limits).bestMove());
        assertTrue(best.equals("a2a3") || best.equals("h2h3"), best);
    }

    @Test
    void searchLeavesThePositionAsItFoundIt() {
        Position pos = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        String fen = pos.toFen();
        long key = pos.key();
        int ply = pos.ply();
        newSearch().run(pos, SearchLimits.ofDepth(5));
        assertEquals(fen, pos.toFen());
        assertEquals(key, pos.key());
        assertEquals(ply, pos.ply());
    }

    @Test
    void scoresRepetitionAsDrawWhenLosing() {
        // Two rooks down and facing mate, White has perpetual check: Qe8+ Kh7 Qh5+ Kg8 Qe8+
        // (Stockfish at depth 20: e1e8, cp 0).
        Position pos = Position.fromFen("6k1/5pp1/8/8/8/2r5/2r2PPP/4Q1K1 w - - 0 1");
        SearchResult r = newSearch().run(pos, SearchLimits.ofDepth(8));
        assertEquals("e1e8", Move.toUci(r.bestMove()));
        assertFalse(Score.isMate(r.score()));
        assertTrue(Math.abs(r.score()) < 100, "score " + r.score());
    }
}
