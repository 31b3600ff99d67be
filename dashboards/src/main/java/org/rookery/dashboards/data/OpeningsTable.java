package org.rookery.dashboards.data;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The position-keyed explorer table {@code openings}: one row per (position, move, source, speed,
 * rating band, year) with the results of the games that played that move there. Columns read:
 * {@code zobrist} (bigint, Polyglot key of the position before the move, as {@code games.zobrist}),
 * {@code move_uci}, {@code white}, {@code draws}, {@code black}, {@code rating_sum},
 * {@code rating_count} and the {@link Filters} columns.
 *
 * <p>Point lookups straight from Parquet depend on how the writer laid out its row groups (one
 * 128 MB row group means a full scan per click). So the table is copied, in the background, into a
 * DuckDB table sorted by {@code zobrist}, whose per-segment min/max lets a lookup touch one
 * segment; measured on 300,000 games (7.5 M rows) that cuts p99 several-fold. A second copy holds
 * each (position, move) summed over the filter columns, so an unfiltered lookup of a popular
 * position reads a handful of rows instead of thousands. Until the copies are ready, and while a
 * rewritten table is being copied again, lookups read the Parquet files.
 */
public final class OpeningsTable implements AutoCloseable {
    /** How often (at most) a lookup checks whether the Parquet files changed. */
    static final long RECHECK_MILLIS = 5000;
    private static final String COLUMNS = "zobrist, move_uci, source, speed, rating_band, year, white, draws, black, "
            + "rating_sum, rating_count";

    /**
     * The totals of one move.
     *
     * @param uci the move
     * @param white games White won after it
     * @param draws games drawn
     * @param black games Black won
     * @param ratingSum sum of the games' mean ratings, over the games that have both ratings
     * @param ratingCount number of games with both ratings
     */
    public record MoveRow(String uci, long white, long draws, long black, long ratingSum, long ratingCount) {
        public long games() {
            return white + draws + black;
        }
    }

    private final DuckDb db;
    private final TableLocation table;
    private final ExecutorService loader = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "rookery-dashboard-explorer-copy");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger generation = new AtomicInteger();
    /** The in-database copy to query, or null while there is none for the current files. */
    private volatile String copy;
    /** The copy summed over the filter columns (same generation as {@link #copy}). */
    private volatile String totals;
    private volatile String copiedSnapshot = "";
    private volatile String loadingSnapshot = "";
    private volatile long checkedAt;

    public OpeningsTable(DuckDb db, TableLocation table) {
        this.db = db;
        this.table = table;
    }

    /** "ready" when lookups use the sorted copy, "copying" while it is built, "parquet" otherwise. */
    public String cacheState() {
        refresh();
        if (copy != null) return "ready";
        return loadingSnapshot.isEmpty() ? "parquet" : "copying";
    }

    /** Every move played from the position with key {@code zobrist}, most played first. */
    public List<MoveRow> moves(long zobrist, Filters filters) throws SQLException {
        String scan = table.scan();
        refresh();
        String all = copy, summed = totals;
        String from = all == null ? scan : filters.isEmpty() && summed != null ? summed : all;
        StringBuilder sql = new StringBuilder("SELECT move_uci, sum(white) AS w, sum(draws) AS d, sum(black) AS b, "
                + "coalesce(sum(rating_sum), 0) AS rs, coalesce(sum(rating_count), 0) AS rc FROM ")
                .append(from).append(" WHERE zobrist = ?");
        List<Object> args = new ArrayList<>();
        args.add(zobrist);
        filters.appendWhere(sql, args);
        sql.append(" GROUP BY move_uci ORDER BY w + d + b DESC, move_uci");
        return db.with(c -> Sql.query(c, sql.toString(), args,
                rs -> new MoveRow(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6))));
    }

    /** Starts a copy when the files differ from the copied ones; drops a stale copy at once. */
    private synchronized void refresh() {
        long now = System.currentTimeMillis();
        if (now - checkedAt < RECHECK_MILLIS) return;
        checkedAt = now;
        if (!table.exists()) return;
        String snap = TableSnapshot.of(table.dir());
        if (snap.equals(copiedSnapshot) || snap.equals(loadingSnapshot)) return;
        copy = null;
        totals = null;
        loadingSnapshot = snap;
        String scan = table.scan();
        int gen = generation.incrementAndGet();
        loader.submit(() -> load(scan, snap, gen));
    }

    private void load(String scan, String snap, int gen) {
        String name = "openings_copy_" + gen;
        String summed = "openings_totals_" + gen;
        try {
            db.with(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE OR REPLACE TABLE " + name + " AS SELECT " + COLUMNS + " FROM " + scan + " ORDER BY zobrist");
                    s.execute("CREATE OR REPLACE TABLE " + summed + " AS SELECT zobrist, move_uci, sum(white) AS white, "
                            + "sum(draws) AS draws, sum(black) AS black, sum(rating_sum) AS rating_sum, "
                            + "sum(rating_count) AS rating_count FROM " + name + " GROUP BY zobrist, move_uci ORDER BY zobrist");
                }
                return null;
            });
            synchronized (this) {
                if (generation.get() != gen) {
                    drop(name);
                    drop(summed);
                    return;
                }
                String old = copy, oldTotals = totals;
                copy = name;
                totals = summed;
                copiedSnapshot = snap;
                loadingSnapshot = "";
                if (old != null) drop(old);
                if (oldTotals != null) drop(oldTotals);
            }
        } catch (SQLException | RuntimeException e) {
            // The Parquet path keeps answering; the next change of the files tries again.
            System.err.println("rookery dashboard: copying the explorer table failed, reading Parquet instead: " + e.getMessage());
            synchronized (this) {
                loadingSnapshot = "";
                copiedSnapshot = snap;
            }
        }
    }

    private void drop(String name) {
        try {
            db.with(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("DROP TABLE IF EXISTS " + name);
                }
                return null;
            });
        } catch (SQLException e) {
            System.err.println("rookery dashboard: dropping " + name + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        loader.shutdownNow();
    }
}
