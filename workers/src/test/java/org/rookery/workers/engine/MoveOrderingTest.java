package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;

class MoveOrderingTest {
    // White can take the queen on d5 with the pawn e4 or the knight c3, the pawn on h6 with the
    // queen h2; g1f3 is quiet.
    private static final String FEN = "rnb1kbnr/ppp2pp1/7p/3q4/4P3/2N3P1/PPPP1P1Q/R1B1KBNR w KQkq - 0 1";

    private static int[] ordered(MoveOrdering ordering, Position pos, int ttMove) {
        int[] moves = new int[Position.MAX_MOVES], scores = new int[Position.MAX_MOVES];
        int n = pos.generateLegal(moves, 0);
        ordering.score(pos, moves, scores, 0, n, ttMove, 3);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = MoveOrdering.pickNext(moves, scores, i, n);
        return out;
    }

    @Test
    void ttMoveThenMvvLvaThenKillersThenHistory() {
        Position pos = Position.fromFen(FEN);
        Uci uci = new Uci();
        int tt = uci.parse(pos, "a2a3");
        int killer = uci.parse(pos, "g1f3");
        int liked = uci.parse(pos, "b2b3");
        MoveOrdering ordering = new MoveOrdering();
        ordering.onQuietCutoff(pos.sideToMove(), killer, 3, 4, new int[0], 0, 0);
        ordering.onQuietCutoff(pos.sideToMove(), liked, 7, 6, new int[0], 0, 0); // history only at ply 3
        int[] order = ordered(ordering, pos, tt);
        assertEquals("a2a3", Move.toUci(order[0]));
        assertEquals("e4d5", Move.toUci(order[1]), "pawn takes queen before knight takes queen");
        assertEquals("c3d5", Move.toUci(order[2]));
        assertEquals("h2h6", Move.toUci(order[3]));
        assertEquals("g1f3", Move.toUci(order[4]), "killer right after the captures");
        assertEquals("b2b3", Move.toUci(order[5]), "then the quiet move with the best history");
        assertTrue(ordering.isKiller(3, killer));
    }

    @Test
    void historyStaysBoundedAndFailedMovesLose() {
        MoveOrdering ordering = new MoveOrdering();
        int good = Move.of(6, 21, Move.QUIET), bad = Move.of(1, 18, Move.QUIET);
        for (int i = 0; i < 1000; i++) ordering.onQuietCutoff(0, good, 1, 30, new int[] {bad}, 0, 1);
        assertTrue(ordering.history(0, good) <= MoveOrdering.HISTORY_MAX);
        assertTrue(ordering.history(0, good) > MoveOrdering.HISTORY_MAX / 2);
        assertTrue(ordering.history(0, bad) >= -MoveOrdering.HISTORY_MAX);
        assertTrue(ordering.history(0, bad) < -MoveOrdering.HISTORY_MAX / 2);
        assertEquals(0, ordering.history(1, good), "history is per side");
        ordering.newSearch();
        assertTrue(ordering.history(0, good) <= MoveOrdering.HISTORY_MAX / 2 + 1);
        assertTrue(!ordering.isKiller(1, good), "killers do not survive into the next search");
    }

    @Test
    void underPromotionsComeLast() {
        Position pos = Position.fromFen("8/4P3/8/8/8/k7/8/4K3 w - - 0 1");
        int[] order = ordered(new MoveOrdering(), pos, Move.NONE);
        assertEquals("e7e8q", Move.toUci(order[0]));
        for (int i = order.length - 3; i < order.length; i++) {
            assertTrue(Move.isPromotion(order[i]), Move.toUci(order[i]));
        }
    }
}
