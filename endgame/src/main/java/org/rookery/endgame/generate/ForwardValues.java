package org.rookery.endgame.generate;

import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Values;

/**
 * The forward pass for one slot: its initial working DTM and DTZ (from checkmate, stalemate and
 * the values of its zeroing moves) and its number of distinct reversible successors (1 for a
 * board facing a bare king, whose count is never read). Shared by
 * {@link SliceSolver}, which solves a slice in memory, and {@link SplitSolver}, which solves index
 * ranges of a table split across machines, so both start from the same values.
 */
final class ForwardValues {
    private ForwardValues() {
    }

    /**
     * Scans slot {@code idx} with {@code s} (its board is decoded into {@code s.bb}), using
     * {@code slots} as scratch; books the plies it decides into {@code h[metric]}. Returns the two
     * working values and the successor count, read back with {@link #dtm}, {@link #dtz} and
     * {@link #internal}; a slot that is no canonical legal position is {@link Values#BROKEN}.
     */
    static long of(TableIndex index, Successors s, long idx, long[] slots, int[][] h) {
        return of(index, s, idx, slots, h, null);
    }

    /**
     * {@link #of(TableIndex, Successors, long, long[], int[][])} decoding through a cursor (see
     * {@link TableIndex.Cursor}) that only this call sequence uses with {@code s.bb}.
     */
    static long of(TableIndex index, Successors s, long idx, long[] slots, int[][] h, TableIndex.Cursor cursor) {
        int stm = index.decode(idx, s.bb, cursor);
        if (stm < 0 || TableIndex.illegal(s.bb, stm) || !index.canonical(idx, s.bb, stm)) {
            return pack(Values.BROKEN, Values.BROKEN, 0);
        }
        if (s.bareKingOpponent[stm]) {
            // Never lost, so it is won or drawn: a win from a pawn move, else drawn until the retrograde
            // passes find a win (stalemate included, which has no move to find one through). Its
            // successor count is never decremented, so any non-zero count serves.
            s.scanAgainstBareKing(stm);
            return pack(winOrDrawn(s.bestWinDtm, h[0]), winOrDrawn(s.bestWinDtz, h[1]), 1);
        }
        boolean counted = s.scanCounting(stm);
        if (!counted) s.scan(stm, idx);
        if (s.count == 0) {
            if (s.inCheck) {
                h[0][0]++;
                h[1][0]++;
                return pack(Values.loss(0), Values.loss(0), 0);
            }
            return pack((short) Work.DRAWN, (short) Work.DRAWN, 0);
        }
        int internal = counted ? s.reversibleCount() : s.distinctInternalCount(slots);
        return pack(initial(s.bestWinDtm, s.worstLossDtm, s.drawnDtm, internal, h[0]),
            initial(s.bestWinDtz, s.worstLossDtz, s.drawnDtz, internal, h[1]), internal);
    }

    static short dtm(long packed) {
        return (short) (packed >>> 32);
    }

    static short dtz(long packed) {
        return (short) (packed >>> 16);
    }

    static int internal(long packed) {
        return (int) (packed & 0xFFFF);
    }

    private static long pack(short dtm, short dtz, int internal) {
        return (dtm & 0xFFFFL) << 32 | (dtz & 0xFFFFL) << 16 | (internal & 0xFFFFL);
    }

    /**
     * Initial working value from what the zeroing moves give the mover (the shortest win, the
     * longest loss, whether one draws; see {@link Successors}); books decided plies in h.
     */
    private static short initial(int bestWin, int worstLoss, boolean drawn, int internal, int[] h) {
        if (bestWin != Integer.MAX_VALUE) {
            h[check(bestWin)]++;
            return Values.win(bestWin);
        }
        if (drawn) return (short) Work.DRAWN;
        if (internal == 0) {
            h[check(worstLoss)]++;
            return Values.loss(worstLoss);
        }
        return (short) (Work.UNDECIDED + Math.max(0, worstLoss));
    }

    /** Initial working value of a board that cannot be lost: its best win, else drawn; books a win's ply in h. */
    private static short winOrDrawn(int bestWin, int[] h) {
        if (bestWin == Integer.MAX_VALUE) return (short) Work.DRAWN;
        h[check(bestWin)]++;
        return Values.win(bestWin);
    }

    private static int check(int plies) {
        if (plies >= Work.MAX_PLIES) throw new IllegalStateException("distance of " + plies + " plies exceeds the working encoding");
        return plies;
    }
}
