package org.rookery.core.board;

/**
 * Zobrist keys laid out exactly as the Polyglot book format does, so {@link Position#key()} of a
 * position equals its Polyglot key. One deliberate difference, asked for by FIDE's definition of
 * "the same position": the en-passant file is hashed only when an en-passant capture is actually
 * legal, where Polyglot hashes it whenever a pawn merely stands beside the pushed pawn. The two
 * differ only when that pawn is pinned or the capture would leave the king in check.
 *
 * <p>Castling rights are hashed by their rook's file ({@link #CASTLING_ROOK}): a right whose rook
 * starts on the h or a file takes Polyglot's K/Q (k/q) key, so standard keys are Polyglot's; a
 * Chess960 right with an inner rook takes a key of its own for that colour and file. A Chess960
 * position with rooks in the corners thus hashes as the same standard position does.
 */
public final class Zobrist {
    private Zobrist() {}

    /** PIECE_SQUARE[piece][sq] with Rookery's piece codes. */
    static final long[][] PIECE_SQUARE = new long[12][64];
    /** CASTLING[rights] for every subset of the four rights (bit 0 K, 1 Q, 2 k, 3 q). */
    static final long[] CASTLING = new long[16];
    /**
     * CASTLING_ROOK[color][file]: the key of a castling right whose rook starts on that file. Files
     * h and a are Polyglot's king- and queen-side keys; b–g come from a fixed SplitMix64 stream
     * (seed 960), as Polyglot defines no keys for them.
     */
    static final long[][] CASTLING_ROOK = new long[2][8];
    static final long[] EP_FILE = new long[8];
    /** XORed in when white is to move (Polyglot's "turn" entry). */
    static final long WHITE_TO_MOVE;

    static {
        long[] r = PolyglotRandom.RANDOM64;
        for (int piece = 0; piece < 12; piece++) {
            // Polyglot orders kinds black pawn, white pawn, black knight, white knight, …
            int kind = Piece.type(piece) * 2 + (Piece.color(piece) == Piece.WHITE ? 1 : 0);
            for (int sq = 0; sq < 64; sq++) PIECE_SQUARE[piece][sq] = r[64 * kind + sq];
        }
        for (int rights = 0; rights < 16; rights++) {
            long k = 0;
            for (int b = 0; b < 4; b++) if ((rights & (1 << b)) != 0) k ^= r[768 + b];
            CASTLING[rights] = k;
        }
        long seed = 960;
        for (int color = 0; color < 2; color++) {
            for (int file = 1; file < 7; file++) {
                seed += 0x9E3779B97F4A7C15L;
                long z = seed;
                z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
                z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
                CASTLING_ROOK[color][file] = z ^ (z >>> 31);
            }
            CASTLING_ROOK[color][7] = r[768 + 2 * color];
            CASTLING_ROOK[color][0] = r[769 + 2 * color];
        }
        for (int f = 0; f < 8; f++) EP_FILE[f] = r[772 + f];
        WHITE_TO_MOVE = r[780];
    }
}
