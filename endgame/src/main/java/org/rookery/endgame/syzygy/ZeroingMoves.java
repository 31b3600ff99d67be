package org.rookery.endgame.syzygy;

import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Piece;
import org.rookery.endgame.index.Attacks;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.TableSet;

/**
 * The best WDL the side to move reaches by a capture, and by any zeroing move (capture or pawn
 * move), from the values of the positions they lead to. Probers take the best capture when it is
 * at least the stored WDL, and answer DTZ from the zeroing move when it wins, so where these
 * reach the position's value the stored value is a don't-care. Reuses its scratch; not thread-safe.
 */
final class ZeroingMoves {
    /** Below every WDL value: no such move. */
    static final int NONE = -3;

    private final TableSet tables;
    private final long[] child = new long[12];
    private final long[] scratch = new long[12];
    int bestCapture, bestZeroing;

    ZeroingMoves(TableSet tables) {
        this.tables = tables;
    }

    /** Fills {@link #bestCapture} and {@link #bestZeroing} for a legal board {@code bb} with {@code us} to move. */
    void scan(long[] bb, int us) {
        bestCapture = NONE;
        bestZeroing = NONE;
        int them = us ^ 1;
        long own = Attacks.color(bb, us), theirs = Attacks.color(bb, them) & ~bb[Piece.make(them, Piece.KING)];
        long occ = own | Attacks.color(bb, them);
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            for (long from = bb[Piece.make(us, type)]; from != 0; from &= from - 1) {
                int f = Long.numberOfTrailingZeros(from);
                long targets;
                if (type == Piece.PAWN) {
                    targets = Bitboards.PAWN_ATTACKS[us][f] & theirs;
                    int push = us == Piece.WHITE ? f + 8 : f - 8;
                    if ((occ >>> push & 1) == 0) {
                        move(bb, us, type, f, push, false);
                        int rank = f >>> 3;
                        int two = us == Piece.WHITE ? f + 16 : f - 16;
                        // a double push an enemy pawn could take en passant is left out: the table
                        // holds the position after it without the en-passant right, the prober does not
                        boolean enPassant = (Bitboards.PAWN_ATTACKS[us][push] & bb[Piece.make(them, Piece.PAWN)]) != 0;
                        if ((us == Piece.WHITE ? rank == 1 : rank == 6) && (occ >>> two & 1) == 0 && !enPassant) move(bb, us, type, f, two, false);
                    }
                } else {
                    targets = attacks(type, f, occ) & theirs;
                }
                for (long t = targets; t != 0; t &= t - 1) move(bb, us, type, f, Long.numberOfTrailingZeros(t), true);
            }
        }
    }

    private static long attacks(int type, int sq, long occ) {
        switch (type) {
            case Piece.KNIGHT: return Bitboards.KNIGHT_ATTACKS[sq];
            case Piece.BISHOP: return Bitboards.bishopAttacks(sq, occ);
            case Piece.ROOK: return Bitboards.rookAttacks(sq, occ);
            case Piece.QUEEN: return Bitboards.bishopAttacks(sq, occ) | Bitboards.rookAttacks(sq, occ);
            default: return Bitboards.KING_ATTACKS[sq];
        }
    }

    private void move(long[] bb, int us, int type, int from, int to, boolean capture) {
        System.arraycopy(bb, 0, child, 0, 12);
        int them = us ^ 1;
        if (capture) for (int p = them * 6; p < them * 6 + 5; p++) child[p] &= ~(1L << to);
        child[Piece.make(us, type)] &= ~(1L << from);
        boolean promotes = type == Piece.PAWN && (to >>> 3 == 7 || to >>> 3 == 0);
        if (!promotes) {
            child[Piece.make(us, type)] |= 1L << to;
            result(us, capture);
            return;
        }
        for (int promo = Piece.KNIGHT; promo <= Piece.QUEEN; promo++) {
            child[Piece.make(us, promo)] |= 1L << to;
            result(us, capture);
            child[Piece.make(us, promo)] &= ~(1L << to);
        }
    }

    /** Books the mover's value of {@link #child}, if the move was legal. */
    private void result(int us, boolean capture) {
        int ksq = Long.numberOfTrailingZeros(child[Piece.make(us, Piece.KING)]);
        long occ = Attacks.color(child, 0) | Attacks.color(child, 1);
        if (Attacks.attacked(child, ksq, us ^ 1, occ)) return;
        int value;
        if (Long.bitCount(occ) == 2) {
            value = 0;
        } else {
            int packed = tables.lookup(child, us ^ 1, scratch);
            if (packed == TableSet.MISSING) throw new IllegalStateException("no Rookery table for a capture or promotion of the table being written");
            value = 2 - Category.ofDtz(TableSet.dtzOf(packed)).ordinal();
        }
        if (capture) bestCapture = Math.max(bestCapture, value);
        bestZeroing = Math.max(bestZeroing, value);
    }
}
