package org.rookery.endgame.syzygy;

import java.util.Arrays;

/**
 * Chooses the symbols of a sequence's don't-care slots (positions the prober never reads) so the
 * sequence compresses well: each run of don't-cares gets the cheapest path under a bigram model
 * of the sequence (a Viterbi search over the most frequent symbols and the run's two neighbours),
 * refined once on the filled sequence. Compared with repeating the previous value, this lets a
 * run continue the patterns around it, which Re-Pair then turns into fewer, longer symbols.
 * Holds scratch arrays for reuse; not thread-safe.
 */
final class DontCareFill {
    /** The marker of a don't-care slot in the sequence given to {@link #fill}. */
    static final int DONT_CARE = -1;
    /** Symbols a run may take besides its neighbours: the most frequent ones. */
    private static final int CANDIDATES = 12;
    /** Bigram passes: counted on the cared-for pairs, then on the filled sequence. */
    private static final int PASSES = 2;
    /** Alphabets up to this size get the bigram model (its table is symbols squared). */
    private static final int MAX_MODELLED = 1024;

    private byte[] back = new byte[1 << 12];
    private long[] dontCare = new long[1 << 10];

    /**
     * Replaces every {@link #DONT_CARE} in {@code seq[0..n)} by a symbol in {@code 0..symbols)};
     * the other slots are kept. A sequence without cared-for slots becomes all zeros.
     */
    void fill(int[] seq, int n, int symbols) {
        if (dontCare.length < (n >>> 6) + 1) dontCare = new long[(n >>> 6) + 1];
        Arrays.fill(dontCare, 0, (n >>> 6) + 1, 0);
        int cared = 0;
        for (int i = 0; i < n; i++) {
            if (seq[i] == DONT_CARE) dontCare[i >>> 6] |= 1L << i;
            else cared++;
        }
        if (cared == n) return;
        if (cared == 0 || symbols <= 1 || symbols > MAX_MODELLED) {
            if (symbols > MAX_MODELLED) {
                repeatPrevious(seq, n);
                return;
            }
            for (int i = 0; i < n; i++) if (seq[i] == DONT_CARE) seq[i] = 0;
            return;
        }
        int k = symbols;
        long[] pair = new long[k * k];
        long[] single = new long[k];
        float[] cost = new float[k * k];
        float[] start = new float[k];
        for (int pass = 0; pass < PASSES; pass++) {
            Arrays.fill(pair, 0);
            Arrays.fill(single, 0);
            for (int i = 0; i < n; i++) {
                int b = seq[i];
                if (b == DONT_CARE) continue;
                single[b]++;
                if (i > 0 && seq[i - 1] != DONT_CARE) pair[seq[i - 1] * k + b]++;
            }
            model(pair, single, k, cost, start);
            int[] cands = top(single, Math.min(k, CANDIDATES));
            if (pass > 0) for (int i = 0; i < n; i++) if (isDontCare(i)) seq[i] = DONT_CARE;
            for (int i = 0; i < n; ) {
                if (seq[i] != DONT_CARE) {
                    i++;
                    continue;
                }
                int end = i;
                while (end < n && seq[end] == DONT_CARE) end++;
                run(seq, i, end, n, cands, cost, start, k);
                i = end;
            }
        }
    }

    /** The simple fill (for alphabets too large for a bigram table, and the writer's alternative): each don't-care repeats the slot before it. */
    static void repeatPrevious(int[] seq, int n) {
        int prev = 0;
        for (int i = 0; i < n; i++) {
            if (seq[i] != DONT_CARE) {
                prev = seq[i];
                break;
            }
        }
        for (int i = 0; i < n; i++) {
            if (seq[i] == DONT_CARE) seq[i] = prev;
            else prev = seq[i];
        }
    }

    private boolean isDontCare(int i) {
        return (dontCare[i >>> 6] >>> i & 1) != 0;
    }

    /** Bits per transition, add-half smoothed, and per symbol (for a run at the sequence's start). */
    private static void model(long[] pair, long[] single, int k, float[] cost, float[] start) {
        long total = 0;
        for (long s : single) total += s;
        for (int a = 0; a < k; a++) {
            long row = 0;
            for (int b = 0; b < k; b++) row += pair[a * k + b];
            for (int b = 0; b < k; b++) cost[a * k + b] = (float) -log2((pair[a * k + b] + 0.5) / (row + 0.5 * k));
            start[a] = (float) -log2((single[a] + 0.5) / (total + 0.5 * k));
        }
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    private static int[] top(long[] freq, int m) {
        Integer[] order = new Integer[freq.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> freq[a] != freq[b] ? Long.compare(freq[b], freq[a]) : Integer.compare(a, b));
        int[] out = new int[m];
        for (int i = 0; i < m; i++) out[i] = order[i];
        return out;
    }

    /** Viterbi over {@code seq[from..to)}, all don't-cares, between its cared-for (or filled) neighbours. */
    private void run(int[] seq, int from, int to, int n, int[] cands, float[] cost, float[] start, int k) {
        int left = from > 0 ? seq[from - 1] : -1, right = to < n ? seq[to] : -1;
        int[] states = Arrays.copyOf(cands, cands.length + 2);
        int m = cands.length;
        if (left >= 0 && indexOf(states, m, left) < 0) states[m++] = left;
        if (right >= 0 && indexOf(states, m, right) < 0) states[m++] = right;
        int len = to - from;
        if ((long) len * m > Integer.MAX_VALUE - 8) {
            for (int i = from; i < to; i++) seq[i] = left >= 0 ? left : right >= 0 ? right : cands[0];
            return;
        }
        if (back.length < len * m) back = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max((long) len * m, 2L * back.length))];
        float[] dp = new float[m], next = new float[m];
        for (int j = 0; j < m; j++) dp[j] = left >= 0 ? cost[left * k + states[j]] : start[states[j]];
        for (int t = 1; t < len; t++) {
            for (int j = 0; j < m; j++) {
                int sj = states[j];
                float best = Float.MAX_VALUE;
                int arg = 0;
                for (int i = 0; i < m; i++) {
                    float c = dp[i] + cost[states[i] * k + sj];
                    if (c < best) {
                        best = c;
                        arg = i;
                    }
                }
                next[j] = best;
                back[t * m + j] = (byte) arg;
            }
            float[] swap = dp;
            dp = next;
            next = swap;
        }
        int arg = 0;
        float best = Float.MAX_VALUE;
        for (int j = 0; j < m; j++) {
            float c = dp[j] + (right >= 0 ? cost[states[j] * k + right] : 0);
            if (c < best) {
                best = c;
                arg = j;
            }
        }
        for (int t = len - 1; t >= 0; t--) {
            seq[from + t] = states[arg];
            if (t > 0) arg = back[t * m + arg];
        }
    }

    private static int indexOf(int[] a, int m, int v) {
        for (int i = 0; i < m; i++) if (a[i] == v) return i;
        return -1;
    }
}
