package org.rookery.core.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The move comments cutechess-cli and fastchess write, as their PGN writers format them. */
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

    @Test
    void notEngineCommentsCarryNothing() {
        assertFalse(parse("book"));
        assertFalse(parse("A fine move, n=5"));
        assertEquals(EngineComment.NONE, c.nodes);
        assertFalse(parse("-/12 1s"));
        assertFalse(parse("+0.35 12"));
        assertFalse(parse(""));
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
