package org.rookery.bench.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LatencyTest {
    @Test
    void percentilesAreNearestRankInMilliseconds() {
        Latency l = new Latency();
        for (int ms = 100; ms >= 1; ms--) l.add(ms * 1_000_000L); // out of order, past the first growth
        for (int i = 0; i < 2000; i++) l.add(1_000_000L);
        assertEquals(2100, l.count());
        assertEquals(1.0, l.percentileMillis(0.5));
        assertEquals(100.0, l.percentileMillis(1.0));
        assertEquals(79.0, l.percentileMillis(0.99)); // rank 2079 of 2100, after 2,001 samples of 1 ms: 79 ms
        assertTrue(l.summary().startsWith("2100 requests: p50 1.00 ms"), l.summary());
    }

    @Test
    void noSamplesHaveNoPercentile() {
        assertTrue(Double.isNaN(new Latency().percentileMillis(0.5)));
    }
}
