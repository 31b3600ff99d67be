package org.rookery.endgame.generate;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * For each block of {@link #BLOCK} slots, which plies (modulo 64) some slot in it was decided at,
 * one bit each, so the pass for ply k skips the blocks with nothing decided at k. Late plies
 * decide few positions; without the marks every ply would read the whole slice. A bit set for
 * ply k + 64 only costs a block read for nothing. Blocks are 64 slots (the marks take a byte per
 * 8 slots): against 1,024-slot blocks the retrograde plies of KQRvK and KRvKN ran 2–9 % faster, as
 * sparse late plies mark fewer blocks (within noise over the whole 4-piece set).
 */
final class LevelMarks {
    static final int SHIFT = 6;
    static final int BLOCK = 1 << SHIFT;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] bits;

    LevelMarks(int slots) {
        bits = new long[(slots + BLOCK - 1) >>> SHIFT];
    }

    /** Marks slot i decided at {@code ply}; {@code atomic} when other threads mark the same blocks. */
    void mark(int i, int ply, boolean atomic) {
        long bit = 1L << ply; // shifts take the ply modulo 64
        int b = i >>> SHIFT;
        if ((bits[b] & bit) != 0) return;
        if (atomic) LONGS.getAndBitwiseOr(bits, b, bit);
        else bits[b] |= bit;
    }

    /** Whether block b may hold a slot decided at {@code ply}. */
    boolean has(int b, int ply) {
        return (bits[b] & (1L << ply)) != 0;
    }

    /**
     * Marks every decided working value of slots [from, to), which must start at a block boundary
     * and not share a block with another thread's range.
     */
    void markAll(short[] val, int from, int to) {
        for (int i = from; i < to; i++) {
            int v = val[i];
            if (v > 0 && v < Work.UNDECIDED) mark(i, v, false);
            else if (v < 0 && v != org.rookery.endgame.probe.Values.BROKEN) mark(i, -v - 1, false);
        }
    }

    void clear() {
        java.util.Arrays.fill(bits, 0L);
    }
}
