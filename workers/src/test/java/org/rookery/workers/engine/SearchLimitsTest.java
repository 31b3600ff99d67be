package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchLimitsTest {

    private static SearchLimits parse(String go, List<String> warnings) {
        return SearchLimits.parse(go.split(" "), 1, warnings);
    }

    @Test
    void parsesEveryGoKeyword() {
        List<String> w = new ArrayList<>();
        SearchLimits l = parse("go wtime 60000 btime 59000 winc 600 binc 500 movestogo 20 depth 9 nodes 12345 movetime 777 ponder", w);
        assertEquals(List.of(), w);
        assertEquals(60000, l.wtimeMs());
        assertEquals(59000, l.btimeMs());
        assertEquals(600, l.wincMs());
        assertEquals(500, l.bincMs());
        assertEquals(20, l.movesToGo());
        assertEquals(9, l.depth());
        assertEquals(12345, l.nodes());
        assertEquals(777, l.moveTimeMs());
        assertTrue(l.ponder());
        assertFalse(l.infinite());
        assertTrue(l.hasOwnLimit());
    }

    @Test
    void searchMovesRunUntilTheNextKeyword() {
        SearchLimits l = parse("go searchmoves e2e4 d2d4 infinite", new ArrayList<>());
        assertEquals(List.of("e2e4", "d2d4"), l.searchMoves());
        assertTrue(l.infinite());
        assertFalse(l.hasOwnLimit());
    }

    @Test
    void badValuesAreReportedAndIgnored() {
        List<String> w = new ArrayList<>();
        SearchLimits l = parse("go depth x nodes -5 wtime -300 frobnicate movetime", w);
        assertEquals(0, l.depth());
        assertEquals(0, l.nodes(), "negative node counts mean no limit");
        assertEquals(1, l.wtimeMs(), "a negative clock (after a flag fall) becomes 1 ms");
        // "depth x": the value is missing and "x" is an unknown word; "movetime" at the end has no value.
        assertEquals(4, w.size(), w.toString());
    }

    @Test
    void mateIsADepthLimit() {
        assertEquals(6, parse("go mate 3", new ArrayList<>()).depth());
        assertEquals(Score.MAX_PLY - 1, parse("go depth 100000", new ArrayList<>()).depth());
    }

    @Test
    void engineDefaultsApplyOnlyWithoutOwnLimits() {
        EngineSettings s = new EngineSettings(4, 0, 20, 16, 0, 30);
        SearchLimits bare = s.effectiveLimits(parse("go", new ArrayList<>()));
        assertEquals(4, bare.depth());
        SearchLimits inf = s.effectiveLimits(parse("go infinite", new ArrayList<>()));
        assertEquals(4, inf.depth());
        assertFalse(inf.infinite(), "a default limit ends go infinite");
        assertEquals(9, s.effectiveLimits(parse("go depth 9", new ArrayList<>())).depth());
        SearchLimits timed = s.effectiveLimits(parse("go wtime 1000 btime 1000", new ArrayList<>()));
        assertEquals(0, timed.depth(), "a clock is a limit of its own");
        SearchLimits untouched = EngineSettings.defaults().effectiveLimits(parse("go infinite", new ArrayList<>()));
        assertTrue(untouched.infinite());
    }
}
