package org.rookery.endgame.generate;

/**
 * A tiny reusable set of table indices, for counting distinct successors: two moves can reach
 * symmetric images of one position, which share one slot and must count once. Cleared in O(1) by
 * bumping a stamp.
 */
final class IndexSet {
    private final long[] keys = new long[512];
    private final int[] stamps = new int[512];
    private int stamp = 1;

    void clear() {
        if (++stamp == 0) {
            java.util.Arrays.fill(stamps, 0);
            stamp = 1;
        }
    }

    /** Adds an index; true when it was not there yet. */
    boolean add(long key) {
        int h = (int) ((key * 0x9E3779B97F4A7C15L) >>> 55);
        while (stamps[h] == stamp) {
            if (keys[h] == key) return false;
            h = (h + 1) & 511;
        }
        stamps[h] = stamp;
        keys[h] = key;
        return true;
    }
}
