package org.rookery.core.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The move comments cutechess-cli and fastchess write, as their PGN writers format them (cutechess
 * {@code chessgame.cpp}/{@code moveevaluation.cpp}, fastchess {@code match.cpp}'s score string).
 */
class EngineCommentTest {
    private final EngineComment c = new EngineComment();

    private boolean parse(String s) {
        char[] a = ("xx" + s + "yy").toCharArray();
        return c.parse(a, 2, a.length - 2);
    }

    private String pv(String s) {
        char[] a = ("xx" + s + "yy").toCharArray();
        c.parse(a, 2, a.length - 2);
        return c.pvStart < 0 ? null : new String(a, c.pvStart, c.pvEnd - c.pvStart);
    }

    @Test
    void cutechessScoreDepthAndTime() {
        assertTrue(parse("+0.35/12 0.512s"));
        assertEquals(12, c.depth);
        assertEquals(512, c.timeMs);
        assertEquals(EngineComment.NONE, c.nodes);
        assertTrue(parse("-M3/20 1.5s, White mates"));
        assertEquals(20, c.depth);
        assertEquals(1500, c.timeMs);
        assertTrue(parse("-12.07/7 0s"));
        assertEquals(7, c.depth);
        assertEquals(0, c.timeMs);
    }

    @Test
    void rookeryCommentWithItsClock() {
        assertTrue(parse("+0.35/12 0.512s [%clk 0:00:09.5]"));
        assertEquals(512, c.timeMs);
        assertTrue(parse("[%eval 0.3] [%clk 0:01:00] +1.00/9 2.000s"));
        assertEquals(9, c.depth);
        assertEquals(2000, c.timeMs);
    }

    @Test
    void fastchessFieldsInItsOrder() {
        String s = "+0.16/16 0.253s, tl=9.747s, latency=0.003s, n=53452, sd=19, nps=211272, hashfull=12, tbhits=4, "
                + "pv=\"e2e4 e7e5 g1f3\", line=\"a, b\", Black loses on time";
        assertTrue(parse(s));
        assertEquals(16, c.depth);
        assertEquals(253, c.timeMs);
        assertEquals(3, c.latencyMs);
        assertEquals(53452, c.nodes);
        assertEquals(19, c.selDepth);
        assertEquals(211272, c.nps);
        assertEquals(12, c.hashfull);
        assertEquals(4, c.tbHits);
        assertEquals("e2e4 e7e5 g1f3", pv(s));
    }

    private void score(String comment, long cp, long mate) {
        assertTrue(parse(comment), comment);
        assertEquals(cp, c.scoreCp, comment + " centipawns");
        assertEquals(mate, c.mateMoves, comment + " mate");
    }

    @Test
    void centipawnScoresAreTheMoversAsWritten() {
        long none = EngineComment.NONE;
        score("+0.35/12 0.512s", 35, none);
        score("-0.50/9 0.25s", -50, none);
        score("-12.07/7 0s", -1207, none);
        score("+8.33/1 0.001s, n=253", 833, none);
        // cutechess and fastchess write zero unsigned; Rookery's cutechess form writes +0.00.
        score("0.00/45 1.1s, Draw by 3-fold repetition", 0, none);
        score("+0.00/3 0.010s", 0, none);
        score("-0.00/3 0.010s", 0, none);
        // More decimals than two round half up at the third.
        score("+0.125/3 1s", 13, none);
        score("-0.124/3 1s", -12, none);
        score("+1.5/3 1s", 150, none);
    }

    @Test
    void matesArePliesTurnedToUciMoves() {
        long none = EngineComment.NONE;
        // fastchess prints 2m-1 for UCI mate m > 0 and -2m for m < 0; cutechess's 30001-2m / -30000-2m
        // score comes out the same ("1000 - score % 1000").
        score("+M1/5 0.003s", none, 1);
        score("+M5/20 0.3s", none, 3);
        score("+M9/30 1.000s, n=5, Black mates", none, 5);
        score("-M2/12 0.2s", none, -1);
        score("-M6/12 0.2s", none, -3);
        // Parities no runner writes (the mover mates only on its own plies) are not a score.
        score("+M2/12 0.2s", none, none);
        score("+M0/1 0.1s", none, none);
        score("-M3/20 1.5s, White mates", none, none);
        assertEquals(20, c.depth, "the rest of a comment with an unreadable mate stays");
        assertEquals(1500, c.timeMs);
    }

    @Test
    void depthZeroCarriesNoScore() {
        // fastchess writes "0.00/0" when the engine printed no info line; the depth is kept.
        score("0.00/0 0.011s, n=0", EngineComment.NONE, EngineComment.NONE);
        assertEquals(0, c.depth);
        assertEquals(11, c.timeMs);
        score("+M1/0 0.1s", EngineComment.NONE, EngineComment.NONE);
    }

    @Test
    void aScoreDoesNotOutliveItsComment() {
        score("+M3/9 0.1s", EngineComment.NONE, 2);
        assertFalse(parse("book"));
        assertEquals(EngineComment.NONE, c.mateMoves);
        score("+0.20/9 0.1s", 20, EngineComment.NONE);
        assertFalse(parse("0.512s"));
        assertEquals(EngineComment.NONE, c.scoreCp);
    }

    @Test
    void notEngineCommentsCarryNothing() {
        assertFalse(parse("book"));
        assertFalse(parse("A fine move, n=5"));
        assertEquals(EngineComment.NONE, c.nodes);
        assertFalse(parse("-/12 1s"));
        assertFalse(parse("+0.35 12"));
        assertFalse(parse(""));
        // Unsigned numbers are only the runners' zero: free text starting with one is no score.
        assertFalse(parse("3/4 of the time"));
        assertFalse(parse("1.5/3 1s"));
        assertFalse(parse("0/3 1s"));
        assertEquals(EngineComment.NONE, c.scoreCp);
        assertEquals(EngineComment.NONE, c.depth);
    }

    @Test
    void malformedValuesAreAbsentAndTheRestStays() {
        assertTrue(parse("+0.10/5 0.1s, n=12x, sd=7, latency=3ms"));
        assertEquals(EngineComment.NONE, c.nodes);
        assertEquals(7, c.selDepth);
        assertEquals(EngineComment.NONE, c.latencyMs);
        assertEquals(100, c.timeMs);
    }
}
