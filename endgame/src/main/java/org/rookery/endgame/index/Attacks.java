package org.rookery.endgame.index;

import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Piece;

/** Attack tests on bare piece bitboards (by piece code), shared by generation, verification and probing. */
public final class Attacks {
    private Attacks() {}

    /** Whether {@code sq} is attacked by colour {@code by} under occupancy {@code occ}. */
    public static boolean attacked(long[] bb, int sq, int by, long occ) {
        int b = by * 6;
        return (Bitboards.PAWN_ATTACKS[by ^ 1][sq] & bb[b]) != 0
            || (Bitboards.KNIGHT_ATTACKS[sq] & bb[b + Piece.KNIGHT]) != 0
            || (Bitboards.KING_ATTACKS[sq] & bb[b + Piece.KING]) != 0
            || (Bitboards.bishopAttacks(sq, occ) & (bb[b + Piece.BISHOP] | bb[b + Piece.QUEEN])) != 0
            || (Bitboards.rookAttacks(sq, occ) & (bb[b + Piece.ROOK] | bb[b + Piece.QUEEN])) != 0;
    }

    /** Occupancy of a colour. */
    public static long color(long[] bb, int color) {
        int b = color * 6;
        return bb[b] | bb[b + 1] | bb[b + 2] | bb[b + 3] | bb[b + 4] | bb[b + 5];
    }
}
