package org.rookery.endgame.probe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.rookery.core.board.Piece;

/**
 * Finds the table of a board's material, in either colour orientation, and reads its values.
 * Immutable; lookups allocate nothing (callers pass a scratch array for the flipped board).
 */
public final class TableSet {
    /** Returned by {@link #lookup} when no table holds the material. */
    public static final int MISSING = Integer.MIN_VALUE;

    private final long[] keys;
    private final Table[] tables;
    private final boolean[] flipped;
    private final int maxPieces;

    public TableSet(Collection<Table> all) {
        List<Object[]> entries = new ArrayList<>();
        int max = 0;
        for (Table t : all) {
            entries.add(new Object[] {t.material().key(), t, Boolean.FALSE});
            if (!t.material().isSymmetric()) entries.add(new Object[] {t.material().flipped().key(), t, Boolean.TRUE});
            max = Math.max(max, t.material().pieceCount());
        }
        entries.sort((a, b) -> Long.compare((Long) a[0], (Long) b[0]));
        keys = new long[entries.size()];
        tables = new Table[entries.size()];
        flipped = new boolean[entries.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (Long) entries.get(i)[0];
            tables[i] = (Table) entries.get(i)[1];
            flipped[i] = (Boolean) entries.get(i)[2];
        }
        maxPieces = max;
    }

    public int maxPieces() { return maxPieces; }

    /** Distinct tables held. */
    public List<Table> tables() {
        List<Table> out = new ArrayList<>();
        for (int i = 0; i < tables.length; i++) if (!flipped[i]) out.add(tables[i]);
        return out;
    }

    /** Material key (see {@code Material.key}) of piece bitboards. */
    public static long key(long[] bb) {
        long k = 0;
        for (int p = 0; p < 12; p++) if (p != Piece.W_KING && p != Piece.B_KING) k |= (long) Long.bitCount(bb[p]) << (3 * p);
        return k;
    }

    /** Slot of a material key, or -1. */
    public int find(long key) {
        int i = Arrays.binarySearch(keys, key);
        return i >= 0 ? i : -1;
    }

    public Table table(int slot) { return tables[slot]; }

    public boolean flipped(int slot) { return flipped[slot]; }

    /**
     * The stored values of a legal board: {@code (dtm << 16) | (dtz & 0xffff)}, or {@link #MISSING}.
     * {@code scratch} (12 longs) receives the colour-flipped board when the table is stored the other way round.
     */
    public int lookup(long[] bb, int stm, long[] scratch) {
        return lookup(find(key(bb)), bb, stm, scratch);
    }

    /**
     * {@link #lookup(long[], int, long[])} for a board whose material's slot ({@link #find}, or
     * -1) the caller already knows, as a generator does for each kind of capture and promotion.
     */
    public int lookup(int slot, long[] bb, int stm, long[] scratch) {
        if (slot < 0) return MISSING;
        Table t = tables[slot];
        long idx;
        if (flipped[slot]) {
            for (int p = 0; p < 6; p++) {
                scratch[p] = Long.reverseBytes(bb[p + 6]);
                scratch[p + 6] = Long.reverseBytes(bb[p]);
            }
            idx = t.index().index(scratch, stm ^ 1);
        } else {
            idx = t.index().index(bb, stm);
        }
        return (t.dtm(idx) << 16) | (t.dtz(idx) & 0xffff);
    }

    public static short dtmOf(int packed) { return (short) (packed >> 16); }

    public static short dtzOf(int packed) { return (short) packed; }
}
