package org.rookery.endgame.generate;

import java.util.Arrays;

/**
 * The whole working state of a pawnless table split by index range, as one executor keeps it
 * between plies: both metrics' working values (4 bytes per slot), pull-check hints for
 * {@link SplitSolver#ply} (4 bytes per slot), and per block of 1,024 slots and metric the plies
 * (modulo 64) some slot of the block is decided at, so a ply reads only the blocks holding
 * positions decided at it (late plies decide few positions in a few blocks).
 *
 * <p>Values are written by one thread at a time ({@link #values} then {@link #markAll}, or
 * {@link #decide}); a ply's tasks then read them at the same time and share the hints.
 */
public final class SplitState {
    static final int SHIFT = 10;

    final short[] dtm, dtz;
    final int[] hints;
    private final long[][] marks;

    public SplitState(int slots) {
        dtm = new short[slots];
        dtz = new short[slots];
        hints = new int[slots];
        int blocks = (slots + (1 << SHIFT) - 1) >>> SHIFT;
        marks = new long[][] {new long[blocks], new long[blocks]};
    }

    /** A metric's working values (0 DTM, 1 DTZ), to fill in bulk before {@link #markAll}. */
    public short[] values(int metric) {
        return metric == 0 ? dtm : dtz;
    }

    /** Rebuilds the block marks from the values. */
    public void markAll() {
        for (int metric = 0; metric < 2; metric++) {
            short[] val = values(metric);
            long[] bits = marks[metric];
            Arrays.fill(bits, 0L);
            for (int i = 0; i < val.length; i++) {
                int ply = SplitSolver.decidedPly(val[i]);
                if (ply >= 0) bits[i >>> SHIFT] |= 1L << ply;
            }
        }
    }

    /** Sets one decision of a ply. */
    public void decide(int slot, int metric, short value) {
        values(metric)[slot] = value;
        int ply = SplitSolver.decidedPly(value);
        if (ply >= 0) marks[metric][slot >>> SHIFT] |= 1L << ply; // shifts take the ply modulo 64
    }

    /** Whether block b may hold a slot of {@code metric} decided at {@code ply}. */
    boolean marked(int metric, int b, int ply) {
        return (marks[metric][b] & (1L << ply)) != 0;
    }
}
