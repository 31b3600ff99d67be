package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.uci.EngineConfig;

/** The schedule is made one game at a time, in the order and with the pairs it always had. */
class ScheduleTest {
    private static MatchSettings settings(int engines, int rounds, int games, boolean repeat) {
        List<EngineConfig> list = new ArrayList<>();
        for (int i = 0; i < engines; i++) {
            list.add(new EngineConfig("e" + i, EngineConfig.BUILTIN, List.of(), null, Map.of(), Map.of(), TimeControl.infinite(), 0, 1));
        }
        return new MatchSettings(list, MatchSettings.Tournament.GAUNTLET, rounds, games, repeat, false, false, 1,
            OpeningBook.startPosition(), Adjudication.NONE, null, null, false, 0, false, "t", "s", false, null, 1000);
    }

    private static String shape(Schedule.Game g) {
        return g.number() + ":r" + g.round() + ":p" + g.pairIndex() + ":" + g.white() + "v" + g.black();
    }

    @Test
    void gamesComeInTheOrderAndPairsOfTheWholeSchedule() {
        MatchSettings s = settings(3, 2, 2, true);
        List<String> shapes = Schedule.build(s).stream().map(ScheduleTest::shape).toList();
        assertEquals(List.of("1:r1:p0:0v1", "2:r1:p0:1v0", "3:r1:p1:0v2", "4:r1:p1:2v0",
            "5:r2:p2:0v1", "6:r2:p2:1v0", "7:r2:p3:0v2", "8:r2:p3:2v0"), shapes);
        assertEquals(8, Schedule.size(s));
        // Without -repeat every game is its own pair.
        assertEquals(List.of("1:r1:p0:0v1", "2:r1:p1:1v0", "3:r1:p2:0v2", "4:r1:p3:2v0"),
            Schedule.build(settings(3, 1, 2, false)).stream().map(ScheduleTest::shape).toList());
    }

    @Test
    void aHugeScheduleIsStreamedNotBuilt() {
        MatchSettings s = settings(2, Integer.MAX_VALUE, 2, true);
        assertEquals(2L * Integer.MAX_VALUE, Schedule.size(s));
        Iterator<Schedule.Game> it = Schedule.stream(s);
        for (int i = 1; i <= 1000; i++) assertEquals(i, it.next().number());
        assertTrue(it.hasNext());
    }

    @Test
    void aPlayedOutScheduleSaysSo() {
        Iterator<Schedule.Game> it = Schedule.stream(settings(2, 1, 1, false));
        it.next();
        assertFalse(it.hasNext());
        assertThrows(java.util.NoSuchElementException.class, it::next);
    }
}
