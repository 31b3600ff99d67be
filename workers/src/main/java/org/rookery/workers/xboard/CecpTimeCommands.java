package org.rookery.workers.xboard;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.uci.EngineConfig;

/**
 * The CECP commands for an engine's limits, as cutechess maps them: {@code tc=moves/time+inc} →
 * {@code level MPS BASE INC} (BASE in minutes or MIN:SEC), {@code st=} → {@code st SECONDS},
 * {@code depth=} → {@code sd N}, {@code nodes=} → {@code nps N} with {@code st 1} (engines that
 * announce {@code nps}); no time limit → {@code level 0 0 0}. What CECP cannot say is refused.
 */
final class CecpTimeCommands {
    private CecpTimeCommands() {}

    /** @throws IllegalArgumentException one line naming the limit CECP cannot express */
    static List<String> of(EngineConfig cfg) {
        List<String> out = new ArrayList<>(3);
        TimeControl tc = cfg.timeControl();
        String who = "engine " + cfg.name() + " (proto=xboard): ";
        if (cfg.nodes() > 0 && !tc.isInfinite()) {
            throw new IllegalArgumentException(who + "nodes= with a clock cannot be said in CECP (nps turns the clock into nodes); give nodes= alone");
        }
        switch (tc.kind()) {
            case MOVETIME -> {
                long ms = tc.moveTimeNanos() / 1_000_000;
                if (ms % 1000 != 0) throw new IllegalArgumentException(who + "st=" + ms / 1000.0 + ": CECP's st takes whole seconds");
                out.add("st " + ms / 1000);
            }
            case CLOCK -> {
                if (tc.periods().size() > 1) throw new IllegalArgumentException(who + "tc=" + tc + ": CECP's level has one period");
                TimeControl.Period p = tc.period(0);
                if (p.incrementNanos() > 0 && p.incrementMode() != TimeControl.IncrementMode.FISCHER) {
                    throw new IllegalArgumentException(who + "tc=" + tc + ": CECP's level has no delay, only an increment");
                }
                long baseMs = p.timeNanos() / 1_000_000;
                if (baseMs % 1000 != 0) throw new IllegalArgumentException(who + "tc=" + tc + ": CECP's level takes whole seconds of base time");
                long sec = baseMs / 1000;
                String base = sec % 60 == 0 ? Long.toString(sec / 60) : String.format(Locale.ROOT, "%d:%02d", sec / 60, sec % 60);
                out.add("level " + p.moves() + " " + base + " " + seconds(p.incrementNanos()));
            }
            case INFINITE -> {
                if (cfg.nodes() > 0) {
                    out.add("st 1");
                    out.add("nps " + cfg.nodes());
                } else {
                    out.add("level 0 0 0");
                }
            }
        }
        if (cfg.depth() > 0) out.add("sd " + cfg.depth());
        return out;
    }

    private static String seconds(long nanos) {
        if (nanos % 1_000_000_000L == 0) return Long.toString(nanos / 1_000_000_000L);
        return new java.math.BigDecimal(nanos).movePointLeft(9).stripTrailingZeros().toPlainString();
    }
}
