package org.rookery.endgame.generate;

import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Piece;
import org.rookery.endgame.index.Attacks;
import org.rookery.endgame.index.GroupTerms;
import org.rookery.endgame.index.TableIndex;

/**
 * Un-moves: the boards one reversible move (no capture, no pawn move) before a given board. Only
 * those are inside the same slice; every other move into a slice is a zeroing move whose value the
 * forward scan already read from a solved table. Symmetric images of one predecessor share a slot
 * and are reported once when asked, matching how {@link Successors} counts distinct successors.
 */
final class Predecessors {
    final long[] bb = new long[12];
    final long[] out = new long[256];
    private final TableIndex index;
    private final PawnKeyCache pawnKeys;
    private final IndexSet seen = new IndexSet();
    private final GroupTerms terms = new GroupTerms();

    Predecessors(TableIndex index) {
        this.index = index;
        this.pawnKeys = new PawnKeyCache(index);
    }

    /** {@link #scan(int, long, boolean)} with each slot reported once. */
    int scan(int t, long idx) {
        return scan(t, idx, true);
    }

    /**
     * Slots of legal boards from which the side not to move at {@link #bb} ({@code t} to move), the
     * decoded board of slot {@code idx}, reaches it; each once if {@code distinct}, else a slot
     * reached by two symmetric un-moves may appear twice (harmless where only a minimum is taken).
     */
    int scan(int t, long idx, boolean distinct) {
        final long[] b = bb;
        final int mover = t ^ 1;
        final int m6 = mover * 6;
        final long occ = Attacks.color(b, 0) | Attacks.color(b, 1);
        final int tk = Long.numberOfTrailingZeros(b[t * 6 + Piece.KING]);
        final long tkBit = 1L << tk;
        // Before the move it was the mover's turn, so t's king must not have been attacked. Un-moves
        // that touch no line through that king change no slider's reach to it: for those, the
        // attackers are today's, less the moved piece, plus the moved piece if it is a knight.
        final long lines = Bitboards.ROOK_RAYS[tk] | Bitboards.BISHOP_RAYS[tk];
        final long pawnChecks = Bitboards.PAWN_ATTACKS[t][tk] & b[m6];
        // a pawn's check outlives every reversible un-move: nothing moved back leaves a legal board
        if (pawnChecks != 0) return 0;
        final long checkers = (Bitboards.KNIGHT_ATTACKS[tk] & b[m6 + Piece.KNIGHT])
            | (Bitboards.KING_ATTACKS[tk] & b[m6 + Piece.KING])
            | (Bitboards.bishopAttacks(tk, occ) & (b[m6 + Piece.BISHOP] | b[m6 + Piece.QUEEN]))
            | (Bitboards.rookAttacks(tk, occ) & (b[m6 + Piece.ROOK] | b[m6 + Piece.QUEEN]));
        final int pawnKey = pawnKeys.of(b);
        final boolean incremental = index.incremental(b);
        final int wk = Long.numberOfTrailingZeros(b[Piece.W_KING]), bk = Long.numberOfTrailingZeros(b[Piece.B_KING]);
        final int pair = wk * 64 + bk;
        boolean full = !incremental;
        terms.reset();
        final long reflected = incremental ? 0 : index.reflectedIndex(b, t);
        // Where a knight or the king moving back changes no slider's reach to t's king: off every
        // segment between that king and a slider of the mover aimed at it. A slider moving back can
        // itself aim at the king from its origin, so for sliders the whole lines count.
        long segments = 0;
        for (long s = (Bitboards.BISHOP_RAYS[tk] & (b[m6 + Piece.BISHOP] | b[m6 + Piece.QUEEN]))
                | (Bitboards.ROOK_RAYS[tk] & (b[m6 + Piece.ROOK] | b[m6 + Piece.QUEEN])); s != 0; s &= s - 1) {
            segments |= Bitboards.BETWEEN[tk][Long.numberOfTrailingZeros(s)];
        }
        int n = 0;
        for (int type = Piece.KNIGHT; type <= Piece.KING; type++) {
            int pc = m6 + type;
            final boolean leaper = type == Piece.KNIGHT || type == Piece.KING;
            final long touchy = leaper ? segments : lines;
            for (long pcs = b[pc]; pcs != 0; pcs &= pcs - 1) {
                int at = Long.numberOfTrailingZeros(pcs);
                long atBit = 1L << at;
                long othersCheck = checkers & ~atBit;
                for (long origins = Bitboards.attacks(type, at, occ) & ~occ; origins != 0; origins &= origins - 1) {
                    long originBit = origins & -origins;
                    int origin = Long.numberOfTrailingZeros(originBit);
                    boolean legal;
                    if (((atBit | originBit) & touchy) == 0) {
                        legal = othersCheck == 0
                            && (type != Piece.KNIGHT || (Bitboards.KNIGHT_ATTACKS[origin] & tkBit) == 0)
                            && (type != Piece.KING || (Bitboards.KING_ATTACKS[origin] & tkBit) == 0);
                        if (!legal) continue;
                        b[pc] ^= atBit | originBit;
                    } else {
                        // no pawn checks (see above), so the leapers and the sliders of the board before
                        b[pc] ^= atBit | originBit;
                        long before = occ ^ atBit ^ originBit;
                        legal = ((Bitboards.KNIGHT_ATTACKS[tk] & b[m6 + Piece.KNIGHT]) | (Bitboards.KING_ATTACKS[tk] & b[m6 + Piece.KING])
                            | (Bitboards.bishopAttacks(tk, before) & (b[m6 + Piece.BISHOP] | b[m6 + Piece.QUEEN]))
                            | (Bitboards.rookAttacks(tk, before) & (b[m6 + Piece.ROOK] | b[m6 + Piece.QUEEN]))) == 0;
                    }
                    if (legal) {
                        long slot;
                        if (type == Piece.KING) {
                            int nwk = mover == Piece.WHITE ? origin : wk, nbk = mover == Piece.WHITE ? bk : origin;
                            slot = index.afterKingMove(idx, t, pawnKey, pair, nwk * 64 + nbk);
                            if (slot < 0) {
                                slot = index.afterKingMoveTransformed(b, mover, pawnKey, nwk, nbk, terms);
                                full = true;
                            }
                        } else {
                            long before = b[pc] ^ atBit ^ originBit;
                            slot = index.afterMove(idx, t, pc, before, b[pc]);
                            if (!incremental) slot = Math.min(slot, index.afterMoveReflected(reflected, t, pc, before, b[pc]));
                        }
                        out[n++] = slot;
                    }
                    b[pc] ^= atBit | originBit;
                }
            }
        }
        // Boards indexed incrementally keep this board's orientation, in which the index is
        // one-to-one, so only a full re-index (another or an ambiguous orientation) can repeat a slot.
        if (!distinct || !full) return n;
        seen.clear();
        int m = 0;
        for (int i = 0; i < n; i++) if (seen.add(out[i])) out[m++] = out[i];
        return m;
    }
}
