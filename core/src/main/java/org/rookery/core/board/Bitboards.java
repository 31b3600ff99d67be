package org.rookery.core.board;

/**
 * Precomputed attack tables and the slider lookups. Sliders use "fancy" magic bitboards: one flat
 * attack table with a per-square offset, magics found at class-load time by a seeded search, so the
 * table is identical on every run and needs no hand-copied constants.
 */
public final class Bitboards {
    private Bitboards() {}

    public static final long FILE_A = 0x0101010101010101L;
    public static final long FILE_H = FILE_A << 7;
    public static final long RANK_1 = 0xFFL;
    public static final long RANK_2 = RANK_1 << 8;
    public static final long RANK_3 = RANK_1 << 16;
    public static final long RANK_4 = RANK_1 << 24;
    public static final long RANK_5 = RANK_1 << 32;
    public static final long RANK_6 = RANK_1 << 40;
    public static final long RANK_7 = RANK_1 << 48;
    public static final long RANK_8 = RANK_1 << 56;
    public static final long DARK_SQUARES = 0xAA55AA55AA55AA55L;
    public static final long LIGHT_SQUARES = ~DARK_SQUARES;

    public static final long[] KNIGHT_ATTACKS = new long[64];
    public static final long[] KING_ATTACKS = new long[64];
    /** PAWN_ATTACKS[color][sq]: squares a pawn of that colour on sq attacks. */
    public static final long[][] PAWN_ATTACKS = new long[2][64];
    /** BETWEEN[a][b]: squares strictly between a and b on a common line, else 0. */
    public static final long[][] BETWEEN = new long[64][64];
    /** LINE[a][b]: the whole line through a and b (including both), else 0. */
    public static final long[][] LINE = new long[64][64];
    /** Empty-board slider rays, for finding pinners. */
    public static final long[] ROOK_RAYS = new long[64];
    public static final long[] BISHOP_RAYS = new long[64];

    private static final long[] ROOK_MASK = new long[64];
    private static final long[] ROOK_MAGIC = new long[64];
    private static final int[] ROOK_SHIFT = new int[64];
    private static final int[] ROOK_OFFSET = new int[64];
    private static final long[] BISHOP_MASK = new long[64];
    private static final long[] BISHOP_MAGIC = new long[64];
    private static final int[] BISHOP_SHIFT = new int[64];
    private static final int[] BISHOP_OFFSET = new int[64];
    private static final long[] SLIDER_TABLE;

    private static final int[][] ROOK_DIRS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    private static final int[][] BISHOP_DIRS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    static {
        for (int sq = 0; sq < 64; sq++) {
            int f = Square.file(sq), r = Square.rank(sq);
            KNIGHT_ATTACKS[sq] = jumps(f, r, new int[][] {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
            KING_ATTACKS[sq] = jumps(f, r, new int[][] {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
            PAWN_ATTACKS[Piece.WHITE][sq] = jumps(f, r, new int[][] {{1, 1}, {-1, 1}});
            PAWN_ATTACKS[Piece.BLACK][sq] = jumps(f, r, new int[][] {{1, -1}, {-1, -1}});
            ROOK_RAYS[sq] = slide(sq, 0L, ROOK_DIRS);
            BISHOP_RAYS[sq] = slide(sq, 0L, BISHOP_DIRS);
        }
        int rookSize = 0, bishopSize = 0;
        for (int sq = 0; sq < 64; sq++) {
            ROOK_MASK[sq] = relevantMask(sq, ROOK_DIRS);
            BISHOP_MASK[sq] = relevantMask(sq, BISHOP_DIRS);
            rookSize += 1 << Long.bitCount(ROOK_MASK[sq]);
            bishopSize += 1 << Long.bitCount(BISHOP_MASK[sq]);
        }
        SLIDER_TABLE = new long[rookSize + bishopSize];
        long[] seed = {0x2545F4914F6CDD1DL};
        int offset = 0;
        for (int sq = 0; sq < 64; sq++) {
            ROOK_OFFSET[sq] = offset;
            offset += initMagic(sq, ROOK_DIRS, ROOK_MASK, ROOK_MAGIC, ROOK_SHIFT, offset, seed);
        }
        for (int sq = 0; sq < 64; sq++) {
            BISHOP_OFFSET[sq] = offset;
            offset += initMagic(sq, BISHOP_DIRS, BISHOP_MASK, BISHOP_MAGIC, BISHOP_SHIFT, offset, seed);
        }
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                if (a == b) continue;
                long ab = (1L << a) | (1L << b);
                if ((ROOK_RAYS[a] & (1L << b)) != 0) {
                    BETWEEN[a][b] = rookAttacks(a, 1L << b) & rookAttacks(b, 1L << a);
                    LINE[a][b] = (ROOK_RAYS[a] & ROOK_RAYS[b]) | ab;
                } else if ((BISHOP_RAYS[a] & (1L << b)) != 0) {
                    BETWEEN[a][b] = bishopAttacks(a, 1L << b) & bishopAttacks(b, 1L << a);
                    LINE[a][b] = (BISHOP_RAYS[a] & BISHOP_RAYS[b]) | ab;
                }
            }
        }
    }

    private static long jumps(int f, int r, int[][] deltas) {
        long bb = 0;
        for (int[] d : deltas) {
            int nf = f + d[0], nr = r + d[1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) bb |= 1L << Square.of(nf, nr);
        }
        return bb;
    }

    private static long slide(int sq, long occ, int[][] dirs) {
        long bb = 0;
        for (int[] d : dirs) {
            int f = Square.file(sq) + d[0], r = Square.rank(sq) + d[1];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                long b = 1L << Square.of(f, r);
                bb |= b;
                if ((occ & b) != 0) break;
                f += d[0];
                r += d[1];
            }
        }
        return bb;
    }

    /** The squares whose occupancy matters: the rays minus the board edge they run into. */
    private static long relevantMask(int sq, int[][] dirs) {
        long bb = 0;
        for (int[] d : dirs) {
            int f = Square.file(sq) + d[0], r = Square.rank(sq) + d[1];
            while (f + d[0] >= 0 && f + d[0] < 8 && r + d[1] >= 0 && r + d[1] < 8) {
                bb |= 1L << Square.of(f, r);
                f += d[0];
                r += d[1];
            }
        }
        return bb;
    }

    private static long nextRandom(long[] s) {
        // xorshift64*: deterministic, so the magics (and table layout) never change between runs.
        long x = s[0];
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        s[0] = x;
        return x * 0x2545F4914F6CDD1DL;
    }

    private static int initMagic(int sq, int[][] dirs, long[] masks, long[] magics, int[] shifts, int offset, long[] seed) {
        long mask = masks[sq];
        int bits = Long.bitCount(mask);
        int size = 1 << bits;
        long[] occupancies = new long[size];
        long[] attacks = new long[size];
        long subset = 0;
        for (int i = 0; i < size; i++) {
            occupancies[i] = subset;
            attacks[i] = slide(sq, subset, dirs);
            subset = (subset - mask) & mask; // Carry-Rippler enumeration of all subsets of the mask
        }
        int shift = 64 - bits;
        long[] used = new long[size];
        int[] epoch = new int[size];
        int attempt = 0;
        while (true) {
            long magic = nextRandom(seed) & nextRandom(seed) & nextRandom(seed);
            if (Long.bitCount((mask * magic) & 0xFF00000000000000L) < 6) continue;
            attempt++;
            boolean ok = true;
            for (int i = 0; i < size && ok; i++) {
                int idx = (int) ((occupancies[i] * magic) >>> shift);
                if (epoch[idx] != attempt) {
                    epoch[idx] = attempt;
                    used[idx] = attacks[i];
                } else if (used[idx] != attacks[i]) {
                    ok = false;
                }
            }
            if (ok) {
                magics[sq] = magic;
                shifts[sq] = shift;
                for (int i = 0; i < size; i++) {
                    SLIDER_TABLE[offset + (int) ((occupancies[i] * magic) >>> shift)] = attacks[i];
                }
                return size;
            }
        }
    }

    public static long rookAttacks(int sq, long occ) {
        return SLIDER_TABLE[ROOK_OFFSET[sq] + (int) (((occ & ROOK_MASK[sq]) * ROOK_MAGIC[sq]) >>> ROOK_SHIFT[sq])];
    }

    public static long bishopAttacks(int sq, long occ) {
        return SLIDER_TABLE[BISHOP_OFFSET[sq] + (int) (((occ & BISHOP_MASK[sq]) * BISHOP_MAGIC[sq]) >>> BISHOP_SHIFT[sq])];
    }

    public static long queenAttacks(int sq, long occ) {
        return rookAttacks(sq, occ) | bishopAttacks(sq, occ);
    }

    /** Attacks of a non-pawn piece type from sq with the given occupancy. */
    public static long attacks(int type, int sq, long occ) {
        switch (type) {
            case Piece.KNIGHT: return KNIGHT_ATTACKS[sq];
            case Piece.BISHOP: return bishopAttacks(sq, occ);
            case Piece.ROOK: return rookAttacks(sq, occ);
            case Piece.QUEEN: return queenAttacks(sq, occ);
            case Piece.KING: return KING_ATTACKS[sq];
            default: throw new IllegalArgumentException("no attack table for piece type " + type);
        }
    }

    /** Reference slider attacks by ray walking, for tests of the magic tables. */
    static long slowRookAttacks(int sq, long occ) { return slide(sq, occ, ROOK_DIRS); }

    static long slowBishopAttacks(int sq, long occ) { return slide(sq, occ, BISHOP_DIRS); }

    public static long bit(int sq) { return 1L << sq; }

    public static int lsb(long bb) { return Long.numberOfTrailingZeros(bb); }

    public static boolean moreThanOne(long bb) { return (bb & (bb - 1)) != 0; }
}
