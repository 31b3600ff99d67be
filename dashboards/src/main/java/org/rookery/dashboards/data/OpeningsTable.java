package org.rookery.dashboards.data;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.dashboards.explorer.ExplorerFilters;
import org.rookery.dashboards.http.ApiException;

/**
 * The explorer's data: the {@code openings_breakdown} table {@code analyze openings} writes, one row
 * per (position {@code key}, move, mean-rating band, speed, month, source, masters) with results,
 * rating sums and the best and latest games of the row (docs/schema.md). Every lookup, filtered or
 * not, sums the rows of one key that pass the filters; nothing is derived from {@code games}.
 *
 * <p>Lookups read the Parquet files in place: {@code analyze openings} writes them clustered by key
 * range, sorted by key, in row groups of about a megabyte, so DuckDB's min/max pruning leaves a
 * point lookup one row group per file to decode, and a fresh dashboard answers its first lookup
 * without copying or deriving anything (the footers are cached after the first read).
 */
public final class OpeningsTable implements AutoCloseable {
    /** How often (at most) a lookup checks whether the Parquet files changed (to forget the known variants). */
    static final long RECHECK_MILLIS = 5000;

    /**
     * The totals of one move under the filters.
     *
     * @param uci the move
     * @param white games White won after it
     * @param draws games drawn
     * @param black games Black won
     * @param moverRatingSum sum of the mover's ratings, over {@code moverRated} games
     * @param moverRated games with the mover's rating
     * @param opponentRatingSum sum of the opponent's ratings, over {@code opponentRated} games
     * @param opponentRated games with the opponent's rating
     * @param game the game, when exactly one reached the move, else null
     */
    public record MoveRow(String uci, long white, long draws, long black, long moverRatingSum, long moverRated,
            long opponentRatingSum, long opponentRated, GameRow game) {
        public long games() {
            return white + draws + black;
        }
    }

    /**
     * One game as the breakdown keeps it, with the move played in the looked-up position.
     *
     * @param month {@code yyyymm} ({@code mm} 0 when only the year is known), or null
     */
    public record GameRow(String uci, String id, Integer meanRating, String date, Integer month, String white,
            String black, Integer whiteElo, Integer blackElo, String result) {
    }

    /** Results of one month, {@code yyyymm}. */
    public record MonthRow(int month, long white, long draws, long black) {
    }

    /** Highest mean rating first, then latest date, then highest id: the order the job sorts rows' games in. */
    static final Comparator<GameRow> TOP = Comparator.<GameRow>comparingInt(g -> g.meanRating() == null ? -1 : g.meanRating())
            .thenComparing(g -> g.date() == null ? "" : g.date()).thenComparing(GameRow::id).reversed();
    /** Latest month first, then latest date, then highest id. */
    static final Comparator<GameRow> RECENT = Comparator.<GameRow>comparingInt(g -> g.month() == null ? -1 : g.month())
            .thenComparing(g -> g.date() == null ? "" : g.date()).thenComparing(GameRow::id).reversed();

    private final DuckDb db;
    private final TableLocation breakdown;
    /** Variants known to have rows, per table snapshot: a variant without data is a 400. */
    private final java.util.Map<String, Boolean> variants = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile String snapshot = "";
    private volatile long checkedAt;

    public OpeningsTable(DuckDb db, TableLocation breakdown) {
        this.db = db;
        this.breakdown = breakdown;
    }

    /**
     * "ready" when the table is there (lookups read its files in place: nothing is copied or
     * derived at start), "missing" before {@code analyze openings} wrote it.
     */
    public String cacheState() {
        return breakdown.exists() ? "ready" : "missing";
    }

    private String from() {
        if (!breakdown.exists()) {
            throw ApiException.unavailable("table '" + OpeningsBreakdown.SCHEMA.name() + "' is not there yet: run "
                    + "'rookery analyze openings --data DATA' (it writes openings and openings_breakdown)");
        }
        long now = System.currentTimeMillis();
        if (now - checkedAt >= RECHECK_MILLIS) {
            checkedAt = now;
            String s = TableSnapshot.of(breakdown.dir());
            if (!s.equals(snapshot)) {
                snapshot = s;
                variants.clear();
            }
        }
        return breakdown.scan();
    }

    /**
     * Checks that {@code variant} has rows; else a 400 naming it. Row groups hold one variant's
     * min/max, so for a variant that is absent DuckDB prunes every group: the check reads no rows.
     */
    public void requireVariant(String variant) throws SQLException {
        String scan = from();
        Boolean known = variants.get(variant);
        if (known == null) {
            List<Object> args = new ArrayList<>(List.of(variant));
            known = !db.with(c -> Sql.query(c, "SELECT 1 FROM " + scan + " WHERE " + Games.VARIANT + " = ? LIMIT 1", args,
                    rs -> 1)).isEmpty();
            variants.put(variant, known);
        }
        if (!known) {
            throw ApiException.badParameter("variant", "no " + variant + " games in openings_breakdown (run 'rookery analyze "
                    + "openings' over a games table that holds some)");
        }
    }

    private static String where(long key, ExplorerFilters filters, List<Object> args) {
        StringBuilder sql = new StringBuilder(" WHERE key = ?");
        args.add(key);
        filters.appendWhere(sql, args);
        return sql.toString();
    }

    private static final String GAME_FIELDS = "g.game_id, g.mean_rating, g.date, g.white, g.black, g.white_elo, g.black_elo, g.result";

    /** Every move played from the position {@code key} under the filters, most played first. */
    public List<MoveRow> moves(long key, ExplorerFilters filters) throws SQLException {
        List<Object> args = new ArrayList<>();
        String sql = "SELECT uci, sum(white_wins) AS w, sum(draws) AS d, sum(black_wins) AS b, "
                + "sum(mover_rating_sum) AS ms, sum(mover_rated) AS mn, sum(opponent_rating_sum) AS os, "
                + "sum(opponent_rated) AS os_n, any_value(month) AS month, "
                + "any_value(top_games[1]) AS g FROM " + from() + where(key, filters, args)
                + " GROUP BY uci ORDER BY w + d + b DESC, uci";
        String outer = "SELECT uci, w, d, b, ms, mn, os, os_n, month, " + GAME_FIELDS + " FROM (" + sql + ")";
        return db.with(c -> Sql.query(c, outer, args, rs -> {
            long w = rs.getLong("w"), d = rs.getLong("d"), b = rs.getLong("b");
            GameRow game = w + d + b == 1 ? game(rs, rs.getString("uci"), Sql.intOrNull(rs, "month")) : null;
            return new MoveRow(rs.getString("uci"), w, d, b, rs.getLong("ms"), rs.getLong("mn"), rs.getLong("os"),
                    rs.getLong("os_n"), game);
        }));
    }

    private static GameRow game(java.sql.ResultSet rs, String uci, Integer month) throws SQLException {
        return new GameRow(uci, rs.getString("game_id"), Sql.intOrNull(rs, "mean_rating"), rs.getString("date"), month,
                rs.getString("white"), rs.getString("black"), Sql.intOrNull(rs, "white_elo"), Sql.intOrNull(rs, "black_elo"),
                rs.getString("result"));
    }

    /**
     * The {@code limit} highest-rated games ({@code recent}: latest) that reached the position under
     * the filters. The rows holding them are among the {@code limit} rows whose first game ranks
     * highest, since each row keeps its games in that order: so only those rows are unnested.
     */
    public List<GameRow> games(long key, ExplorerFilters filters, int limit, boolean recent) throws SQLException {
        if (limit <= 0) return List.of();
        List<Object> args = new ArrayList<>();
        String list = recent ? OpeningsBreakdown.RECENT_GAMES : OpeningsBreakdown.TOP_GAMES;
        String first = list + "[1]";
        String order = recent
                ? "coalesce(month, -1) DESC, coalesce(" + first + ".date, '') DESC, " + first + ".game_id DESC"
                : "coalesce(" + first + ".mean_rating, -1) DESC, coalesce(" + first + ".date, '') DESC, " + first + ".game_id DESC";
        String rows = "SELECT uci, month, " + list + " AS gs FROM " + from() + where(key, filters, args)
                + " ORDER BY " + order + " LIMIT " + limit;
        String sql = "SELECT uci, month, " + GAME_FIELDS + " FROM (SELECT uci, month, unnest(gs) AS g FROM (" + rows + "))";
        List<GameRow> all = db.with(c -> Sql.query(c, sql, args, rs -> game(rs, rs.getString("uci"), Sql.intOrNull(rs, "month"))));
        List<GameRow> sorted = new ArrayList<>(all);
        sorted.sort(recent ? RECENT : TOP);
        return sorted.size() > limit ? List.copyOf(sorted.subList(0, limit)) : List.copyOf(sorted);
    }

    /** White wins, draws and Black wins per month with a known month, oldest first. */
    public List<MonthRow> history(long key, ExplorerFilters filters) throws SQLException {
        List<Object> args = new ArrayList<>();
        String sql = "SELECT month, sum(white_wins) AS w, sum(draws) AS d, sum(black_wins) AS b FROM " + from()
                + where(key, filters, args) + " AND month % 100 <> 0 GROUP BY month ORDER BY month";
        return db.with(c -> Sql.query(c, sql, args, rs -> new MonthRow(rs.getInt("month"), rs.getLong("w"),
                rs.getLong("d"), rs.getLong("b"))));
    }

    @Override
    public void close() {
        // Nothing held: lookups read the files in place.
    }
}
