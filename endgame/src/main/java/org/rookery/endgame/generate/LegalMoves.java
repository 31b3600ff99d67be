package org.rookery.endgame.generate;

import static org.rookery.core.board.Bitboards.PAWN_ATTACKS;

import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Piece;
import org.rookery.endgame.index.Attacks;

/** Whether a side has a legal move, for the rare boards where only that matters (en passant's side condition). */
final class LegalMoves {
    private LegalMoves() {}

    /** Whether {@code us} has a legal move other than an en-passant capture; {@code b} is restored before returning. */
    static boolean anyOtherThanEnPassant(long[] b, int us) {
        int them = us ^ 1;
        long own = Attacks.color(b, us), opp = Attacks.color(b, them), occ = own | opp;
        int ksq = Long.numberOfTrailingZeros(b[us * 6 + Piece.KING]);
        for (int type = Piece.KNIGHT; type <= Piece.KING; type++) {
            int pc = us * 6 + type;
            for (long pcs = b[pc]; pcs != 0; pcs &= pcs - 1) {
                int from = Long.numberOfTrailingZeros(pcs);
                for (long t = Bitboards.attacks(type, from, occ) & ~own; t != 0; t &= t - 1) {
                    if (legal(b, pc, from, Long.numberOfTrailingZeros(t), type == Piece.KING, ksq, us, occ)) return true;
                }
            }
        }
        int up = us == Piece.WHITE ? 8 : -8;
        for (long pcs = b[us * 6]; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long t = PAWN_ATTACKS[us][from] & opp;
            if ((occ & (1L << (from + up))) == 0) {
                t |= 1L << (from + up);
                long start = us == Piece.WHITE ? Bitboards.RANK_2 : Bitboards.RANK_7;
                // the double push can block a check that the single push does not
                if (((1L << from) & start) != 0 && (occ & (1L << (from + 2 * up))) == 0) t |= 1L << (from + 2 * up);
            }
            for (; t != 0; t &= t - 1) {
                if (legal(b, us * 6, from, Long.numberOfTrailingZeros(t), false, ksq, us, occ)) return true;
            }
        }
        return false;
    }

    private static boolean legal(long[] b, int pc, int from, int to, boolean king, int ksq, int us, long occ) {
        long fromBit = 1L << from, toBit = 1L << to;
        int victim = -1;
        int base = (us ^ 1) * 6;
        for (int t = Piece.PAWN; t <= Piece.QUEEN; t++) if ((b[base + t] & toBit) != 0) victim = base + t;
        if (victim >= 0) b[victim] ^= toBit;
        b[pc] ^= fromBit | toBit;
        boolean ok = !Attacks.attacked(b, king ? to : ksq, us ^ 1, (occ ^ fromBit) | toBit);
        b[pc] ^= fromBit | toBit;
        if (victim >= 0) b[victim] ^= toBit;
        return ok;
    }
}
