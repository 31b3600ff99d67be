package org.rookery.endgame.index;

/**
 * Ranks sets of identical pieces as combinations (colex order: {@code sum C(s_i, i+1)} over the
 * sorted squares), so two white knights take C(64,2) = 2016 slots instead of 4096. Unranking uses
 * tables built once per (domain, count), packing up to four 6-bit squares in an int.
 */
public final class Binomial {
    private Binomial() {}

    /** C[n][k] for n ≤ 64, k ≤ 7. */
    static final long[][] C = new long[65][8];

    static {
        for (int n = 0; n <= 64; n++) {
            C[n][0] = 1;
            for (int k = 1; k < 8; k++) C[n][k] = n == 0 ? 0 : C[n - 1][k - 1] + C[n - 1][k];
        }
    }

    public static long choose(int n, int k) {
        return n < k ? 0 : C[n][k];
    }

    private static final int[][][] UNRANK = new int[65][5][];

    /** Packed sorted squares (6 bits each, lowest first) of rank {@code r} among k-subsets of [0, domain). */
    static int[] unrankTable(int domain, int k) {
        synchronized (UNRANK) {
            int[] t = UNRANK[domain][k];
            if (t == null && k == 0) {
                t = new int[1]; // the empty set
                UNRANK[domain][0] = t;
            } else if (t == null) {
                t = new int[(int) C[domain][k]];
                int[] s = new int[k];
                for (int i = 0; i < k; i++) s[i] = i;
                for (int r = 0; r < t.length; r++) {
                    int packed = 0;
                    for (int i = 0; i < k; i++) packed |= s[i] << (6 * i);
                    t[rank(s, k)] = packed;
                    // next k-subset in colex order: raise the lowest element that can rise
                    int i = 0;
                    while (i < k - 1 && s[i] + 1 == s[i + 1]) {
                        s[i] = i;
                        i++;
                    }
                    s[i]++;
                }
                UNRANK[domain][k] = t;
            }
            return t;
        }
    }

    /** Colex rank of k sorted distinct values. */
    static int rank(int[] sorted, int k) {
        long r = 0;
        for (int i = 0; i < k; i++) r += C[sorted[i]][i + 1];
        return (int) r;
    }
}
