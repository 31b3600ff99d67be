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
    /** The mover's sliders aimed at the king of the side to move along their own lines, and what lies between. */
    private final int[] aimedAt = new int[16];
    private final long[] aimedBetween = new long[16];
    /** Positions in {@link #out} of the last scan's slots that were indexed in full (king un-moves). */
    private final int[] fullOut = new int[16];

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
        // Before the move it was the mover's turn, so t's king must not have been attacked. A pawn's
        // check outlives every reversible un-move: nothing moved back leaves a legal board.
        if ((Bitboards.PAWN_ATTACKS[t][tk] & b[m6]) != 0) return 0;
        // The other checks are decided per un-move without attack generation: leapers' checks are
        // today's (less the moved piece's), and a slider of the mover aimed at the king along its
        // own kind of line checks exactly when nothing stands between them once the piece is back.
        final long leaperChecks = (Bitboards.KNIGHT_ATTACKS[tk] & b[m6 + Piece.KNIGHT]) | (Bitboards.KING_ATTACKS[tk] & b[m6 + Piece.KING]);
        final long rookLines = Bitboards.ROOK_RAYS[tk], bishopLines = Bitboards.BISHOP_RAYS[tk];
        int aimed = 0;
        for (long s = (bishopLines & (b[m6 + Piece.BISHOP] | b[m6 + Piece.QUEEN])) | (rookLines & (b[m6 + Piece.ROOK] | b[m6 + Piece.QUEEN]));
                s != 0; s &= s - 1) {
            int sq = Long.numberOfTrailingZeros(s);
            aimedAt[aimed] = sq;
            aimedBetween[aimed++] = Bitboards.BETWEEN[tk][sq];
        }
        final int pawnKey = pawnKeys.of(b);
        final boolean incremental = index.incremental(b);
        final int wk = Long.numberOfTrailingZeros(b[Piece.W_KING]), bk = Long.numberOfTrailingZeros(b[Piece.B_KING]);
        final int pair = wk * 64 + bk;
        int fullCount = 0;
        terms.reset();
        final long reflected = incremental ? 0 : index.reflectedIndex(b, t);
        int n = 0;
        for (int type = Piece.KNIGHT; type <= Piece.KING; type++) {
            int pc = m6 + type;
            // the lines along which this piece, once back on its origin, would itself check
            final long ownLines = type == Piece.BISHOP ? bishopLines : type == Piece.ROOK ? rookLines
                : type == Piece.QUEEN ? bishopLines | rookLines : 0;
            final long leaperReach = type == Piece.KNIGHT ? Bitboards.KNIGHT_ATTACKS[tk] : type == Piece.KING ? Bitboards.KING_ATTACKS[tk] : 0;
            for (long pcs = b[pc]; pcs != 0; pcs &= pcs - 1) {
                int at = Long.numberOfTrailingZeros(pcs);
                long atBit = 1L << at;
                // a leaper's check other than this piece's cannot be blocked, so no un-move of it is legal
                if ((leaperChecks & ~atBit) != 0) continue;
                for (long origins = Bitboards.attacks(type, at, occ) & ~occ; origins != 0; origins &= origins - 1) {
                    long originBit = origins & -origins;
                    int origin = Long.numberOfTrailingZeros(originBit);
                    if ((leaperReach & originBit) != 0) continue;
                    long occBefore = occ ^ atBit ^ originBit;
                    if ((ownLines & originBit) != 0 && (Bitboards.BETWEEN[tk][origin] & occBefore) == 0) continue;
                    boolean legal = true;
                    for (int j = 0; j < aimed; j++) {
                        if (aimedAt[j] != at && (aimedBetween[j] & occBefore) == 0) {
                            legal = false;
                            break;
                        }
                    }
                    if (!legal) continue;
                    long slot;
                    if (type == Piece.KING) {
                        int nwk = mover == Piece.WHITE ? origin : wk, nbk = mover == Piece.WHITE ? bk : origin;
                        slot = index.afterKingMove(idx, t, pawnKey, pair, nwk * 64 + nbk);
                        if (slot < 0) {
                            // the other pieces' terms do not depend on where the kings stand
                            slot = index.afterKingMoveTransformed(b, mover, pawnKey, nwk, nbk, terms);
                            fullOut[fullCount++] = n;
                        }
                    } else {
                        long now = b[pc], back = now ^ atBit ^ originBit;
                        slot = index.afterMove(idx, t, pc, now, back);
                        if (!incremental) slot = Math.min(slot, index.afterMoveReflected(reflected, t, pc, now, back));
                    }
                    out[n++] = slot;
                }
            }
        }
        // Boards indexed incrementally keep this board's orientation, in which the index is
        // one-to-one, so only a full re-index (another or an ambiguous orientation) can repeat a slot.
        // An ambiguous board's slots are each the smaller of two indices: a set removes repeats.
        if (!distinct || (incremental && fullCount == 0)) return n;
        if (!incremental) {
            seen.clear();
            int m = 0;
            for (int i = 0; i < n; i++) if (seen.add(out[i])) out[m++] = out[i];
            return m;
        }
        // Incrementally indexed slots are distinct from each other, so only a fully indexed one can
        // repeat: it goes when it equals an incremental slot or an earlier fully indexed one.
        int removed = 0;
        for (int f = 0; f < fullCount; f++) {
            int i = fullOut[f];
            long v = out[i];
            for (int j = 0; j < n; j++) {
                if (j == i || out[j] != v) continue;
                boolean earlierFull = false;
                for (int g = 0; g < f; g++) earlierFull |= fullOut[g] == j;
                boolean laterFull = false;
                for (int g = f + 1; g < fullCount; g++) laterFull |= fullOut[g] == j;
                if (!laterFull || earlierFull) {
                    out[i] = -1;
                    removed++;
                    break;
                }
            }
        }
        if (removed == 0) return n;
        int m = 0;
        for (int i = 0; i < n; i++) if (out[i] >= 0) out[m++] = out[i];
        return m;
    }
}
