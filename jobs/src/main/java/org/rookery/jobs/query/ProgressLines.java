package org.rookery.jobs.query;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.function.DoubleFunction;
import org.duckdb.DuckDBPreparedStatement;
import org.rookery.core.cli.ProgressTicker;

/**
 * Progress of {@code sql} and {@code export} on stderr: when lines start and how often, and DuckDB's
 * estimate of how far a running statement is, which its JDBC driver reads while the statement runs.
 */
final class ProgressLines {
    /** A run shorter than this prints no progress; tests lower it so that their slow query need not be slower. */
    static volatile long afterMillis = 2000;
    /** Plain lines pile up in a log, so they come less often than a rewritten terminal line. */
    private static final long PLAIN_EVERY_MILLIS = 5000;
    private static final long TERMINAL_EVERY_MILLIS = 1000;

    private ProgressLines() {
    }

    /** Starts the ticker on {@code err}, or a silent one when {@code quiet}. */
    static ProgressTicker start(PrintWriter err, boolean quiet, DoubleFunction<String> line) {
        if (quiet) return ProgressTicker.start((PrintWriter) null, false, 0, 0, line);
        boolean terminal = ProgressTicker.stderrIsTerminal();
        return ProgressTicker.start(err, terminal, afterMillis, terminal ? TERMINAL_EVERY_MILLIS : PLAIN_EVERY_MILLIS, line);
    }

    /**
     * The elapsed time and, when DuckDB can tell, its estimate of the share done: {@code 12 s, 37% by
     * DuckDB's estimate}. The estimate counts the rows the statement's scans have read of those they will
     * read, so it rises through a scan and then stands while a sort merges; DuckDB has none for some
     * sources (e.g. range()), and then only the time shows.
     */
    static String elapsed(double seconds, Statement running) {
        String time = String.format(Locale.ROOT, "%.0f s", seconds);
        double share = estimate(running);
        return share > 0 ? time + String.format(Locale.ROOT, ", %.0f%% by DuckDB's estimate", share) : time;
    }

    /** DuckDB's percentage for the statement's current query, or -1 when there is none. */
    private static double estimate(Statement running) {
        if (running == null) return -1;
        try {
            return running.unwrap(DuckDBPreparedStatement.class).getQueryProgress().getPercentage();
        } catch (SQLException | RuntimeException e) {
            // Closed under us, or no query: progress is a courtesy, never a failure.
            return -1;
        }
    }
}
