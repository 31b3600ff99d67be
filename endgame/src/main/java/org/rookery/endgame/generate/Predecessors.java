package org.rookery.endgame.generate;

import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Piece;
import org.rookery.endgame.index.Attacks;
import org.rookery.endgame.index.TableIndex;

/**
 * Un-moves: the boards one reversible move (no capture, no pawn move) before a given board. Only
 * those are inside the same slice; every other move into a slice is a zeroing move whose value the
 * forward scan already read from a solved table. Symmetric images of one predecessor share a slot
 * and are reported once, matching how {@link Successors} counts distinct successors.
 */
final class Predecessors {
    final long[] bb = new long[12];
    final long[] out = new long[256];
    private final TableIndex index;
    private final IndexSet seen = new IndexSet();

    Predecessors(TableIndex index) {
        this.index = index;
    }

    /**
     * Distinct slots of legal boards from which the side not to move at {@link #bb} ({@code t} to
     * move), the decoded board of slot {@code idx}, reaches it.
     */
    int scan(int t, long idx) {
        final long[] b = bb;
        final int mover = t ^ 1;
        final long occ = Attacks.color(b, 0) | Attacks.color(b, 1);
        final int tk = Long.numberOfTrailingZeros(b[t * 6 + Piece.KING]);
        final int pawnKey = index.pawnKey(b);
        final boolean incremental = index.incremental(b);
        seen.clear();
        int n = 0;
        for (int type = Piece.KNIGHT; type <= Piece.KING; type++) {
            int pc = mover * 6 + type;
            for (long pcs = b[pc]; pcs != 0; pcs &= pcs - 1) {
                int at = Long.numberOfTrailingZeros(pcs);
                long atBit = 1L << at;
                for (long origins = Bitboards.attacks(type, at, occ) & ~occ; origins != 0; origins &= origins - 1) {
                    long originBit = origins & -origins;
                    b[pc] ^= atBit | originBit;
                    // before the move it was the mover's turn, so the other king must not have been in check
                    if (!Attacks.attacked(b, tk, mover, occ ^ atBit ^ originBit)) {
                        long slot = type != Piece.KING && incremental
                            ? index.afterMove(idx, t, pc, b[pc] ^ atBit ^ originBit, b[pc])
                            : index.index(b, mover, pawnKey);
                        if (seen.add(slot)) out[n++] = slot;
                    }
                    b[pc] ^= atBit | originBit;
                }
            }
        }
        return n;
    }
}
