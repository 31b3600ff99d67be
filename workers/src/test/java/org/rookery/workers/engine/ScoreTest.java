package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScoreTest {

    @Test
    void mateDistancesInMoves() {
        assertEquals("mate 1", Score.toUci(Score.MATE - 1));
        assertEquals("mate 2", Score.toUci(Score.MATE - 3));
        assertEquals("mate 3", Score.toUci(Score.MATE - 5));
        assertEquals("mate -1", Score.toUci(Score.matedIn(2)));
        assertEquals("mate -3", Score.toUci(Score.matedIn(6)));
        assertEquals("mate 0", Score.toUci(Score.matedIn(0)).replace("-", ""));
        assertEquals("cp -57", Score.toUci(-57));
        assertFalse(Score.isMate(Score.MATE_BOUND - 1));
        assertTrue(Score.isMate(-Score.MATE_BOUND));
    }

    @Test
    void tableConversionMakesMateScoresNodeRelative() {
        // Mate found 7 plies from the root, stored at ply 3: four plies from that node.
        int rootRelative = Score.MATE - 7;
        int stored = Score.toTable(rootRelative, 3);
        assertEquals(Score.MATE - 4, stored);
        // Read back at ply 5 (a transposition two plies deeper): mate 9 plies from the root.
        assertEquals(Score.MATE - 9, Score.fromTable(stored, 5));
        assertEquals(Score.matedIn(10), Score.fromTable(Score.toTable(Score.matedIn(8), 2), 4));
        assertEquals(123, Score.fromTable(Score.toTable(123, 40), 7));
    }
}
