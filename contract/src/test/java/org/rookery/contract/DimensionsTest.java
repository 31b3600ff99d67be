package org.rookery.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rookery.contract.dimensions.GameYear;
import org.rookery.contract.dimensions.RatingBand;
import org.rookery.contract.dimensions.TimeControlClass;

/** The Java side of the dimensions (the dashboard's test runs the SQL side against it). */
class DimensionsTest {
    @Test
    void bandsYearsAndClasses() {
        assertEquals("1400-1599", RatingBand.of(1500, 1550));
        assertEquals("2600+", RatingBand.of(2700, 2650));
        assertEquals("<1000", RatingBand.of(900, 950));
        assertEquals(RatingBand.UNRATED, RatingBand.of(1500, null));
        assertEquals(2019, GameYear.of("2019.??.??"));
        assertNull(GameYear.of("0000.01.01"));
        assertEquals("blitz", TimeControlClass.of("180+2", TimeControlClass.newCache()));
        assertEquals(TimeControlClass.UNKNOWN, TimeControlClass.of(null, null));
        assertNull(GameYear.of("????.??.??"));
    }

    /** The classes the draw-rules summary groups games by, one per kind of PGN TimeControl tag. */
    @Test
    void timeControlClassesOfEveryTagForm() {
        assertEquals("bullet", TimeControlClass.of("60+0", null));
        assertEquals("blitz", TimeControlClass.of("180+2", null));
        assertEquals("rapid", TimeControlClass.of("600+5", null));
        assertEquals("classical", TimeControlClass.of("40/7200:3600", null));
        assertEquals("correspondence", TimeControlClass.of("-", null));
        assertEquals("ultrabullet", TimeControlClass.of("15+0", null));
        assertEquals(TimeControlClass.UNKNOWN, TimeControlClass.of("?", null));
        assertEquals(TimeControlClass.UNKNOWN, TimeControlClass.of("banana", null));
    }

    @Test
    void theSqlCarriesTheSameBounds() {
        assertTrue(TimeControlClass.SQL.contains(") < 480 THEN 'blitz'"), TimeControlClass.SQL);
        assertTrue(RatingBand.SQL.contains(">= 2600 THEN '2600+'"), RatingBand.SQL);
    }
}
