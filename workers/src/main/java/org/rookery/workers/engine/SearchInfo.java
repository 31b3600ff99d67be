package org.rookery.workers.engine;

import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;

/**
 * What one finished iteration found, as reported in a UCI {@code info} line.
 *
 * @param depth iteration depth
 * @param seldepth deepest ply reached, quiescence included
 * @param score centipawns or mate score (see {@link Score}) for the side to move
 * @param nodes nodes searched so far in this search
 * @param timeMs milliseconds since the search started
 * @param hashfull transposition-table fill, per mille
 * @param pv principal variation, root move first
 */
public record SearchInfo(int depth, int seldepth, int score, long nodes, long timeMs, int hashfull, int[] pv) {
    public SearchInfo {
        pv = pv.clone();
    }

    @Override
    public int[] pv() {
        return pv.clone();
    }

    public long nps() {
        return timeMs <= 0 ? nodes * 1000 : nodes * 1000 / timeMs;
    }

    /** The line the engine prints: {@code info depth 5 seldepth 9 score cp 31 nodes … pv e2e4 e7e5}. */
    public String toUci() {
        return toUci(null);
    }

    /** The line for a search of {@code root}: in a Chess960 position the pv castles king-takes-rook. */
    public String toUci(Position root) {
        StringBuilder sb = new StringBuilder(96 + 6 * pv.length);
        sb.append("info depth ").append(depth).append(" seldepth ").append(seldepth)
            .append(" multipv 1 score ").append(Score.toUci(score))
            .append(" nodes ").append(nodes).append(" nps ").append(nps())
            .append(" hashfull ").append(hashfull).append(" time ").append(timeMs);
        if (pv.length > 0) {
            sb.append(" pv");
            Position walk = root != null && root.isChess960() ? root.copy() : null;
            for (int m : pv) {
                sb.append(' ');
                if (walk == null) {
                    Move.appendUci(sb, m);
                } else {
                    sb.append(Uci.toUci(walk, m));
                    walk.makeMove(m);
                }
            }
        }
        return sb.toString();
    }
}
