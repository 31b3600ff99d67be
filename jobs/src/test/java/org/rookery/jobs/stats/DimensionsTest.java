package org.rookery.jobs.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Time-control classes, rating bands and years, as the draw-rules summary groups games. */
class DimensionsTest {
    @Test
    void timeControlClassesAndBands() {
        assertEquals("bullet", Dimensions.timeControlClass("60+0", null));
        assertEquals("blitz", Dimensions.timeControlClass("180+2", null));
        assertEquals("rapid", Dimensions.timeControlClass("600+5", null));
        assertEquals("classical", Dimensions.timeControlClass("40/7200:3600", null));
        assertEquals("correspondence", Dimensions.timeControlClass("-", null));
        assertEquals("ultrabullet", Dimensions.timeControlClass("15+0", null));
        assertEquals(Dimensions.UNKNOWN, Dimensions.timeControlClass("?", null));
        assertEquals(Dimensions.UNKNOWN, Dimensions.timeControlClass("banana", null));
        assertEquals("1400-1599", Dimensions.ratingBand(1500, 1550));
        assertEquals("2600+", Dimensions.ratingBand(2700, 2650));
        assertEquals("<1000", Dimensions.ratingBand(900, 950));
        assertEquals(Dimensions.UNRATED, Dimensions.ratingBand(1500, null));
        assertEquals(2019, Dimensions.year("2019.??.??"));
        assertEquals(null, Dimensions.year("????.??.??"));
    }
}
