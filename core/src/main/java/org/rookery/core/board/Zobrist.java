package org.rookery.core.board;

/**
 * Zobrist keys laid out exactly as the Polyglot book format does, so {@link Position#key()} of a
 * position equals its Polyglot key. One deliberate difference, asked for by FIDE's definition of
 * "the same position": the en-passant file is hashed only when an en-passant capture is actually
 * legal, where Polyglot hashes it whenever a pawn merely stands beside the pushed pawn. The two
 * differ only when that pawn is pinned or the capture would leave the king in check.
 */
public final class Zobrist {
    private Zobrist() {}

    /** PIECE_SQUARE[piece][sq] with Rookery's piece codes. */
    static final long[][] PIECE_SQUARE = new long[12][64];
    /** CASTLING[rights] for every subset of the four rights (bit 0 K, 1 Q, 2 k, 3 q). */
    static final long[] CASTLING = new long[16];
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
        for (int f = 0; f < 8; f++) EP_FILE[f] = r[772 + f];
        WHITE_TO_MOVE = r[780];
    }
}
