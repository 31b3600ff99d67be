package org.rookery.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Chess960 castling rights hashed by their rook file, with Polyglot's keys for the corner files. */
class Chess960ZobristTest {
    @Test
    void cornerRooksKeepPolyglotKeys() {
        for (int color = 0; color < 2; color++) {
            assertEquals(PolyglotRandom.RANDOM64[768 + 2 * color], Zobrist.CASTLING_ROOK[color][7]);
            assertEquals(PolyglotRandom.RANDOM64[769 + 2 * color], Zobrist.CASTLING_ROOK[color][0]);
        }
        assertEquals(Position.fromFen(Position.START_FEN).key(), Position.fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").key());
    }

    @Test
    void everyColourAndFileHasItsOwnKey() {
        Set<Long> keys = new HashSet<>();
        for (long[] byFile : Zobrist.CASTLING_ROOK) for (long k : byFile) keys.add(k);
        assertEquals(16, keys.size());
        for (long k : PolyglotRandom.RANDOM64) keys.remove(k);
        assertEquals(12, keys.size(), "only the four corner keys are Polyglot's");
    }

    @Test
    void theSamePlacementWithRightsOnOtherRooksHashesApart() {
        Position outer = Position.fromFen("4k3/8/8/8/8/8/8/4KR1R w H - 0 1");
        Position inner = Position.fromFen("4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
        Position none = Position.fromFen("4k3/8/8/8/8/8/8/4KR1R w - - 0 1");
        assertNotEquals(outer.key(), inner.key());
        assertNotEquals(none.key(), inner.key());
        assertEquals(none.key() ^ Zobrist.CASTLING_ROOK[0][5], inner.key());
        assertEquals(inner.computeKey(), inner.key());
    }

    @Test
    void losingARightByMovingItsRookUpdatesTheKeyIncrementally() {
        Position p = Position.fromFen("1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1");
        int[] moves = new int[Position.MAX_MOVES];
        int n = p.generateLegal(moves, 0);
        for (int i = 0; i < n; i++) {
            long before = p.key();
            p.makeMove(moves[i]);
            assertEquals(p.computeKey(), p.key(), Move.toUci(moves[i]));
            p.unmakeMove();
            assertEquals(before, p.key());
        }
    }
}
