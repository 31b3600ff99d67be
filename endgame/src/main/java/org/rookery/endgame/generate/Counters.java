package org.rookery.endgame.generate;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Per-slot counts of successors not yet known to win for the opponent, one byte each, packed four
 * to an int. Atomic decrements use an int-wide fetch-and-add on the lane: a lane is never
 * decremented below zero, so nothing borrows from its neighbour. (The byte-array VarHandle's
 * getAndAdd was measured returning wrong previous values under C2 on JDK 17, so it is not used.)
 */
final class Counters {
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    private final int[] words;

    Counters(int n) {
        words = new int[(n + 3) >>> 2];
    }

    void set(int i, int count) {
        int shift = (i & 3) << 3;
        int w = i >>> 2;
        words[w] = (words[w] & ~(0xFF << shift)) | ((count & 0xFF) << shift);
    }

    int get(int i) {
        return (words[i >>> 2] >>> ((i & 3) << 3)) & 0xFF;
    }

    /** Decrements a count and returns what is left; safe against other threads decrementing. */
    int decrementAtomic(int i) {
        int shift = (i & 3) << 3;
        int old = (int) INTS.getAndAdd(words, i >>> 2, -(1 << shift));
        return ((old >>> shift) & 0xFF) - 1;
    }

    /** Decrements a count and returns what is left; single-threaded use only. */
    int decrement(int i) {
        int shift = (i & 3) << 3;
        int w = i >>> 2;
        int old = words[w];
        words[w] = old - (1 << shift);
        return ((old >>> shift) & 0xFF) - 1;
    }

    void copyFrom(Counters other) {
        System.arraycopy(other.words, 0, words, 0, words.length);
    }

    void clear() {
        java.util.Arrays.fill(words, 0);
    }
}
