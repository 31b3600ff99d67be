package org.rookery.workers.kafka;

import java.util.List;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.board.Square;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.Uci;
import org.rookery.workers.match.MoveRecord;

/**
 * The {@code zobrist} column: the position key before the first ply and after each ply. Resolves
 * each UCI move among the legal moves to its target square only (castling falls back to the full
 * parser), which makes a worker's record building a few times cheaper than generating every legal
 * move at every ply; one board per thread is reused.
 */
final class ZobristTrail {
    private ZobristTrail() {}

    private static final ThreadLocal<State> STATE = ThreadLocal.withInitial(State::new);

    private static final class State {
        final Position pos = new Position();
        final Uci uci = new Uci();
        final int[] moves = new int[Position.MAX_MOVES];
    }

    /** Keys of length {@code moves.size() + 1}; a move that does not resolve ends the trail early. */
    static long[] keys(String startFen, List<MoveRecord> moves) {
        State s = STATE.get();
        Position pos = s.pos;
        pos.setFen(startFen);
        long[] keys = new long[moves.size() + 1];
        keys[0] = pos.key();
        int i = 0;
        for (MoveRecord m : moves) {
            int move = resolve(s, m.uci());
            if (move == Move.NONE) break;
            pos.makeMove(move);
            keys[++i] = pos.key();
        }
        return i == moves.size() ? keys : java.util.Arrays.copyOf(keys, i + 1);
    }

    private static int resolve(State s, String text) {
        if (text.length() == 4 || text.length() == 5) {
            int from = Square.parse(text, 0), to = Square.parse(text, 2);
            if (from != Square.NONE && to != Square.NONE) {
                int promo = text.length() == 5 ? "nbrq".indexOf(text.charAt(4)) + Piece.KNIGHT : -1;
                int n = s.pos.generateTo(s.moves, 0, to);
                for (int k = 0; k < n; k++) {
                    int m = s.moves[k];
                    if (Move.from(m) == from && (Move.isPromotion(m) ? Move.promotionType(m) == promo : promo < 0)) return m;
                }
            }
        }
        try {
            return s.uci.parse(s.pos, text); // castling, or not a legal move at all
        } catch (NotationException e) {
            return Move.NONE;
        }
    }
}
