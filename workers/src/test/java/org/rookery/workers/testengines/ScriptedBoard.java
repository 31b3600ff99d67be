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
    /** Set by {@code UCI_Chess960}: positions are Chess960 and castling is answered king-takes-rook. */
    boolean chess960;
    /** Play a castling move whenever one is legal (to exercise castling notation). */
    boolean preferCastling;

    /** Sets the board from a {@code position startpos|fen … [moves …]} line. */
    void position(String line) {
        String[] t = line.split("\\s+");
        int i = 2;
        if (t[1].equals("startpos")) {
            pos.setFen(Position.START_FEN, chess960);
        } else {
            StringBuilder fen = new StringBuilder();
            while (i < t.length && !t[i].equals("moves")) fen.append(t[i++]).append(' ');
            pos.setFen(fen.toString().trim(), chess960);
        }
        if (i < t.length && t[i].equals("moves")) for (i++; i < t.length; i++) pos.makeMove(uci.parse(pos, t[i]));
    }

    /** A random legal move in UCI notation, or {@code 0000} when there is none. */
    String randomMove(SplittableRandom rnd) {
        int n = pos.generateLegal(moves, 0);
        if (n == 0) return "0000";
        if (preferCastling) for (int i = 0; i < n; i++) if (Move.isCastle(moves[i])) return Uci.toUci(pos, moves[i]);
        return Uci.toUci(pos, moves[rnd.nextInt(n)]);
    }
}
