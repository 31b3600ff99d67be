package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** {@link FixedPoint} against the {@link String#format} calls it replaced, over every value a comment can hold. */
class FixedPointTest {
    @Test
    void equalsStringFormat() {
        for (long v = -250_000; v <= 250_000; v += v > -2000 && v < 2000 ? 1 : 37) {
            assertEquals(String.format(Locale.ROOT, "%.3f", v / 1000.0), FixedPoint.append(new StringBuilder(), v, 3).toString(), "ms " + v);
            assertEquals(String.format(Locale.ROOT, "%.2f", Math.abs(v) / 100.0), FixedPoint.append(new StringBuilder(), Math.abs(v), 2).toString(), "cp " + v);
        }
        assertEquals(String.format(Locale.ROOT, "%.3f", Long.MAX_VALUE / 1_000_000L / 1000.0),
            FixedPoint.append(new StringBuilder(), Long.MAX_VALUE / 1_000_000L, 3).toString());
        for (long s = 0; s < 200; s++) assertEquals(String.format(Locale.ROOT, "%02d", s), FixedPoint.twoDigits(new StringBuilder(), s).toString());
    }

    @Test
    void clockAndDurationAsBefore() {
        for (long ms = 0; ms < 4_000_000; ms += 777) {
            long s = ms / 1000;
            assertEquals(String.format(Locale.ROOT, "%d:%02d:%02d.%01d", s / 3600, (s / 60) % 60, s % 60, (ms % 1000) / 100), MoveRecord.clockText(ms));
            assertEquals(String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60), PgnFormatter.duration(ms));
        }
    }
}
