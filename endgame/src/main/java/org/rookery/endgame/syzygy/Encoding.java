package org.rookery.endgame.syzygy;

/**
 * The square-mapping tables of the Syzygy index: how a set of squares becomes a number. They are
 * fixed by the format (every reader and the generator agree on them), so they are built once here.
 */
final class Encoding {
    private Encoding() {}

    /** Squares strictly below the a1-h8 diagonal numbered 0..27. */
    static final int[] BELOW_DIAGONAL = new int[64];
    /** The a1-d1-d4 triangle numbered 0..9, the four diagonal squares last. */
    static final int[] TRIANGLE = new int[64];
    /** The 462 legal placings of two kings, the first inside the triangle. */
    static final int[][] KINGS = new int[10][64];
    /** binomial[k][n]: ways to choose k of n squares. */
    static final long[][] BINOMIAL = new long[7][64];
    /** a2..h7 numbered so that the lead pawn is the one with the highest number. */
    static final int[] PAWN_RANK = new int[64];
    /** Index of the lead pawns' group by its count and the lead pawn's square. */
    static final int[][] LEAD_PAWN_INDEX = new int[6][64];
    /** Size of the lead pawns' group by its count and file a..d. */
    static final int[][] LEAD_PAWN_SIZE = new int[6][4];

    static int offDiagonal(int sq) {
        return (sq >>> 3) - (sq & 7);
    }

    static {
        int code = 0;
        for (int s = 0; s < 64; s++) {
            if (offDiagonal(s) < 0) BELOW_DIAGONAL[s] = code++;
        }
        code = 0;
        int[] diagonal = new int[4];
        int diagonals = 0;
        for (int s = 0; s <= 27; s++) {
            if ((s & 7) > 3) continue;
            if (offDiagonal(s) < 0) TRIANGLE[s] = code++;
            else if (offDiagonal(s) == 0) diagonal[diagonals++] = s;
        }
        for (int i = 0; i < diagonals; i++) TRIANGLE[diagonal[i]] = code++;

        code = 0;
        int[] lastIdx = new int[64 * 10];
        int[] lastSq = new int[64 * 10];
        int last = 0;
        for (int idx = 0; idx < 10; idx++) {
            for (int s1 = 0; s1 <= 27; s1++) {
                if ((s1 & 7) > 3 || offDiagonal(s1) > 0 || TRIANGLE[s1] != idx) continue;
                for (int s2 = 0; s2 < 64; s2++) {
                    if (Math.abs((s1 & 7) - (s2 & 7)) <= 1 && Math.abs((s1 >>> 3) - (s2 >>> 3)) <= 1) continue;
                    if (offDiagonal(s1) == 0 && offDiagonal(s2) > 0) continue;
                    if (offDiagonal(s1) == 0 && offDiagonal(s2) == 0) {
                        lastIdx[last] = idx;
                        lastSq[last++] = s2;
                    } else {
                        KINGS[idx][s2] = code++;
                    }
                }
            }
        }
        for (int i = 0; i < last; i++) KINGS[lastIdx[i]][lastSq[i]] = code++;

        BINOMIAL[0][0] = 1;
        for (int n = 1; n < 64; n++) {
            for (int k = 0; k < 7 && k <= n; k++) {
                BINOMIAL[k][n] = (k > 0 ? BINOMIAL[k - 1][n - 1] : 0) + (k < n ? BINOMIAL[k][n - 1] : 0);
            }
        }

        int available = 47;
        for (int count = 1; count <= 5; count++) {
            for (int file = 0; file < 4; file++) {
                int idx = 0;
                for (int rank = 1; rank <= 6; rank++) {
                    int sq = rank * 8 + file;
                    if (count == 1) {
                        PAWN_RANK[sq] = available--;
                        PAWN_RANK[sq ^ 7] = available--;
                    }
                    LEAD_PAWN_INDEX[count][sq] = idx;
                    idx += (int) BINOMIAL[count - 1][PAWN_RANK[sq]];
                }
                LEAD_PAWN_SIZE[count][file] = idx;
            }
        }
    }
}
