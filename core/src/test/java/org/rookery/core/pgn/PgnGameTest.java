package org.rookery.core.pgn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class PgnGameTest {

    @Test
    void tagsKeepOrderAndSetTagReplacesTheFirst() {
        PgnGame g = new PgnGame();
        g.addTag("White", "a");
        g.addTag("Black", "b");
        g.setTag("White", "c");
        g.setTag("Round", "1");
        assertEquals(List.of("White", "Black", "Round"), g.tagNames());
        assertEquals("c", g.tag("White"));
        assertEquals(2, g.tagIndex("Round"));
        assertEquals(-1, g.tagIndex("Whit"));
        assertNull(g.tag("Event"));
    }

    @Test
    void addPlyRejectsCharactersThatCouldNotBeReadBack() {
        PgnGame g = new PgnGame();
        assertThrows(IllegalArgumentException.class, () -> g.addPly("e4 e5"));
        assertThrows(IllegalArgumentException.class, () -> g.addPly("e4}"));
        assertThrows(IllegalArgumentException.class, () -> g.addPly(""));
        assertEquals(0, g.addPly("e4"));
        assertEquals(1, g.plyCount());
    }

    @Test
    void nagsStayPerPlyWhenAddedOutOfOrder() {
        PgnGame g = new PgnGame();
        g.addPly("e4");
        g.addPly("e5");
        g.addNag(0, 1);
        g.addNag(1, 2);
        g.addNag(0, 14);
        g.addNag(-1, 7);
        assertArrayEquals(new int[] {1, 14}, g.nags(0));
        assertArrayEquals(new int[] {2}, g.nags(1));
        assertArrayEquals(new int[] {7}, g.nags(-1));
        assertEquals(14, g.nag(0, 1));
        assertThrows(IllegalArgumentException.class, () -> g.addNag(0, 256));
    }

    @Test
    void setCommentDerivesClockAndEvalAndCanRemoveThem() {
        PgnGame g = new PgnGame();
        g.addPly("e4");
        g.setComment(0, "[%clk 0:00:05.5] [%eval -0.5]");
        assertEquals(5_500, g.clockMillis(0));
        assertEquals(-50, g.evalCp(0));
        g.setComment(0, "[%eval #0]");
        assertEquals(PgnGame.NO_CLOCK, g.clockMillis(0));
        assertEquals(0, g.evalMate(0));
        assertEquals(PgnGame.NO_EVAL, g.evalCp(0));
        g.setComment(0, null);
        assertNull(g.comment(0));
        assertEquals(PgnGame.NO_EVAL, g.evalMate(0));
    }

    @Test
    void slotsGrowPastTheInitialCapacity() {
        PgnGame g = new PgnGame();
        for (int i = 0; i < 1000; i++) {
            g.addPly(i % 2 == 0 ? "Nf3" : "Ng1");
            g.setComment(i, "c" + i);
            g.addNag(i, i % 256);
        }
        assertEquals("c999", g.comment(999));
        assertEquals(999 % 256, g.nag(999, 0));
        PgnGame copy = g.copy();
        copy.addPly("e4");
        copy.setComment(1000, "after copy");
        assertEquals("after copy", copy.comment(1000));
        assertEquals("c500", copy.comment(500));
        assertEquals(1000, g.plyCount());
    }

    @Test
    void indicesAreChecked() {
        PgnGame g = new PgnGame();
        g.addPly("e4");
        assertThrows(IndexOutOfBoundsException.class, () -> g.san(1));
        assertThrows(IndexOutOfBoundsException.class, () -> g.comment(1));
        assertThrows(IndexOutOfBoundsException.class, () -> g.comment(-2));
        assertThrows(IndexOutOfBoundsException.class, () -> g.tagName(0));
        assertThrows(IllegalArgumentException.class, () -> g.setResult("2-0"));
    }

    @Test
    void clearResetsEverything() {
        PgnGame g = new PgnGame();
        g.addTag("Event", "x");
        g.addPly("e4");
        g.setComment(0, "[%clk 0:01:00]");
        g.addNag(0, 3);
        g.addVariation(0, "1. d4");
        g.setResult("*");
        g.clear();
        g.addPly("d4");
        assertEquals(0, g.tagCount());
        assertNull(g.result());
        assertNull(g.comment(0));
        assertEquals(PgnGame.NO_CLOCK, g.clockMillis(0));
        assertEquals(0, g.nagCount(0));
        assertEquals(0, g.variationCount());
        assertEquals("", g.rawText());
    }
}
