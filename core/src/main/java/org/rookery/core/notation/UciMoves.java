package org.rookery.core.notation;

import java.util.List;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.board.Square;

/**
 * Resolves UCI text against a position, as {@link Uci#parse} does, but generating only the legal
 * moves to the destination square instead of all of them: replaying stored games (the statistics
 * jobs, a worker's zobrist trail) resolves every move of every game, and full generation was most
 * of that time. Castling, and anything that does not resolve that way, goes to {@link Uci#parse},
 * which also produces the error for an illegal move. One instance per thread, owned by its caller;
 * resolving allocates nothing.
 */
public final class UciMoves {
    private final Uci uci = new Uci();
    private final int[] moves = new int[Position.MAX_MOVES];

    /** The legal move {@code text} names; throws {@link NotationException} otherwise. */
    public int resolve(Position pos, String text) {
        int len = text.length();
        if (len == 4 || len == 5) {
            int from = Square.parse(text, 0);
            int to = Square.parse(text, 2);
            if (from != Square.NONE && to != Square.NONE) {
                int piece = pos.pieceAt(from);
                // A king's jump or a king onto its own rook is castling, which generateTo leaves out.
                boolean kingJump = Piece.type(piece) == Piece.KING
                        && Math.abs(Square.file(from) - Square.file(to)) > 1;
                boolean ontoOwn = pos.pieceAt(to) != Piece.NONE && piece != Piece.NONE
                        && Piece.color(pos.pieceAt(to)) == Piece.color(piece);
                if (!kingJump && !ontoOwn) {
                    int promo = len == 5 ? "nbrq".indexOf(Character.toLowerCase(text.charAt(4))) + Piece.KNIGHT : -1;
                    int n = pos.generateTo(moves, 0, to);
                    for (int i = 0; i < n; i++) {
                        int m = moves[i];
                        if (Move.from(m) == from
                                && (Move.isPromotion(m) ? Move.promotionType(m) == promo : promo < 0)) {
                            return m;
                        }
                    }
                }
            }
        }
        return uci.parse(pos, text);
    }

    /** A list of UCI moves as an array, read once in order (Spark may hand over a linked list). */
    public static String[] array(List<String> moves) {
        return moves == null ? new String[0] : moves.toArray(new String[0]);
    }
}
