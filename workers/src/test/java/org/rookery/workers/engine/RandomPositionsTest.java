package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;

/** The search returns a legal move (or none exactly when there is none) wherever random play leads. */
class RandomPositionsTest {

    static List<Position> randomPositions(long seed, int count) {
        Random rnd = new Random(seed);
        int[] moves = new int[Position.MAX_MOVES];
        List<Position> out = new ArrayList<>();
        while (out.size() < count) {
            Position pos = new Position();
            int length = rnd.nextInt(160);
            for (int ply = 0; ply < length; ply++) {
                int n = pos.generateLegal(moves, 0);
                if (n == 0) break;
                // Prefer captures and promotions a little, so material thins out as in real games.
                int m = moves[rnd.nextInt(n)];
                for (int t = 0; t < 2 && !Move.isCapture(m) && !Move.isPromotion(m); t++) m = moves[rnd.nextInt(n)];
                pos.makeMove(m);
            }
            out.add(pos);
        }
        return out;
    }

    @Test
    void bestMoveIsLegalInHundredsOfRandomPositions() {
        Search search = new Search(new TranspositionTable(2));
        int noMove = 0, searched = 0;
        for (Position pos : randomPositions(2024, 400)) {
            String fen = pos.toFen();
            boolean hasMove = pos.hasLegalMove();
            // Alternate node- and depth-limited searches; both must end with a legal move.
            SearchLimits limits = (searched++ & 1) == 0 ? SearchLimits.ofNodes(600) : SearchLimits.ofDepth(2);
            SearchResult r = search.run(pos, limits);
            assertEquals(fen, pos.toFen(), "search must restore the position");
            if (!hasMove) {
                assertEquals(Move.NONE, r.bestMove(), fen);
                noMove++;
                continue;
            }
            assertTrue(pos.isLegal(r.bestMove()), fen + ": illegal " + Move.toUci(r.bestMove()));
            if (r.ponderMove() != Move.NONE) {
                pos.makeMove(r.bestMove());
                assertTrue(pos.isLegal(r.ponderMove()), fen + ": illegal ponder " + Move.toUci(r.ponderMove()));
                pos.unmakeMove();
            }
        }
        assertTrue(noMove < 40, "most positions still have moves: " + noMove);
    }

    @Test
    void principalVariationsAreLegalLines() {
        Search search = new Search(new TranspositionTable(2));
        for (Position pos : randomPositions(77, 60)) {
            if (!pos.hasLegalMove()) continue;
            List<SearchInfo> infos = new ArrayList<>();
            search.run(pos, SearchLimits.ofDepth(4), new SearchSignals(false), infos::add);
            for (SearchInfo info : infos) {
                int[] pv = info.pv();
                int made = 0;
                for (int m : pv) {
                    assertTrue(pos.isLegal(m), pos.toFen() + ": pv move " + Move.toUci(m) + " illegal in " + info.toUci());
                    pos.makeMove(m);
                    made++;
                }
                for (int i = 0; i < made; i++) pos.unmakeMove();
            }
        }
    }
}
