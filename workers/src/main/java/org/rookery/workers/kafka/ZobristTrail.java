package org.rookery.workers.kafka;

import java.util.Arrays;
import java.util.List;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.UciMoves;
import org.rookery.workers.match.MoveRecord;

/**
 * The {@code zobrist} column: the position key before the first ply and after each ply, each move
 * resolved by core's {@link UciMoves}. The board and resolver belong to one call: a record is
 * built once per finished game, so there is nothing worth keeping per thread.
 */
final class ZobristTrail {
    private ZobristTrail() {}

    /** Keys of length {@code moves.size() + 1}; a move that does not resolve ends the trail early. */
    static long[] keys(String startFen, List<MoveRecord> moves) {
        Position pos = new Position();
        UciMoves uci = new UciMoves();
        pos.setFen(startFen);
        long[] keys = new long[moves.size() + 1];
        keys[0] = pos.key();
        int i = 0;
        for (MoveRecord m : moves) {
            int move;
            try {
                move = uci.resolve(pos, m.uci());
            } catch (NotationException e) {
                break; // not a legal move: the runner checks every move, so this is a foreign record
            }
            pos.makeMove(move);
            keys[++i] = pos.key();
        }
        return i == moves.size() ? keys : Arrays.copyOf(keys, i + 1);
    }
}
