package org.rookery.core.notation;

import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.board.Square;

/**
 * UCI (long algebraic) move text: {@code e2e4}, {@code e7e8q}, castling as the king's two-square
 * move ({@code e1g1}) in standard chess and king-takes-rook ({@code e1h1}) in Chess960; both forms are
 * read in either.
 */
public final class Uci {
    private final int[] moves = new int[Position.MAX_MOVES];

    /** Resolves a UCI move to the legal move it names; throws {@link NotationException} otherwise. */
    public int parse(Position pos, CharSequence text) {
        int len = text.length();
        if (len < 4 || len > 5) throw new NotationException("malformed UCI move: \"" + text + "\"");
        int from = Square.parse(text, 0), to = Square.parse(text, 2);
        if (from == Square.NONE || to == Square.NONE) throw new NotationException("malformed UCI move: \"" + text + "\"");
        int promo = -1;
        if (len == 5) {
            promo = "nbrq".indexOf(Character.toLowerCase(text.charAt(4)));
            if (promo < 0) throw new NotationException("malformed UCI move (bad promotion piece): \"" + text + "\"");
            promo += Piece.KNIGHT;
        }
        int n = pos.generateLegal(moves, 0);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (Move.from(m) != from) continue;
            int mt = Move.to(m);
            boolean toMatches = mt == to;
            if (!toMatches && Move.isCastle(m)) {
                int right = pos.sideToMove() * 2 + (Move.flags(m) == Move.KING_CASTLE ? 0 : 1);
                toMatches = pos.castlingRookSquare(right) == to;
            }
            if (!toMatches) continue;
            if (Move.isPromotion(m) ? Move.promotionType(m) == promo : promo < 0) return m;
        }
        throw new NotationException("illegal move: \"" + text + "\" in " + pos.toFen());
    }

    /** UCI text in standard chess: castling as the king's two-square move. */
    public static String toUci(int move) {
        return Move.toUci(move);
    }

    /**
     * UCI text of a legal move of {@code pos}: in a Chess960 position castling is king-takes-rook
     * ({@code e1h1}), as {@code UCI_Chess960} wants, since the king's destination alone can be ambiguous.
     */
    public static String toUci(Position pos, int move) {
        if (!pos.isChess960() || !Move.isCastle(move)) return Move.toUci(move);
        int right = pos.sideToMove() * 2 + (Move.flags(move) == Move.KING_CASTLE ? 0 : 1);
        return Square.name(Move.from(move)) + Square.name(pos.castlingRookSquare(right));
    }
}
