package org.rookery.workers.xboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.SearchInfo;

/** The CECP pieces on their own: time-control mapping, thinking lines, feature lines. */
class CecpPartsTest {
    static EngineConfig limits(TimeControl tc, long nodes, int depth) {
        return new EngineConfig("e", "e", List.of(), null, Map.of(), Map.of(), tc, nodes, depth);
    }

    @Test
    void timeControlsMapAsCutechessMapsThem() {
        assertEquals(List.of("level 40 1:30 1"), CecpTimeCommands.of(limits(TimeControl.parse("40/90+1"), 0, 0)));
        assertEquals(List.of("level 0 1 0.05"), CecpTimeCommands.of(limits(TimeControl.parse("60+0.05"), 0, 0)));
        assertEquals(List.of("level 0 0:02 0.02", "sd 9"), CecpTimeCommands.of(limits(TimeControl.parse("2+0.02"), 0, 9)));
        assertEquals(List.of("st 2"), CecpTimeCommands.of(limits(TimeControl.parseMoveTime("2"), 0, 0)));
        assertEquals(List.of("level 0 0 0", "sd 4"), CecpTimeCommands.of(limits(TimeControl.infinite(), 0, 4)));
        assertEquals(List.of("st 1", "nps 5000"), CecpTimeCommands.of(limits(TimeControl.infinite(), 5000, 0)));
    }

    @Test
    void whatCecpCannotSayIsRefusedInOneLine() {
        assertEquals("engine e (proto=xboard): st=0.5: CECP's st takes whole seconds",
            assertThrows(IllegalArgumentException.class, () -> CecpTimeCommands.of(limits(TimeControl.parseMoveTime("0.5"), 0, 0))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CecpTimeCommands.of(limits(TimeControl.parse("40/7200:3600"), 0, 0)))
            .getMessage().contains("one period"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CecpTimeCommands.of(limits(TimeControl.parse("60+d2"), 0, 0)))
            .getMessage().contains("no delay"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CecpTimeCommands.of(limits(TimeControl.parse("60"), 100, 0)))
            .getMessage().contains("nodes="));
    }

    @Test
    void thinkingLinesBecomeTheMoveStatistics() {
        SearchInfo i = ThinkingLine.parse("12 -35 250 1234567 e2e4 e7e5 g1f3", SearchInfo.NONE);
        assertEquals(12, i.depth());
        assertEquals(-35, i.scoreCp());
        assertEquals(2500, i.timeMs());
        assertEquals(1234567, i.nodes());
        assertEquals(1234567L * 1000 / 2500, i.nps());
        assertEquals("e2e4 e7e5 g1f3", i.pv());
        SearchInfo mate = ThinkingLine.parse("9 100003 10 99 Qh5", SearchInfo.NONE);
        assertEquals(3, mate.mate());
        assertEquals(-2, ThinkingLine.parse("9 -100002 10 99 Kg8", SearchInfo.NONE).mate());
        assertTrue(ThinkingLine.is("12. 35 1 2 e4"));
        assertTrue(ThinkingLine.is(" 6      2       13     224418 c2c4 d7d6")); // Fairy-Max's columns
        assertEquals(224418, ThinkingLine.parse(" 6      2       13     224418 c2c4 d7d6", SearchInfo.NONE).nodes());
        assertFalse(ThinkingLine.is("1-0 {White mates}"));
        assertFalse(ThinkingLine.is("1/2-1/2 {Draw}"));
        assertEquals(SearchInfo.NONE, ThinkingLine.parse("3 x 1 1", SearchInfo.NONE));
    }

    @Test
    void featuresAreReadAndAnswered() {
        CecpFeatures f = new CecpFeatures();
        List<String> replies = new ArrayList<>();
        f.accept("feature myname=\"Fairy-Max 5.0b\" setboard=0 ping=1 done=0 option=\"Resign Threshold -spin 800 200 1200\" weird=3", replies::add);
        assertEquals("Fairy-Max 5.0b", f.myName);
        assertFalse(f.setboard);
        assertTrue(f.ping);
        assertEquals(Boolean.FALSE, f.done);
        assertTrue(f.options.contains("Resign Threshold"));
        assertEquals(List.of("accepted myname", "accepted setboard", "accepted ping", "accepted option", "rejected weird"), replies);
    }
}
