package org.rookery.dashboards.data;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.rookery.contract.dimensions.GameYear;
import org.rookery.contract.dimensions.RatingBand;
import org.rookery.contract.dimensions.TimeControlClass;
import org.rookery.dashboards.http.ApiException;

/**
 * The explorer's data. Unfiltered lookups read the {@code openings} table that
 * {@code analyze openings} writes: one row per position {@code key} (the Polyglot key, as in
 * {@code games.zobrist}) with {@code moves}, a list of structs ({@code uci}, {@code san},
 * {@code games}, {@code white_wins}, {@code draws}, {@code black_wins}, {@code avg_rating}).
 * That table has no rating, speed, year or source breakdown, so filtered lookups use a breakdown
 * the dashboard derives from the {@code games} table by the same rules (decided games, first
 * {@link #PLIES} plies, each move from a position once per game), with the jobs' dimension values
 * ({@link RatingBand}, {@link TimeControlClass}, {@link GameYear}: the contract's dimensions).
 *
 * <p>Both are copied, in the background, into DuckDB tables sorted by key: lookups straight from
 * Parquet depend on the writer's row-group layout (one 128 MB row group means a scan per click),
 * while a sorted DuckDB table lets a lookup touch one segment. Until a copy is ready, unfiltered
 * lookups read the Parquet files and filtered ones answer 503. A rewritten table is copied again.
 */
public final class OpeningsTable implements AutoCloseable {
    /** Plies of each game the explorer covers; {@code analyze openings} defaults to the same. */
    public static final int PLIES = 30;
    /** How often (at most) a lookup checks whether the Parquet files changed. */
    static final long RECHECK_MILLIS = 5000;

    /**
     * The totals of one move.
     *
     * @param uci the move
     * @param white games White won after it
     * @param draws games drawn
     * @param black games Black won
     * @param averageRating mean of the games' mean ratings, or null when no game had both
     */
    public record MoveRow(String uci, long white, long draws, long black, Long averageRating) {
        public long games() {
            return white + draws + black;
        }
    }

    private final DuckDb db;
    private final TableLocation openings;
    private final TableLocation games;
    private final ExecutorService loader = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "rookery-dashboard-explorer-copy");
        t.setDaemon(true);
        return t;
    });
    private final Copy positions = new Copy("explorer_positions");
    private final Copy breakdown = new Copy("explorer_breakdown");
    private volatile long checkedAt;

    public OpeningsTable(DuckDb db, TableLocation openings, TableLocation games) {
        this.db = db;
        this.openings = openings;
        this.games = games;
    }

    /** One background copy of a table, replaced when its source files change. */
    private final class Copy {
        final String prefix;
        volatile String table;
        volatile String copied = "";
        volatile String loading = "";
        int generation;

        Copy(String prefix) {
            this.prefix = prefix;
        }

        String state() {
            return table != null ? "ready" : loading.isEmpty() ? "none" : "copying";
        }

        /** Starts copying when {@code snapshot} differs from what was copied or is being copied. */
        synchronized void refresh(String snapshot, String select) {
            if (snapshot.isEmpty() || snapshot.equals(copied) || snapshot.equals(loading)) return;
            String old = table;
            table = null;
            if (old != null) drop(old);
            loading = snapshot;
            int gen = ++generation;
            String name = prefix + "_" + gen;
            loader.submit(() -> load(name, gen, snapshot, select));
        }

        private void load(String name, int gen, String snapshot, String select) {
            try {
                db.with(c -> {
                    try (Statement s = c.createStatement()) {
                        s.execute("CREATE OR REPLACE TABLE " + name + " AS " + select);
                    }
                    return null;
                });
                synchronized (this) {
                    if (gen != generation) {
                        drop(name);
                        return;
                    }
                    table = name;
                    copied = snapshot;
                    loading = "";
                }
            } catch (SQLException | RuntimeException e) {
                // Unfiltered lookups keep reading Parquet; the next change of the files tries again.
                System.err.println("rookery dashboard: copying " + prefix + " failed: " + e.getMessage());
                synchronized (this) {
                    copied = snapshot;
                    loading = "";
                }
            }
        }
    }

    /** "ready" when both copies are usable, "copying" while one is built, "parquet" when there is nothing to copy. */
    public String cacheState() {
        refresh();
        String p = positions.state(), b = breakdown.state();
        if (p.equals("copying") || b.equals("copying")) return "copying";
        if (p.equals("none") && b.equals("none")) return "parquet";
        return "ready";
    }

    private synchronized void refresh() {
        long now = System.currentTimeMillis();
        if (now - checkedAt < RECHECK_MILLIS) return;
        checkedAt = now;
        if (openings.exists()) {
            positions.refresh(TableSnapshot.of(openings.dir()), "SELECT key, moves FROM " + openings.scan() + " ORDER BY key");
        }
        if (games.exists()) breakdown.refresh(TableSnapshot.of(games.dir()), breakdownSelect(games.scan()));
    }

    /**
     * Per (position, move, dimensions): results, and the rating sum and count for the average. A
     * move counts once per game: a ply is skipped when the same move was already played from the
     * same position earlier in the game (a filter over at most {@link #PLIES} earlier plies, so the
     * aggregation streams and can spill instead of holding a DISTINCT over every ply).
     */
    static String breakdownSelect(String gamesScan) {
        return "WITH g AS (SELECT source, result, " + RatingBand.SQL + " AS rating_band, "
                + TimeControlClass.SQL + " AS time_control_class, " + GameYear.SQL + " AS year, "
                + "CASE WHEN white_elo > 0 AND black_elo > 0 THEN (white_elo + black_elo) / 2.0 END AS mean_rating, "
                + "moves_uci[1:" + PLIES + "] AS m, zobrist[1:" + PLIES + "] AS z FROM " + gamesScan
                + " WHERE result IN ('1-0', '0-1', '1/2-1/2')), "
                + "o AS (SELECT *, generate_subscripts(m, 1) AS i FROM g) "
                + "SELECT z[i] AS key, m[i] AS move_uci, source, rating_band, time_control_class, year, "
                + "count(*) FILTER (WHERE result = '1-0') AS white, count(*) FILTER (WHERE result = '1/2-1/2') AS draws, "
                + "count(*) FILTER (WHERE result = '0-1') AS black, sum(mean_rating) AS rating_sum, "
                + "count(mean_rating) AS rating_count FROM o "
                + "WHERE z[i] IS NOT NULL AND len(list_filter(range(1, i), j -> z[j] = z[i] AND m[j] = m[i])) = 0 "
                + "GROUP BY ALL ORDER BY key";
    }

    /** Every move played from the position with key {@code zobrist}, most played first. */
    public List<MoveRow> moves(long zobrist, Filters filters) throws SQLException {
        refresh();
        if (filters.isEmpty() && (positions.table != null || openings.exists())) return fromPositions(zobrist);
        String from = breakdown.table;
        if (from == null) {
            if (!games.exists()) {
                if (!filters.isEmpty()) throw ApiException.unavailable("filters need the 'games' table, which is not there yet");
                openings.scan(); // a 503 naming the missing table
            }
            throw ApiException.unavailable("the explorer's breakdown by rating, speed, year and source is still being prepared; "
                    + "try again in a few seconds");
        }
        StringBuilder sql = new StringBuilder("SELECT move_uci, sum(white) AS w, sum(draws) AS d, sum(black) AS b, "
                + "sum(rating_sum) AS rs, sum(rating_count) AS rc FROM ").append(from).append(" WHERE key = ?");
        List<Object> args = new ArrayList<>();
        args.add(zobrist);
        filters.appendWhere(sql, args);
        sql.append(" GROUP BY move_uci ORDER BY w + d + b DESC, move_uci");
        return db.with(c -> Sql.query(c, sql.toString(), args, rs -> {
            long count = rs.getLong("rc");
            Long avg = count == 0 ? null : Math.round(rs.getDouble("rs") / count);
            return new MoveRow(rs.getString(1), rs.getLong("w"), rs.getLong("d"), rs.getLong("b"), avg);
        }));
    }

    private List<MoveRow> fromPositions(long zobrist) throws SQLException {
        String from = positions.table != null ? positions.table : openings.scan();
        String sql = "SELECT m.uci AS uci, m.white_wins AS w, m.draws AS d, m.black_wins AS b, m.avg_rating AS r "
                + "FROM (SELECT unnest(moves) AS m FROM " + from + " WHERE key = ?) ORDER BY m.games DESC, m.uci";
        return db.with(c -> Sql.query(c, sql, List.of(zobrist), rs -> {
            double r = rs.getDouble("r");
            Long avg = rs.wasNull() ? null : Math.round(r);
            return new MoveRow(rs.getString("uci"), rs.getLong("w"), rs.getLong("d"), rs.getLong("b"), avg);
        }));
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
