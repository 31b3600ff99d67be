package org.rookery.endgame.syzygy;

import java.util.PriorityQueue;

/**
 * Huffman code lengths of at most 32 bits (the probers' 64-bit window refills 32 bits at a time):
 * weights are halved until the longest code fits, which keeps the code complete, as the format's
 * canonical code (bases derived from per-length symbol counts) requires.
 */
final class HuffmanLengths {
    static final int MAX_LENGTH = 32;

    private HuffmanLengths() {}

    /** Code lengths for {@code n >= 2} symbols of the given weights (each at least 1). */
    static int[] of(long[] weights, int n) {
        long[] w = java.util.Arrays.copyOf(weights, n);
        while (true) {
            int[] len = build(w, n);
            int max = 0;
            for (int l : len) max = Math.max(max, l);
            if (max <= MAX_LENGTH) return len;
            for (int i = 0; i < n; i++) w[i] = (w[i] + 1) / 2;
        }
    }

    private static int[] build(long[] w, int n) {
        int[] parent = new int[2 * n];
        PriorityQueue<long[]> heap = new PriorityQueue<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        for (int i = 0; i < n; i++) heap.add(new long[] {w[i], i});
        int next = n;
        while (heap.size() > 1) {
            long[] a = heap.poll(), b = heap.poll();
            parent[(int) a[1]] = next;
            parent[(int) b[1]] = next;
            heap.add(new long[] {a[0] + b[0], next++});
        }
        int root = next - 1;
        int[] depth = new int[2 * n];
        for (int node = root - 1; node >= 0; node--) depth[node] = depth[parent[node]] + 1;
        int[] len = new int[n];
        System.arraycopy(depth, 0, len, 0, n);
        return len;
    }
}
