package org.rookery.endgame.generate;

import org.rookery.core.board.Piece;
import org.rookery.endgame.index.TableIndex;

/**
 * {@link TableIndex#pawnKey}, remembered for the last pawn placement: the boards of one slice all
 * share theirs, so the move and un-move generators look it up once per slice, not once per board.
 */
final class PawnKeyCache {
    private final TableIndex index;
    private long white = -1, black = -1; // no real pawn set has pawns on the first rank
    private int key;

    PawnKeyCache(TableIndex index) {
        this.index = index;
    }

    int of(long[] b) {
        long w = b[Piece.W_PAWN], k = b[Piece.B_PAWN];
        if (w != white || k != black) {
            key = index.pawnKey(b);
            white = w;
            black = k;
        }
        return key;
    }
}
