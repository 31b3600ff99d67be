package org.rookery.endgame.syzygy;

import static org.rookery.endgame.syzygy.Encoding.BELOW_DIAGONAL;
import static org.rookery.endgame.syzygy.Encoding.BINOMIAL;
import static org.rookery.endgame.syzygy.Encoding.KINGS;
import static org.rookery.endgame.syzygy.Encoding.LEAD_PAWN_INDEX;
import static org.rookery.endgame.syzygy.Encoding.LEAD_PAWN_SIZE;
import static org.rookery.endgame.syzygy.Encoding.PAWN_RANK;
import static org.rookery.endgame.syzygy.Encoding.TRIANGLE;
import static org.rookery.endgame.syzygy.Encoding.offDiagonal;

/**
 * The inverse of the Syzygy index: the squares of a {@link WriteLayout}'s pieces (in header order,
 * in the canonical frame the prober maps a position into) for an index of one sub-table. The
 * first group's inverse is found by running the prober's forward mapping over every placement.
 */
final class IndexDecoder {
    private final WriteLayout layout;
    /** Per file: the first group's squares for each of its index values, flattened. */
    private final int[][] first;
    private final int firstLen;
    private final int[] sorted = new int[8];

    IndexDecoder(WriteLayout layout) {
        this.layout = layout;
        this.firstLen = layout.groupLen[0];
        this.first = new int[layout.files][];
        if (layout.pawns) {
            for (int f = 0; f < 4; f++) first[f] = leadPawns(firstLen)[f];
        } else {
            first[0] = layout.unique ? UNIQUE : KING_PAIRS;
        }
    }

    /** Fills {@code squares} (header order) for index {@code idx} of file {@code f}. */
    void decode(int f, long idx, int[] squares) {
        long[] gi = layout.groupIdx[f];
        long[] gs = layout.groupSize[f];
        int n0 = (int) ((idx / gi[0]) % gs[0]);
        System.arraycopy(first[f], n0 * firstLen, squares, 0, firstLen);
        int start = firstLen;
        for (int g = 1; g < layout.groups; g++) {
            int len = layout.groupLen[g];
            long rank = (idx / gi[g]) % gs[g];
            boolean pawnGroup = g == 1 && layout.bothPawns;
            // previous squares, ascending, to skip over
            for (int i = 0; i < start; i++) sorted[i] = squares[i];
            java.util.Arrays.sort(sorted, 0, start);
            for (int i = len; i >= 1; i--) {
                int v = i - 1;
                while (BINOMIAL[i][v + 1] <= rank) v++;
                rank -= BINOMIAL[i][v];
                int s = v + (pawnGroup ? 8 : 0);
                for (int j = 0; j < start; j++) if (sorted[j] <= s) s++;
                squares[start + i - 1] = s;
            }
            start += len;
        }
    }

    private static final int[] KING_PAIRS = firstGroup(2, 462);
    private static final int[] UNIQUE = firstGroup(3, 31332);
    private static final int[][][] LEAD = new int[6][][];

    /** Runs the prober's canonical transform and first-group index over every placement of {@code len} pieces. */
    private static int[] firstGroup(int len, int size) {
        int[] out = new int[size * len];
        boolean[] seen = new boolean[size];
        int[] sq = new int[3];
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                if (b == a) continue;
                for (int c = 0; c < (len == 3 ? 64 : 1); c++) {
                    if (len == 3 && (c == a || c == b)) continue;
                    if (len == 2 && Math.abs((a & 7) - (b & 7)) <= 1 && Math.abs((a >>> 3) - (b >>> 3)) <= 1) continue;
                    sq[0] = a;
                    sq[1] = b;
                    sq[2] = c;
                    canonical(sq, len);
                    int idx = len == 2 ? KINGS[TRIANGLE[sq[0]]][sq[1]] : (int) uniqueIndex(sq);
                    if (seen[idx]) continue;
                    seen[idx] = true;
                    System.arraycopy(sq, 0, out, idx * len, len);
                }
            }
        }
        for (int i = 0; i < size; i++) if (!seen[i]) throw new IllegalStateException("Syzygy first-group index " + i + " of " + size + " has no placement");
        return out;
    }

    private static void canonical(int[] sq, int len) {
        if ((sq[0] & 7) > 3) for (int i = 0; i < len; i++) sq[i] ^= 7;
        if ((sq[0] >>> 3) > 3) for (int i = 0; i < len; i++) sq[i] ^= 56;
        for (int i = 0; i < len; i++) {
            int off = offDiagonal(sq[i]);
            if (off == 0) continue;
            if (off > 0) for (int j = 0; j < len; j++) sq[j] = ((sq[j] >>> 3) | (sq[j] << 3)) & 63;
            break;
        }
    }

    private static long uniqueIndex(int[] sq) {
        int adjust1 = sq[1] > sq[0] ? 1 : 0;
        int adjust2 = (sq[2] > sq[0] ? 1 : 0) + (sq[2] > sq[1] ? 1 : 0);
        if (offDiagonal(sq[0]) != 0) return ((long) TRIANGLE[sq[0]] * 63 + (sq[1] - adjust1)) * 62 + sq[2] - adjust2;
        if (offDiagonal(sq[1]) != 0) return (6L * 63 + (sq[0] >>> 3) * 28 + BELOW_DIAGONAL[sq[1]]) * 62 + sq[2] - adjust2;
        if (offDiagonal(sq[2]) != 0) {
            return 6L * 63 * 62 + 4 * 28 * 62 + (sq[0] >>> 3) * 7 * 28 + ((sq[1] >>> 3) - adjust1) * 28 + BELOW_DIAGONAL[sq[2]];
        }
        return 6L * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + (sq[0] >>> 3) * 7 * 6 + ((sq[1] >>> 3) - adjust1) * 6 + ((sq[2] >>> 3) - adjust2);
    }

    /** Per file a..d, the lead pawns' squares (lead pawn first) for each index of their group. */
    private static synchronized int[][] leadPawns(int k) {
        if (LEAD[k] != null) return LEAD[k];
        int[][] out = new int[4][];
        boolean[][] seen = new boolean[4][];
        for (int f = 0; f < 4; f++) {
            out[f] = new int[LEAD_PAWN_SIZE[k][f] * k];
            seen[f] = new boolean[LEAD_PAWN_SIZE[k][f]];
        }
        int[] pick = new int[k];
        int[] sq = new int[k];
        for (int i = 0; i < k; i++) pick[i] = 8 + i;
        while (true) {
            int best = 0;
            for (int i = 1; i < k; i++) if (PAWN_RANK[pick[i]] > PAWN_RANK[pick[best]]) best = i;
            sq[0] = pick[best];
            for (int i = 0, j = 1; i < k; i++) if (i != best) sq[j++] = pick[i];
            if ((sq[0] & 7) > 3) for (int i = 0; i < k; i++) sq[i] ^= 7;
            int f = sq[0] & 7;
            for (int i = 2; i < k; i++) {
                for (int j = i; j > 1 && PAWN_RANK[sq[j - 1]] > PAWN_RANK[sq[j]]; j--) {
                    int t = sq[j];
                    sq[j] = sq[j - 1];
                    sq[j - 1] = t;
                }
            }
            long idx = LEAD_PAWN_INDEX[k][sq[0]];
            for (int i = 1; i < k; i++) idx += BINOMIAL[i][PAWN_RANK[sq[i]]];
            if (!seen[f][(int) idx]) {
                seen[f][(int) idx] = true;
                System.arraycopy(sq, 0, out[f], (int) idx * k, k);
            }
            int i = k - 1;
            while (i >= 0 && pick[i] == 56 - k + i) i--;
            if (i < 0) break;
            pick[i]++;
            for (int j = i + 1; j < k; j++) pick[j] = pick[j - 1] + 1;
        }
        for (int f = 0; f < 4; f++) {
            for (int i = 0; i < seen[f].length; i++) {
                if (!seen[f][i]) throw new IllegalStateException("Syzygy lead-pawn index " + i + " of file " + f + " has no placement");
            }
        }
        LEAD[k] = out;
        return out;
    }
}
