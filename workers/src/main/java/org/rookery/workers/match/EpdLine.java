package org.rookery.workers.match;

import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.Uci;

/**
 * The {@code -epdout} line of a finished game: its final position as fastchess writes it
 * ({@code epd_builder.hpp}): the four FEN fields, then {@code hmvc N; fmvn M;}, so the counters survive.
 */
public final class EpdLine {
    private EpdLine() {}

    /** The final position of {@code g} after all its moves. */
    public static String finalPosition(GameRecord g) {
        Position pos = Position.fromFen(g.startFen());
        Uci uci = new Uci();
        for (MoveRecord m : g.moves()) {
            try {
                pos.makeMove(uci.parse(pos, m.uci()));
            } catch (NotationException e) {
                // The runner made every move through the core; a record that does not replay is a bug, not input.
                throw new IllegalStateException("game " + g.gameNumber() + ": move " + m.uci() + " does not replay", e);
            }
        }
        String[] f = pos.toFen().split(" ");
        return f[0] + " " + f[1] + " " + f[2] + " " + f[3] + " hmvc " + pos.halfmoveClock() + "; fmvn " + pos.fullmoveNumber() + ";";
    }
}
