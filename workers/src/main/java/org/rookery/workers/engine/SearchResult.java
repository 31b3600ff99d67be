package org.rookery.workers.engine;

import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;

/**
 * The outcome of a search.
 *
 * @param bestMove the move to play, {@link Move#NONE} only when there is no legal move
 * @param ponderMove the expected reply, or {@link Move#NONE}
 * @param score score of the deepest finished iteration (or the mate/stalemate score at the root)
 * @param depth deepest finished iteration (0 when none finished)
 * @param nodes nodes searched
 */
public record SearchResult(int bestMove, int ponderMove, int score, int depth, long nodes) {
    /** The UCI line: {@code bestmove e2e4 ponder e7e5}, or {@code bestmove 0000}. */
    public String toUci() {
        String s = "bestmove " + Move.toUci(bestMove);
        return ponderMove == Move.NONE ? s : s + " ponder " + Move.toUci(ponderMove);
    }

    /** The UCI line for a search of {@code root}: in Chess960, castling is king-takes-rook. */
    public String toUci(Position root) {
        if (!root.isChess960() || bestMove == Move.NONE) return toUci();
        String s = "bestmove " + Uci.toUci(root, bestMove);
        if (ponderMove == Move.NONE) return s;
        Position after = root.copy();
        after.makeMove(bestMove);
        return s + " ponder " + Uci.toUci(after, ponderMove);
    }
}
