package org.rookery.workers.engine;

import org.rookery.core.board.Move;

/**
 * A fixed-size hash of search results in two parallel {@code long[]}s (full key, packed data),
 * 16 bytes an entry, grouped in buckets of two. Keys are the core's Zobrist keys; storing the
 * whole key makes false hits as rare as key collisions.
 *
 * <p>Data layout: bits 0–15 move, 16–31 score (signed, mate scores made node-relative by {@link
 * Score#toTable}), 32–39 depth, 40–41 bound, 42–47 search generation. A stored word is never 0
 * because the bound is never 0, so 0 means "miss". Used by one search thread at a time.
 */
public final class TranspositionTable {
    public static final int UPPER = 1, LOWER = 2, EXACT = 3;
    static final int BYTES_PER_ENTRY = 16;
    static final int MIN_ENTRIES = 1024;

    private long[] keys;
    private long[] data;
    private int mask;
    private int generation;
    private int sizeMb;

    public TranspositionTable(int megabytes) {
        resize(megabytes);
    }

    /**
     * Reallocates to the largest power-of-two entry count that fits {@code megabytes}, which
     * clears it. Throws {@link OutOfMemoryError} when the heap cannot hold it, leaving the old
     * table in place.
     */
    public void resize(int megabytes) {
        if (megabytes < 1) throw new IllegalArgumentException("hash size must be at least 1 MB, got " + megabytes);
        long wanted = (long) megabytes * 1024 * 1024 / BYTES_PER_ENTRY;
        int entries = MIN_ENTRIES;
        while ((long) entries * 2 <= wanted && entries < (1 << 30)) entries *= 2;
        long[] newKeys = new long[entries];
        long[] newData = new long[entries];
        keys = newKeys;
        data = newData;
        mask = entries - 2; // even index: first slot of a bucket
        sizeMb = megabytes;
        generation = 0;
    }

    public int entries() { return keys.length; }

    public int sizeMb() { return sizeMb; }

    public void clear() {
        java.util.Arrays.fill(keys, 0L);
        java.util.Arrays.fill(data, 0L);
        generation = 0;
    }

    /** Marks the start of a new search, so older entries become preferred victims. */
    public void newSearch() {
        generation = (generation + 1) & 63;
    }

    private int bucket(long key) {
        // The high half of the key picks the bucket; the full key is still compared on probe.
        return (int) (key >>> 32) & mask;
    }

    /** The packed data stored for {@code key}, or 0 on a miss. */
    public long probe(long key) {
        int i = bucket(key);
        if (keys[i] == key && data[i] != 0) return data[i];
        if (keys[i + 1] == key && data[i + 1] != 0) return data[i + 1];
        return 0;
    }

    /**
     * Stores a result. {@code score} is relative to the root; {@code ply} converts mate scores.
     * Replaces the same key's entry (keeping its move when the new result has none), otherwise
     * the bucket's entry from an older search or, failing that, the shallower one.
     */
    public void store(long key, int move, int score, int depth, int bound, int ply) {
        int i = bucket(key);
        int slot;
        if (keys[i] == key || data[i] == 0) slot = i;
        else if (keys[i + 1] == key || data[i + 1] == 0) slot = i + 1;
        else {
            long a = data[i], b = data[i + 1];
            boolean aOld = generation(a) != generation, bOld = generation(b) != generation;
            if (aOld != bOld) slot = aOld ? i : i + 1;
            else slot = depth(a) <= depth(b) ? i : i + 1;
        }
        if (move == Move.NONE && keys[slot] == key) move = move(data[slot]);
        int s = Score.toTable(score, ply);
        keys[slot] = key;
        data[slot] = (move & 0xFFFFL)
            | ((s & 0xFFFFL) << 16)
            | ((long) Math.max(0, Math.min(255, depth)) << 32)
            | ((long) bound << 40)
            | ((long) generation << 42);
    }

    public static int move(long entry) { return (int) (entry & 0xFFFF); }

    /** The stored score made relative to the root again for a node at {@code ply}. */
    public static int score(long entry, int ply) { return Score.fromTable((short) (entry >>> 16), ply); }

    public static int depth(long entry) { return (int) ((entry >>> 32) & 0xFF); }

    public static int bound(long entry) { return (int) ((entry >>> 40) & 3); }

    private static int generation(long entry) { return (int) ((entry >>> 42) & 63); }

    /** Per-mille of a 1000-entry sample written by the current search (UCI {@code hashfull}). */
    public int hashfull() {
        int n = Math.min(1000, data.length), used = 0;
        for (int i = 0; i < n; i++) if (data[i] != 0 && generation(data[i]) == generation) used++;
        return used * 1000 / n;
    }
}
