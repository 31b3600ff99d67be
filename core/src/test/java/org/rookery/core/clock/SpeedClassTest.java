package org.rookery.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Lichess's published speed classes (estimated duration = base + 40 × increment). */
class SpeedClassTest {
    @Test
    void lichessExamples() {
        // lichess: ¼+0 and ½+0 are UltraBullet, 0+1, 1+0 and 2+1 (160 s) Bullet, 3+0 Blitz.
        assertEquals("ultrabullet", SpeedClass.of("15"));
        assertEquals("ultrabullet", SpeedClass.of("15+0"));
        assertEquals("bullet", SpeedClass.of("0+1"));
        assertEquals("bullet", SpeedClass.of("60+0"));
        assertEquals("bullet", SpeedClass.of("120+1"));
        assertEquals("blitz", SpeedClass.of("180+0"));
        assertEquals("blitz", SpeedClass.of("300+3"));
        assertEquals("rapid", SpeedClass.of("600+0"));
        assertEquals("rapid", SpeedClass.of("900+10"));
        assertEquals("classical", SpeedClass.of("1800+0"));
        assertEquals("classical", SpeedClass.of("40/7200:3600"));
        assertEquals("correspondence", SpeedClass.of("-"));
    }

    @Test
    void otherFormsAndBadTags() {
        assertEquals("bullet", SpeedClass.of("1/move"), "40 moves of 1 s");
        assertEquals("blitz", SpeedClass.of("st=10"));
        assertEquals("blitz", SpeedClass.of("*300"), "sandclock");
        assertEquals("bullet", SpeedClass.of("60:120"), "the first period counts");
        assertEquals("correspondence", SpeedClass.of("inf"));
        for (String bad : new String[] {null, "", "?", "0", "0+0", "40/0", "garbage", "1e3", "-5", "99999999999/60"}) {
            assertEquals(SpeedClass.UNKNOWN, SpeedClass.of(bad), "tag " + bad);
        }
    }
}
