package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;

class EvaluationTest {
    private final Evaluation eval = new Evaluation();

    /** The same position with colours swapped and the board flipped top to bottom. */
    static String mirror(String fen) {
        String[] f = fen.split(" ");
        String[] ranks = f[0].split("/");
        StringBuilder placement = new StringBuilder();
        for (int i = 7; i >= 0; i--) {
            placement.append(swapCase(ranks[i]));
            if (i > 0) placement.append('/');
        }
        String side = f[1].equals("w") ? "b" : "w";
        String castling = f[2].equals("-") ? "-" : sortCastling(swapCase(f[2]));
        String ep = f[3].equals("-") ? "-" : f[3].charAt(0) + (f[3].charAt(1) == '3' ? "6" : "3");
        return placement + " " + side + " " + castling + " " + ep + " " + f[4] + " " + f[5];
    }

    private static String swapCase(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) b.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        return b.toString();
    }

    private static String sortCastling(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : "KQkq".toCharArray()) if (s.indexOf(c) >= 0) b.append(c);
        return b.toString();
    }

    @Test
    void colourSymmetricOnRandomPositions() {
        Random rnd = new Random(7);
        int[] moves = new int[Position.MAX_MOVES];
        int checked = 0;
        for (int game = 0; game < 40; game++) {
            Position pos = new Position();
            for (int ply = 0; ply < 120; ply++) {
                int n = pos.generateLegal(moves, 0);
                if (n == 0) break;
                pos.makeMove(moves[rnd.nextInt(n)]);
                String fen = pos.toFen();
                Position mirrored = Position.fromFen(mirror(fen));
                assertEquals(eval.evaluate(pos), eval.evaluate(mirrored), fen);
                checked++;
            }
        }
        assertTrue(checked > 2000);
    }

    @Test
    void startPositionIsBalancedApartFromTempo() {
        int e = eval.evaluate(new Position());
        assertTrue(e > 0 && e <= 20, "start position " + e);
    }

    @Test
    void materialDominates() {
        int queenUp = eval.evaluate(Position.fromFen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assertTrue(queenUp > 800, "queen up: " + queenUp);
        int queenUpBlackToMove = eval.evaluate(Position.fromFen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"));
        assertTrue(queenUpBlackToMove < -800, "side-to-move relative: " + queenUpBlackToMove);
    }

    @Test
    void passedPawnsGainValueAsTheyAdvance() {
        int e4 = eval.evaluate(Position.fromFen("k7/8/8/8/4P3/8/8/4K3 w - - 0 1"));
        int e6 = eval.evaluate(Position.fromFen("k7/8/4P3/8/8/8/8/4K3 w - - 0 1"));
        int e7 = eval.evaluate(Position.fromFen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1"));
        assertTrue(e4 < e6 && e6 < e7, e4 + " " + e6 + " " + e7);
    }

    @Test
    void unwinnablePawnlessAdvantagesAreScaledDown() {
        int knights = eval.evaluate(Position.fromFen("8/8/3k4/8/8/2NNK3/8/8 w - - 0 1"));
        int rookVsBishop = eval.evaluate(Position.fromFen("8/8/3kb3/8/8/2R1K3/8/8 w - - 0 1"));
        int rook = eval.evaluate(Position.fromFen("8/8/3k4/8/8/2R1K3/8/8 w - - 0 1"));
        assertTrue(knights < 60, "KNNK " + knights);
        assertTrue(rookVsBishop < 100, "KRKB " + rookVsBishop);
        assertTrue(rook > 500, "KRK " + rook);
    }

    @Test
    void mopUpPrefersTheBareKingOnTheEdge() {
        int centre = eval.evaluate(Position.fromFen("8/8/8/3k4/8/8/8/1Q2K3 w - - 0 1"));
        int edge = eval.evaluate(Position.fromFen("3k4/8/8/8/8/8/8/1Q2K3 w - - 0 1"));
        int corner = eval.evaluate(Position.fromFen("k7/8/8/8/8/8/8/1Q2K3 w - - 0 1"));
        assertTrue(centre < edge && edge < corner, centre + " " + edge + " " + corner);
    }
}
