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
    private static final int[] ROOK_SHIFT = new int[64];
    private static final int[] ROOK_OFFSET = new int[64];
    private static final long[] BISHOP_MASK = new long[64];
    private static final int[] BISHOP_SHIFT = new int[64];
    private static final int[] BISHOP_OFFSET = new int[64];
    private static final long[] SLIDER_TABLE;

    // Magic multipliers found once by findMagic (seeded xorshift search) and kept as constants, so
    // class loading costs a table fill, not a search; BitboardsTest re-derives and checks them.
    private static final long[] ROOK_MAGIC = {
        0x008000908064C000L, 0x0040200040001000L, 0x0180100080A0010AL, 0x8880041000800800L,
        0x1200100201200804L, 0x0200020004011008L, 0x2180010000800600L, 0x0200005088210204L,
        0x0400800040008021L, 0x0400400020005000L, 0x8240801000200080L, 0x8611001004200900L,
        0x008180800C001800L, 0x0100800200800400L, 0x0A02000102000408L, 0x8020802300104280L,
        0x0080004000402000L, 0xE010104000402000L, 0x0800808010002000L, 0xA280210008100100L,
        0x0001818014000800L, 0xA002010100080400L, 0x0080240001020870L, 0x0001020004048845L,
        0x0081826280004004L, 0x2020810900284000L, 0x0200100080802000L, 0x0200080080100080L,
        0x8083080100100500L, 0x4406000901000400L, 0x0005020080800100L, 0x0090204200008114L,
        0x0010400094800420L, 0x0900804000802002L, 0x0201001841002000L, 0x4100080080801000L,
        0x4540040080800800L, 0x0002001004040020L, 0x0281195814001002L, 0x1240800040800100L,
        0x0880042000524004L, 0x02C080410206002CL, 0x0801200241050010L, 0x8400080010008080L,
        0x0008000500090010L, 0x0082009084020008L, 0x4012000108020004L, 0x9000104D08860004L,
        0x2004204114800100L, 0x0148802112400300L, 0x0202842000100880L, 0x001B080080900080L,
        0x001A002008100600L, 0x0004008004020080L, 0x5181000600040300L, 0x0000044401128A00L,
        0x8044110480002441L, 0x2008110084402202L, 0x90806005090010C1L, 0x000420310A004A42L,
        0x0023001004020801L, 0x0882001008040102L, 0x000230088118020CL, 0x0000019025040042L
    };
    private static final long[] BISHOP_MAGIC = {
        0x0045010808008680L, 0x2002080204004898L, 0x0210009A10400006L, 0x0824050200810200L,
        0x0006061105004090L, 0x00010108C0000000L, 0x0814040282104004L, 0x0012012201106800L,
        0x10823014100C1040L, 0x0080C2088802808CL, 0x0281108410404000L, 0x0101212041826200L,
        0x0020141028221058L, 0x2201020202200202L, 0x000082A801482000L, 0x0000008401411044L,
        0x0007103014300404L, 0x0002091110010100L, 0x42140012040C0808L, 0x0800808802004020L,
        0x90C4004210140000L, 0x0800200900A01000L, 0x00D0400201108810L, 0x80820183814412A0L,
        0x00A01008202202B4L, 0x01C2021A09500402L, 0x0084440208042400L, 0x800400400C090100L,
        0xBA10040010802100L, 0xD182009006005000L, 0x5011021001009004L, 0x0020420200510400L,
        0x0292104000468800L, 0x00043009091C0500L, 0x0280441000020025L, 0x0042820080080080L,
        0x0440101010010040L, 0x1000900100808080L, 0x0108108120089800L, 0x0044010200012682L,
        0xC002500420900400L, 0x0040482210710800L, 0x0002060024000200L, 0x0281020A44000800L,
        0xA0021200A4000200L, 0x0001301000840840L, 0x2868500108444220L, 0x0004111041000200L,
        0x8044020842080200L, 0x0000220104210200L, 0x0000021201044000L, 0x0000280884040028L,
        0x4012114010858003L, 0x0000081004082B88L, 0x3892700508208002L, 0x00220A041B060400L,
        0x0812020284014881L, 0x010434A282103100L, 0x0490400824020800L, 0x4A20002C00208800L,
        0x000000A011020200L, 0x4002940A02482202L, 0x5100100202140406L, 0x02102000840540C1L
    };

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
        int offset = 0;
        for (int sq = 0; sq < 64; sq++) {
            ROOK_OFFSET[sq] = offset;
            offset += fillTable(sq, ROOK_DIRS, ROOK_MASK[sq], ROOK_MAGIC[sq], ROOK_SHIFT, offset);
        }
        for (int sq = 0; sq < 64; sq++) {
            BISHOP_OFFSET[sq] = offset;
            offset += fillTable(sq, BISHOP_DIRS, BISHOP_MASK[sq], BISHOP_MAGIC[sq], BISHOP_SHIFT, offset);
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
        long x = s[0];
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        s[0] = x;
        return x * 0x2545F4914F6CDD1DL;
    }

    private static int fillTable(int sq, int[][] dirs, long mask, long magic, int[] shifts, int offset) {
        int bits = Long.bitCount(mask);
        int shift = 64 - bits;
        shifts[sq] = shift;
        long subset = 0;
        for (int i = 0; i < (1 << bits); i++) {
            int idx = offset + (int) ((subset * magic) >>> shift);
            long att = slide(sq, subset, dirs);
            if (SLIDER_TABLE[idx] != 0 && SLIDER_TABLE[idx] != att) {
                throw new IllegalStateException("magic for square " + sq + " collides");
            }
            SLIDER_TABLE[idx] = att;
            subset = (subset - mask) & mask; // Carry-Rippler enumeration of all subsets of the mask
        }
        return 1 << bits;
    }

    /**
     * Finds a magic multiplier for a square by seeded random search (how the constants above were
     * made); {@code seed} carries the generator state between calls.
     */
    static long findMagic(int sq, boolean rook, long[] seed) {
        int[][] dirs = rook ? ROOK_DIRS : BISHOP_DIRS;
        long mask = rook ? ROOK_MASK[sq] : BISHOP_MASK[sq];
        int bits = Long.bitCount(mask);
        int size = 1 << bits;
        long[] occupancies = new long[size];
        long[] attacks = new long[size];
        long subset = 0;
        for (int i = 0; i < size; i++) {
            occupancies[i] = subset;
            attacks[i] = slide(sq, subset, dirs);
            subset = (subset - mask) & mask;
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
            if (ok) return magic;
        }
    }

    static long rookMagic(int sq) { return ROOK_MAGIC[sq]; }

    static long bishopMagic(int sq) { return BISHOP_MAGIC[sq]; }

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
