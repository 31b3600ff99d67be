package org.rookery.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;

/**
 * The repeat counts {@link DrawFacts} keeps ply by ply equal a brute-force count over every
 * position of the game, compared as FIDE 9.2.3 says: the FEN's placement, side, castling rights,
 * and the en-passant square only where a legal en-passant capture exists; no Zobrist key involved.
 */
class DrawFactsRepeatsTest {
    private static final String[] STARTS = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30",
        "4k3/8/8/3pP3/8/8/8/4K1N1 w - d6 0 40",
        "8/5k2/8/8/8/8/2K5/4Q3 w - - 90 120",
    };

    /** The position as FIDE compares it, from its FEN and its legal moves. */
    private static String fideKey(Position p) {
        String[] f = p.toFen().split(" ");
        int[] moves = new int[256];
        int n = p.generateLegal(moves, 0);
        boolean epLegal = false;
        for (int i = 0; i < n; i++) {
            epLegal |= Move.isEnPassant(moves[i]);
        }
        return f[0] + " " + f[1] + " " + f[2] + " " + (epLegal ? f[3] : "-");
    }

    @Test
    void repeatedPositionsAndMostRepetitionsEqualABruteForceCount() {
        SplittableRandom rnd = new SplittableRandom(20261207);
        int withRepeats = 0;
        int withFivefold = 0;
        for (int game = 0; game < 3000; game++) {
            Position pos = Position.fromFen(STARTS[game % STARTS.length]);
            DrawFacts facts = new DrawFacts();
            facts.start(pos);
            List<String> seen = new ArrayList<>();
            seen.add(fideKey(pos));
            List<Integer> played = new ArrayList<>();
            int[] moves = new int[256];
            int plies = 40 + rnd.nextInt(200);
            for (int ply = 0; ply < plies; ply++) {
                int n = pos.generateLegal(moves, 0);
                if (n == 0) {
                    break;
                }
                // Mostly quiet piece moves, so positions recur often; now and then anything.
                int move = moves[rnd.nextInt(n)];
                if (rnd.nextInt(10) > 0) {
                    for (int tries = 0; tries < 8 && (Move.isCapture(move) || Move.flags(move) == Move.DOUBLE_PUSH
                            || Piece.type(pos.pieceAt(Move.from(move))) == Piece.PAWN); tries++) {
                        move = moves[rnd.nextInt(n)];
                    }
                }
                // In every other game, often take back the mover's own last move: shuffles.
                if (game % 2 == 0 && played.size() >= 2 && rnd.nextInt(3) > 0) {
                    int last = played.get(played.size() - 2);
                    for (int i = 0; i < n; i++) {
                        if (Move.from(moves[i]) == Move.to(last) && Move.to(moves[i]) == Move.from(last)
                                && !Move.isCapture(moves[i])) {
                            move = moves[i];
                        }
                    }
                }
                played.add(move);
                pos.makeMove(move);
                facts.afterMove(pos);
                seen.add(fideKey(pos));
            }
            facts.finish(pos, true);
            Map<String, Integer> counts = new HashMap<>();
            for (String k : seen) {
                counts.merge(k, 1, Integer::sum);
            }
            int repeated = 0;
            int most = 1;
            for (int c : counts.values()) {
                repeated += c >= 2 ? 1 : 0;
                most = Math.max(most, c);
            }
            String what = "game " + game + " from " + STARTS[game % STARTS.length] + ", " + (seen.size() - 1) + " plies";
            assertEquals(repeated, facts.repeatedPositions(), what);
            assertEquals(most, facts.maxRepetitions(), what);
            assertEquals((int) counts.get(seen.get(seen.size() - 1)), facts.finalRepetitions(), what);
            withRepeats += repeated > 0 ? 1 : 0;
            withFivefold += most >= 5 ? 1 : 0;
        }
        assertTrue(withRepeats > 1000, "games with a repeated position: " + withRepeats);
        assertTrue(withFivefold > 100, "games with a position five times or more: " + withFivefold);
    }
}
