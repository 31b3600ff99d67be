package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code -draw} adjudication counts quiet moves afresh after every capture or pawn move, as fastchess and cutechess do. */
class DrawWindowTest {
    /** -draw movenumber=0 movecount=2 score=10: four quiet plies in a row. */
    static final Adjudication RULES = new Adjudication(0, 0, false, 0, 2, 10, 0);

    @Test
    void fourQuietPliesInARowAreADraw() {
        DrawWindow w = new DrawWindow(RULES);
        assertFalse(w.afterMove(true, 3, 1, 20));
        assertFalse(w.afterMove(true, -3, 2, 21));
        assertFalse(w.afterMove(true, 0, 3, 21));
        assertTrue(w.afterMove(true, 5, 4, 22));
    }

    @Test
    void aCaptureOrPawnMoveStartsTheCountAgain() {
        DrawWindow w = new DrawWindow(RULES);
        assertFalse(w.afterMove(true, 3, 1, 20));
        assertFalse(w.afterMove(true, -3, 2, 21));
        assertFalse(w.afterMove(true, 0, 3, 21));
        // The fourth quiet score comes with a capture (half-move clock 0): the run starts over.
        assertFalse(w.afterMove(true, 5, 0, 22));
        assertFalse(w.afterMove(true, 5, 1, 22));
        assertFalse(w.afterMove(true, 5, 2, 23));
        assertFalse(w.afterMove(true, 5, 3, 23));
        assertTrue(w.afterMove(true, 5, 4, 24));
    }

    @Test
    void aScoreOutsideTheWindowOrNoScoreBreaksTheRun() {
        DrawWindow w = new DrawWindow(RULES);
        assertFalse(w.afterMove(true, 3, 1, 20));
        assertFalse(w.afterMove(true, 30, 2, 21));
        assertFalse(w.afterMove(false, 0, 3, 21));
        assertFalse(w.afterMove(true, 0, 4, 22));
        assertFalse(w.afterMove(true, 0, 5, 22));
        assertFalse(w.afterMove(true, 0, 6, 23));
        assertTrue(w.afterMove(true, 0, 7, 23));
    }

    @Test
    void notBeforeTheMoveNumberNorWhenOff() {
        DrawWindow late = new DrawWindow(new Adjudication(0, 0, false, 40, 1, 10, 0));
        assertFalse(late.afterMove(true, 0, 1, 30));
        assertFalse(late.afterMove(true, 0, 2, 31));
        assertTrue(late.afterMove(true, 0, 3, 41));
        DrawWindow off = new DrawWindow(Adjudication.NONE);
        for (int i = 1; i < 20; i++) assertFalse(off.afterMove(true, 0, i, 50));
    }
}
