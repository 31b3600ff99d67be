package org.rookery.workers.match;

import java.math.BigDecimal;
import java.math.MathContext;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.uci.EngineConfig;

/** The engine labels of fastchess's "Results of A vs B (TC, THREADS, HASH, BOOK):" header. */
final class FastchessLabels {
    private FastchessLabels() {}

    /** fastchess's limit text: {@code 40/60+0.6}, {@code 0.5/move}, {@code 12 plies}, {@code 5000 nodes}. */
    static String time(EngineConfig e) {
        TimeControl tc = e.timeControl();
        if (tc.kind() == TimeControl.Kind.MOVETIME) return shortest(tc.moveTimeNanos() / 1e9) + "/move";
        if (!tc.isInfinite() && !tc.periods().isEmpty()) {
            TimeControl.Period p = tc.period(0);
            String moves = p.moves() > 0 ? p.moves() + "/" : "";
            String inc = p.incrementNanos() > 0
                ? "+" + new BigDecimal(p.incrementNanos() / 1e9).round(new MathContext(2)).stripTrailingZeros().toPlainString() : "";
            return moves + shortest(p.timeNanos() / 1e9) + inc;
        }
        if (e.depth() > 0) return e.depth() + " plies";
        if (e.nodes() > 0) return e.nodes() + " nodes";
        return "";
    }

    /**
     * The value of a UCI option as given with {@code option.NAME=}, plus fastchess's unit, or {@code NULL}.
     * fastchess shows the engine's own default when no option was given; Rookery knows only what was set.
     */
    static String option(EngineConfig e, String name, String unit) {
        for (var o : e.options().entrySet()) if (o.getKey().equalsIgnoreCase(name)) return o.getValue() + unit;
        return "NULL";
    }

    /** A number as C++'s fmt "{}" prints a double: the shortest form, no trailing ".0". */
    private static String shortest(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
