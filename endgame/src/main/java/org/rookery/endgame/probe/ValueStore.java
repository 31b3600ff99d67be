package org.rookery.endgame.probe;

/**
 * One metric's 16-bit values of every index slot, wherever they live: a memory-mapped raw section
 * ({@link MappedShorts}: format version 1 and tables in progress), compressed blocks decompressed
 * on demand ({@link BlockValues}) or a table decompressed into the heap ({@link MemoryValues}).
 * Reads are thread-safe; only a mapped table in progress is writable.
 */
abstract class ValueStore {
    /** Slots held. */
    abstract long count();

    abstract short get(long i);

    /** Copies slots [from, from + len) into {@code into}; stores override it with a bulk copy. */
    void get(long from, short[] into, int len) {
        for (int j = 0; j < len; j++) into[j] = get(from + j);
    }

    void put(long i, short v) {
        throw new UnsupportedOperationException("a finished table is read-only");
    }
}
