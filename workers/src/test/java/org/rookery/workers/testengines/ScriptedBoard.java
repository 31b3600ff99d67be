package org.rookery.workers.testengines;

import java.util.SplittableRandom;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;

/** The board of a test-only UCI engine: follows {@code position} commands and picks random legal moves. */
final class ScriptedBoard {
    private final Position pos = new Position();
    private final Uci uci = new Uci();
    private final int[] moves = new int[Position.MAX_MOVES];

    /** Sets the board from a {@code position startpos|fen … [moves …]} line. */
    void position(String line) {
        String[] t = line.split("\\s+");
        int i = 2;
        if (t[1].equals("startpos")) {
            pos.setFen(Position.START_FEN);
        } else {
            StringBuilder fen = new StringBuilder();
            while (i < t.length && !t[i].equals("moves")) fen.append(t[i++]).append(' ');
            pos.setFen(fen.toString().trim());
        }
        if (i < t.length && t[i].equals("moves")) for (i++; i < t.length; i++) pos.makeMove(uci.parse(pos, t[i]));
    }

    /** A random legal move in UCI notation, or {@code 0000} when there is none. */
    String randomMove(SplittableRandom rnd) {
        int n = pos.generateLegal(moves, 0);
        return n == 0 ? "0000" : Move.toUci(moves[rnd.nextInt(n)]);
    }
}
