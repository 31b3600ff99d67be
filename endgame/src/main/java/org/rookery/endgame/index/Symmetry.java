package org.rookery.endgame.index;

import org.rookery.core.board.Bitboards;

/**
 * The eight board symmetries and the king-pair tables built on them. A transform {@code t} flips
 * files if bit 0 is set, ranks if bit 1 is set, then transposes (swaps file and rank) if bit 2 is
 * set; so {@code t ^ 4} is {@code t} followed by the a1–h8 reflection.
 *
 * <p>Pawnless tables put the white king in the a1–d1–d4 triangle and, when it stands on the
 * diagonal, the black king on or below it: 462 legal pairs. Tables with pawns only mirror files,
 * and the pawns choose the orientation, so their kings take all 3612 legal (distinct, non-adjacent)
 * pairs.
 */
public final class Symmetry {
    private Symmetry() {}

    /** SQ[t][sq]: image of a square under transform t. */
    public static final int[][] SQ = new int[8][64];
    public static final int MIRROR = 1;

    public static final int PAWNLESS_PAIRS = 462;
    public static final int PAWN_PAIRS = 3612;

    /** Transform bringing a pawnless king pair (index wk*64+bk) to canonical form. */
    static final byte[] CANON_T = new byte[4096];
    /** Whether both kings end on the a1–h8 diagonal, so {@code t ^ 4} is equally canonical. */
    static final boolean[] CANON_AMBIGUOUS = new boolean[4096];
    /** Pair index of canonical pawnless pairs, -1 otherwise; and the inverse. */
    static final short[] PAWNLESS_INDEX = new short[4096];
    static final short[] PAWNLESS_PAIR = new short[PAWNLESS_PAIRS];
    /** Pair index of any legal pair, for tables with pawns; and the inverse. */
    static final short[] PAWN_INDEX = new short[4096];
    static final short[] PAWN_PAIR = new short[PAWN_PAIRS];

    static {
        for (int t = 0; t < 8; t++) {
            for (int sq = 0; sq < 64; sq++) {
                int f = sq & 7, r = sq >>> 3;
                if ((t & 1) != 0) f = 7 - f;
                if ((t & 2) != 0) r = 7 - r;
                SQ[t][sq] = (t & 4) != 0 ? f * 8 + r : r * 8 + f;
            }
        }
        java.util.Arrays.fill(PAWNLESS_INDEX, (short) -1);
        java.util.Arrays.fill(PAWN_INDEX, (short) -1);
        int n = 0, m = 0;
        for (int wk = 0; wk < 64; wk++) {
            for (int bk = 0; bk < 64; bk++) {
                if (wk == bk || (Bitboards.KING_ATTACKS[wk] & (1L << bk)) != 0) continue;
                PAWN_INDEX[wk * 64 + bk] = (short) m;
                PAWN_PAIR[m++] = (short) (wk * 64 + bk);
                if (inTriangle(wk) && (!onDiagonal(wk) || (bk >>> 3) <= (bk & 7))) {
                    PAWNLESS_INDEX[wk * 64 + bk] = (short) n;
                    PAWNLESS_PAIR[n++] = (short) (wk * 64 + bk);
                }
            }
        }
        if (n != PAWNLESS_PAIRS || m != PAWN_PAIRS) throw new AssertionError("king pairs " + n + ", " + m);
        for (int wk = 0; wk < 64; wk++) {
            for (int bk = 0; bk < 64; bk++) {
                int pair = wk * 64 + bk;
                for (int t = 0; t < 8; t++) {
                    int w = SQ[t][wk], b = SQ[t][bk];
                    if (!inTriangle(w) || (onDiagonal(w) && (b >>> 3) > (b & 7))) continue;
                    CANON_T[pair] = (byte) t;
                    CANON_AMBIGUOUS[pair] = onDiagonal(w) && onDiagonal(b);
                    break;
                }
            }
        }
    }

    static boolean inTriangle(int sq) {
        int f = sq & 7, r = sq >>> 3;
        return f <= 3 && r <= f;
    }

    static boolean onDiagonal(int sq) {
        return (sq & 7) == (sq >>> 3);
    }

    /**
     * A bitboard under transform t by bit twiddling (files mirrored, ranks mirrored, then the
     * a1–h8 reflection), the same as {@link #transform} without a loop over the squares.
     */
    public static long transformBits(int t, long b) {
        if ((t & 1) != 0) {
            b = ((b >>> 1) & 0x5555555555555555L) | ((b & 0x5555555555555555L) << 1);
            b = ((b >>> 2) & 0x3333333333333333L) | ((b & 0x3333333333333333L) << 2);
            b = ((b >>> 4) & 0x0f0f0f0f0f0f0f0fL) | ((b & 0x0f0f0f0f0f0f0f0fL) << 4);
        }
        if ((t & 2) != 0) b = Long.reverseBytes(b);
        if ((t & 4) != 0) {
            long x = 0x0f0f0f0f00000000L & (b ^ (b << 28));
            b ^= x ^ (x >>> 28);
            x = 0x3333000033330000L & (b ^ (b << 14));
            b ^= x ^ (x >>> 14);
            x = 0x5500550055005500L & (b ^ (b << 7));
            b ^= x ^ (x >>> 7);
        }
        return b;
    }

    /** A bitboard under transform t. */
    public static long transform(int t, long bb) {
        long out = 0;
        int[] map = SQ[t];
        while (bb != 0) {
            out |= 1L << map[Long.numberOfTrailingZeros(bb)];
            bb &= bb - 1;
        }
        return out;
    }
}
