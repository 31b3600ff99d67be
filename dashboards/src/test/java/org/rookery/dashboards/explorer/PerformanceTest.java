package org.rookery.dashboards.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * Performance and averages as lichess's explorer computes them. The expected values are the ones
 * lila-openingexplorer's own test states for its rule (exact average, dp interpolated, rounded at
 * the end), plus cases worked by hand from FIDE's table 8.1(a).
 */
class PerformanceTest {
    @Test
    void lichessPublishedCases() {
        assertEquals(2300, Performance.of(1500, 1, 1, 0, 0), "one win against 1500");
        assertEquals(700, Performance.of(1500, 1, 0, 0, 1), "one loss against 1500");
        long games = 123 + 10 + 123;
        assertEquals(987, Performance.of(games * 987, games, 123, 10, 123), "a symmetrical score is the average");
        assertEquals(-470, Performance.of(0, 100, 5, 0, 95), "5 % against 0");
        assertEquals(470, Performance.of(0, 100, 95, 0, 5), "95 % against 0");
    }

    @Test
    void theScoreIsInterpolatedAndRoundedOnceAtTheEnd() {
        // 1 win, 2 losses against 2000: 33.33 %, dp -125 * 2/3 - 117 * 1/3 = -122.33; 1877.67 -> 1878 (a whole percent: 1875).
        assertEquals(1878, Performance.of(6000, 3, 1, 0, 2));
        // 2 wins, 1 draw against 1999, 2000, 2000: 83.33 %, dp 273 + (284 - 273) / 3 = 276.67; 1999.67 + 276.67 = 2276.33.
        assertEquals(2276, Performance.of(5999, 3, 2, 1, 0));
        // 0.5 % against 0: dp -800 / 2 - 677 / 2 = -738.5, rounded away from zero.
        assertEquals(-739, Performance.of(0, 100, 0, 1, 99));
        assertNull(Performance.of(0, 0, 1, 0, 0), "no opponent rating");
        assertNull(Performance.of(1500, 1, 0, 0, 0), "no games");
    }

    @Test
    void averagesAreRoundedHalfUp() {
        assertEquals(1834, Performance.average(7335, 4));
        assertEquals(1558, Performance.average(6230, 4));
        assertEquals(1557, Performance.average(6229, 4));
        assertNull(Performance.average(10, 0));
    }
}
