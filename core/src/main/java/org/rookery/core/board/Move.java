package org.rookery.core.board;

/**
 * Moves are plain {@code int}s so move lists are flat {@code int[]} stacks with no allocation:
 * bits 0–5 origin, 6–11 destination, 12–15 flags. {@link #NONE} (0) is never a legal move
 * because a1→a1 cannot be encoded by the generator.
 */
public final class Move {
    private Move() {}

    public static final int NONE = 0;

    public static final int QUIET = 0;
    public static final int DOUBLE_PUSH = 1;
    public static final int KING_CASTLE = 2;
    public static final int QUEEN_CASTLE = 3;
    public static final int CAPTURE = 4;
    public static final int EN_PASSANT = 5;
    /** Promotion flags: 8 + (piece type − KNIGHT), plus CAPTURE (4) for capturing promotions. */
    public static final int PROMO_KNIGHT = 8, PROMO_BISHOP = 9, PROMO_ROOK = 10, PROMO_QUEEN = 11;
    public static final int PROMO_CAPTURE_KNIGHT = 12, PROMO_CAPTURE_BISHOP = 13, PROMO_CAPTURE_ROOK = 14, PROMO_CAPTURE_QUEEN = 15;

    public static int of(int from, int to, int flags) { return from | (to << 6) | (flags << 12); }

    public static int from(int move) { return move & 63; }
    public static int to(int move) { return (move >>> 6) & 63; }
    public static int flags(int move) { return (move >>> 12) & 15; }

    public static boolean isCapture(int move) { return (move & (4 << 12)) != 0; }
    public static boolean isPromotion(int move) { return (move & (8 << 12)) != 0; }
    public static boolean isCastle(int move) { int f = flags(move); return f == KING_CASTLE || f == QUEEN_CASTLE; }
    public static boolean isEnPassant(int move) { return flags(move) == EN_PASSANT; }

    /** Piece type a promotion creates (KNIGHT…QUEEN); only meaningful when {@link #isPromotion}. */
    public static int promotionType(int move) { return ((move >>> 12) & 3) + Piece.KNIGHT; }

    /** UCI text of a move in standard chess (castling as the king's two-square move). */
    public static String toUci(int move) {
        if (move == NONE) return "0000";
        StringBuilder sb = new StringBuilder(5);
        appendUci(sb, move);
        return sb.toString();
    }

    public static void appendUci(StringBuilder sb, int move) {
        int from = from(move), to = to(move);
        sb.append((char) ('a' + Square.file(from))).append((char) ('1' + Square.rank(from)))
          .append((char) ('a' + Square.file(to))).append((char) ('1' + Square.rank(to)));
        if (isPromotion(move)) sb.append("nbrq".charAt(promotionType(move) - Piece.KNIGHT));
    }
}
