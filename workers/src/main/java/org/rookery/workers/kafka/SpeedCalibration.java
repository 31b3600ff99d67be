package org.rookery.workers.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.rookery.core.clock.TimeControl;

/**
 * fishtest's CPU scaling ({@code worker/games.py}, {@code adjust_tc}: {@code factor = REF / base_nps},
 * the clock's time times the factor): a worker whose engine is slower than the reference speed gets
 * proportionally more time, so heterogeneous machines play games of comparable depth. Rookery scales
 * every part of the clock (base, increment, fixed move time) by the factor, keeping the time margin.
 */
public final class SpeedCalibration {
    private SpeedCalibration() {}

    /** REF over the measured speed. */
    public static double factor(long referenceNps, long measuredNps) {
        if (referenceNps <= 0 || measuredNps <= 0) throw new IllegalArgumentException("speeds must be positive: reference " + referenceNps + ", measured " + measuredNps);
        return (double) referenceNps / measuredNps;
    }

    /** {@code tc} with every time scaled by {@code factor} (whole milliseconds, as clocks count). */
    public static TimeControl scale(TimeControl tc, double factor) {
        Duration margin = Duration.ofNanos(tc.timeMarginNanos());
        TimeControl scaled = switch (tc.kind()) {
            case INFINITE -> tc;
            case MOVETIME -> TimeControl.moveTime(Duration.ofMillis(Math.max(1, Math.round(tc.moveTimeNanos() * factor / 1e6))));
            case CLOCK -> {
                List<TimeControl.Period> periods = new ArrayList<>();
                for (TimeControl.Period p : tc.periods()) {
                    periods.add(new TimeControl.Period(p.moves(), millis(p.timeNanos(), factor), p.incrementMode(), millis(p.incrementNanos(), factor)));
                }
                yield TimeControl.of(periods);
            }
        };
        return margin.isZero() || tc.kind() == TimeControl.Kind.INFINITE ? scaled : scaled.withTimeMargin(margin);
    }

    private static long millis(long nanos, double factor) {
        return Math.round(nanos * factor / 1e6) * 1_000_000L;
    }
}
