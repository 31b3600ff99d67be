package org.rookery.core.board;

/**
 * Piece and colour codes. A piece is {@code color * 6 + type}, so the twelve piece bitboards are
 * indexed directly by piece; {@link #NONE} marks an empty mailbox square.
 */
public final class Piece {
    private Piece() {}

    public static final int WHITE = 0, BLACK = 1;
    public static final int PAWN = 0, KNIGHT = 1, BISHOP = 2, ROOK = 3, QUEEN = 4, KING = 5;
    public static final int NONE = 12;

    public static final int W_PAWN = 0, W_KNIGHT = 1, W_BISHOP = 2, W_ROOK = 3, W_QUEEN = 4, W_KING = 5;
    public static final int B_PAWN = 6, B_KNIGHT = 7, B_BISHOP = 8, B_ROOK = 9, B_QUEEN = 10, B_KING = 11;

    private static final String FEN_CHARS = "PNBRQKpnbrqk";

    public static int make(int color, int type) { return color * 6 + type; }
    public static int color(int piece) { return piece >= 6 ? BLACK : WHITE; }
    public static int type(int piece) { return piece >= 6 ? piece - 6 : piece; }

    /** FEN letter of a piece (upper case for white). */
    public static char fenChar(int piece) { return FEN_CHARS.charAt(piece); }

    /** Piece for a FEN letter, or {@link #NONE}. */
    public static int fromFenChar(char c) {
        int i = FEN_CHARS.indexOf(c);
        return i < 0 ? NONE : i;
    }

    /** Upper-case SAN letter of a piece type ('P' for pawns). */
    public static char typeChar(int type) { return FEN_CHARS.charAt(type); }

    /** Piece type for an upper-case SAN letter (N, B, R, Q, K), or -1. */
    public static int typeFromSanChar(char c) {
        switch (c) {
            case 'N': return KNIGHT;
            case 'B': return BISHOP;
            case 'R': return ROOK;
            case 'Q': return QUEEN;
            case 'K': return KING;
            case 'P': return PAWN;
            default: return -1;
        }
    }
}
