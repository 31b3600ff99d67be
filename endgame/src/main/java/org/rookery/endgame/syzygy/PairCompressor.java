package org.rookery.endgame.syzygy;

import java.util.Arrays;

/**
 * Recursive pairing (Re-Pair) over a sequence of small values: the most frequent adjacent pairs of
 * symbols become new symbols, several per pass, until the format's 4095 symbols are used or no
 * pair repeats enough to pay for its tree entry. A symbol expands to at most 256 values (Stockfish
 * keeps a symbol's length in a byte). Holds its scratch arrays for reuse; not thread-safe.
 */
final class PairCompressor {
    static final int MAX_SYMBOLS = 4095;
    static final int MAX_EXPANSION = 256;
    private final int minGain;
    private final int perPass;

    /** The symbols (leaves: left = value, right = -1) and the paired sequence. */
    static final class Result {
        final int symbols;
        final int[] left, right, length;
        final int[] sequence;
        final int count;

        Result(int symbols, int[] left, int[] right, int[] length, int[] sequence, int count) {
            this.symbols = symbols;
            this.left = left;
            this.right = right;
            this.length = length;
            this.sequence = sequence;
            this.count = count;
        }
    }

    private final int[] pairCount = new int[MAX_SYMBOLS * MAX_SYMBOLS];
    private final int[] pairSymbol = new int[MAX_SYMBOLS * MAX_SYMBOLS];
    private int[] touched = new int[1 << 16];

    PairCompressor() {
        this(8, 256);
    }

    /** With the least count a pair needs to become a symbol, and how many symbols one pass may add. */
    PairCompressor(int minGain, int perPass) {
        this.minGain = minGain;
        this.perPass = perPass;
        Arrays.fill(pairSymbol, -1);
    }

    /** Pairs {@code values} (each 0..4094); the array is used as the working sequence. */
    Result compress(int[] values, int n) {
        int[] left = new int[MAX_SYMBOLS], right = new int[MAX_SYMBOLS], length = new int[MAX_SYMBOLS];
        int[] leafOf = new int[MAX_SYMBOLS];
        Arrays.fill(leafOf, -1);
        int symbols = 0;
        for (int i = 0; i < n; i++) {
            int v = values[i];
            if (leafOf[v] < 0) {
                leafOf[v] = symbols;
                left[symbols] = v;
                right[symbols] = -1;
                length[symbols] = 1;
                symbols++;
            }
            values[i] = leafOf[v];
        }
        int[] seq = values;
        while (symbols < MAX_SYMBOLS) {
            int distinct = countPairs(seq, n, length);
            if (distinct == 0) break;
            int candidates = 0;
            long[] ranked = new long[distinct];
            for (int i = 0; i < distinct; i++) {
                int c = pairCount[touched[i]];
                if (c >= minGain) ranked[candidates++] = ((long) c << 32) | touched[i];
            }
            if (candidates == 0) {
                clear(distinct);
                break;
            }
            Arrays.sort(ranked, 0, candidates);
            int added = 0;
            // a pass takes the most frequent pairs no two of which can overlap (one's right symbol
            // the other's left), so its counts stay exact
            boolean[] asLeft = new boolean[MAX_SYMBOLS], asRight = new boolean[MAX_SYMBOLS];
            for (int i = candidates - 1; i >= 0 && added < perPass && symbols < MAX_SYMBOLS; i--) {
                int key = (int) ranked[i];
                int a = key / MAX_SYMBOLS, b = key % MAX_SYMBOLS;
                if (asRight[a] || asLeft[b]) continue;
                asLeft[a] = true;
                asRight[b] = true;
                left[symbols] = a;
                right[symbols] = b;
                length[symbols] = length[a] + length[b];
                pairSymbol[key] = symbols++;
                added++;
            }
            int out = 0;
            for (int i = 0; i < n; ) {
                if (i + 1 < n) {
                    int s = pairSymbol[seq[i] * MAX_SYMBOLS + seq[i + 1]];
                    if (s >= 0) {
                        seq[out++] = s;
                        i += 2;
                        continue;
                    }
                }
                seq[out++] = seq[i++];
            }
            n = out;
            for (int i = 0; i < distinct; i++) pairSymbol[touched[i]] = -1;
            clear(distinct);
        }
        return new Result(symbols, left, right, length, seq, n);
    }

    /** Counts non-overlapping adjacent pairs whose expansion fits; returns how many distinct keys are in {@link #touched}. */
    private int countPairs(int[] seq, int n, int[] length) {
        int distinct = 0;
        int lastKey = -1;
        for (int i = 0; i + 1 < n; i++) {
            int a = seq[i], b = seq[i + 1];
            if (length[a] + length[b] > MAX_EXPANSION) {
                lastKey = -1;
                continue;
            }
            int key = a * MAX_SYMBOLS + b;
            if (key == lastKey && a == b) {
                lastKey = -1; // "aaa" holds one "aa", not two
                continue;
            }
            if (pairCount[key]++ == 0) {
                if (distinct == touched.length) touched = Arrays.copyOf(touched, distinct * 2);
                touched[distinct++] = key;
            }
            lastKey = key;
        }
        return distinct;
    }

    private void clear(int distinct) {
        for (int i = 0; i < distinct; i++) pairCount[touched[i]] = 0;
    }
}
