package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Piece;

class TimeManagerTest {

    private static TimeManager of(String go, int side, long overhead) {
        return TimeManager.of(SearchLimits.parse(go.split(" "), 0, new ArrayList<>()), side, overhead);
    }

    @Test
    void moveTimeIsUsedInFullMinusOverhead() {
        TimeManager tm = of("movetime 1000", Piece.WHITE, 50);
        assertEquals(950, tm.maximumMs());
        assertTrue(tm.mayStartIteration(900), "a fixed move time is used to the end");
        assertFalse(tm.outOfTime(949));
        assertTrue(tm.outOfTime(950));
        assertEquals(1, of("movetime 10", Piece.WHITE, 50).maximumMs(), "never zero");
    }

    @Test
    void suddenDeathSpreadsTheClockOverThirtyMoves() {
        TimeManager tm = of("wtime 60000 btime 1000 winc 1000 binc 0", Piece.WHITE, 0);
        assertEquals(60000 / 30 + 750, tm.targetMs());
        assertEquals(4 * tm.targetMs(), tm.maximumMs());
        assertTrue(tm.mayStartIteration(tm.targetMs() / 2 - 1));
        assertFalse(tm.mayStartIteration(tm.targetMs() / 2));
        TimeManager black = of("wtime 60000 btime 1000 winc 1000 binc 0", Piece.BLACK, 0);
        assertEquals(1000 / 30, black.targetMs(), "Black uses its own clock");
    }

    @Test
    void movesToGoAndLowClocksStaySafe() {
        TimeManager lastMove = of("wtime 1000 btime 1000 movestogo 1", Piece.WHITE, 100);
        assertEquals(450, lastMove.targetMs(), "at most half of what remains after the overhead");
        assertEquals(720, lastMove.maximumMs(), "at most four fifths");
        TimeManager forty = of("wtime 400000 btime 400000 movestogo 40", Piece.WHITE, 0);
        assertEquals(10000, forty.targetMs());
        TimeManager flagging = of("wtime 20 btime 20", Piece.WHITE, 30);
        assertEquals(1, flagging.targetMs());
        assertTrue(flagging.maximumMs() >= 1 && flagging.maximumMs() < 20);
    }

    @Test
    void noClockMeansNoTimeLimit() {
        TimeManager tm = of("depth 5", Piece.WHITE, 30);
        assertFalse(tm.isLimited());
        assertFalse(tm.outOfTime(Long.MAX_VALUE - 1));
        assertTrue(tm.mayStartIteration(1_000_000));
        assertFalse(of("btime 5000", Piece.WHITE, 30).isLimited(), "only the opponent's clock given");
    }
}
