package org.rookery.jobs.ingest;

import java.io.PrintStream;
import java.util.Locale;
import org.rookery.core.cli.ProgressTicker;

/**
 * Prints a progress line every few seconds while ingestion runs: games so far, games per second,
 * rejected games so far and the share of input read. The counts come from Spark accumulators, which
 * executors report as each work unit (a few MB of PGN) finishes.
 */
final class Progress {
    private static final long INTERVAL_MS = 3000;

    private final String name;
    private final PrintStream out;
    private final long totalBytes;
    private ProgressTicker ticker;
    private long lastGames = -1;
    private long lastRejected = -1;

    Progress(String name, PrintStream out, long totalBytes) {
        this.name = name;
        this.out = out;
        this.totalBytes = totalBytes;
    }

    void start(UnitProcessor.Counters counters) {
        // Plain lines even on a terminal: Spark's own log lines share stderr and would break a rewritten one.
        ticker = ProgressTicker.start(out, false, INTERVAL_MS, INTERVAL_MS, seconds -> report(counters, seconds));
    }

    private String report(UnitProcessor.Counters c, double seconds) {
        long games = c.games().value();
        long rejected = c.rejected().value();
        if (games == lastGames && rejected == lastRejected) {
            return null;
        }
        lastGames = games;
        lastRejected = rejected;
        double share = totalBytes == 0 ? 100 : 100.0 * c.bytes().value() / totalBytes;
        return String.format(Locale.ROOT, "%s: %,d games, %,.0f games/s, %,d rejected, %.0f%% of input read",
                name, games, games / Math.max(seconds, 1e-9), rejected, Math.min(100, share));
    }

    void stop() {
        if (ticker != null) {
            ticker.close();
        }
    }

    /** Bytes in human units, e.g. {@code 1.2 GB}. */
    static String bytes(long n) {
        if (n < 1 << 10) {
            return n + " B";
        }
        String[] units = {"KB", "MB", "GB", "TB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
