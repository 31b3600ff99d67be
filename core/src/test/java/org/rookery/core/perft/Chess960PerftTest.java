package org.rookery.core.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;

/**
 * Chess960 and DFRC perft against Stockfish's counts (UCI_Chess960, {@code go perft}), stored in
 * {@code chess960/} with how they were made (its README): all 960 starts, random-play positions from
 * Chess960 and DFRC starts, and castling edge cases.
 */
class Chess960PerftTest {
    /** Checks every depth up to {@code maxDepth} of every line; returns how many counts it compared. */
    private static int check(String resource, int minDepth, int maxDepth, int expectedLines) throws Exception {
        List<PerftSuite> suite = PerftTest.load(resource);
        assertEquals(expectedLines, suite.size(), resource);
        Perft perft = new Perft(maxDepth);
        int compared = 0;
        for (PerftSuite e : suite) {
            Position p = Position.fromFen(e.fen());
            for (int d = minDepth; d <= Math.min(maxDepth, e.maxDepth()); d++) {
                assertEquals(e.expectedAt(d), perft.count(p, d), e.fen() + " depth " + d);
                compared++;
            }
        }
        return compared;
    }

    @Test
    void all960StartsToDepth4() throws Exception {
        assertEquals(960 * 4, check("/chess960/frc-starts.epd", 1, 4, 960));
    }

    @Test
    void randomPlayFromChess960AndDfrcStartsToDepth4() throws Exception {
        assertEquals(300 * 4, check("/chess960/random-play.epd", 1, 4, 300));
    }

    @Test
    @Tag("slow")
    void randomPlayAtDepth5() throws Exception {
        assertEquals(10, check("/chess960/random-play.epd", 5, 5, 300));
    }

    @Test
    void castlingEdgeCases() throws Exception {
        assertEquals(18 * 4, check("/chess960/edge.epd", 1, 4, 18));
    }

    @Test
    void forcedChess960ReadsAStandardLookingStartTheSameWay() {
        Position standard = Position.fromFen(Position.START_FEN);
        Position forced = Position.fromFen(Position.START_FEN, true);
        assertEquals(false, standard.isChess960());
        assertEquals(true, forced.isChess960());
        assertEquals(new Perft(4).count(standard, 4), new Perft(4).count(forced, 4));
        assertEquals(standard.key(), forced.key());
    }
}
