package org.rookery.dashboards.data;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.dashboards.http.ApiException;

/**
 * The explorer's data: the {@code openings_breakdown} table {@code analyze openings} writes, one row
 * per (position {@code key}, move, mean-rating band, speed, month, source, masters) with results,
 * rating sums and the best and latest games of the row (docs/schema.md). Every lookup, filtered or
 * not, sums the rows of one key that pass the filters; nothing is derived from {@code games}.
 *
 * <p>A fresh dashboard answers at once from the Parquet files in place: {@code analyze openings}
 * writes them clustered by key range, sorted by key, in row groups of about a megabyte, so DuckDB's
 * min/max pruning leaves a point lookup one row group per file to decode. Meanwhile a background
 * thread copies the table into an {@link OpeningsIndex}; once it is there, lookups sum the key's
 * rows from it (at a position with many rows, its cells, held in memory and summed in Java) and
 * take the game lists of the rows they return in the same statement, with no Parquet read. A change of the files (a new
 * {@code analyze openings}) sends lookups back to Parquet until the copy is made again.
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
    /** The copy lookups use, once made for the current files; null until then. */
    private volatile OpeningsIndex index;
    /** The snapshot a copy is being made of, or null. */
    private String building;
    private volatile String indexError;
    private final java.util.concurrent.ExecutorService builder = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "explorer-index");
        t.setDaemon(true);
        return t;
    });

    /**
     * Whether lookups may use an {@link OpeningsIndex}: the system property
     * {@code rookery.explorer.index=off} keeps them on the Parquet files (the brute-force test checks
     * both ways; a machine short of scratch disk can do without the copy).
     */
    private final boolean indexed = !"off".equals(System.getProperty("rookery.explorer.index"));
    /**
     * Keys with more rows than this are summed from the index's one-row-per-cell roll-up
     * ({@code rookery.explorer.index.heavy}; tests set it low to take that path on small tables).
     */
    private final int heavyRows = Integer.getInteger("rookery.explorer.index.heavy", OpeningsIndex.HEAVY_ROWS);
    /** DuckDB threads that make the index ({@code rookery.explorer.index.threads}; default: every core). */
    private final int buildThreads = Integer.getInteger("rookery.explorer.index.threads", Runtime.getRuntime().availableProcessors());

    public OpeningsTable(DuckDb db, TableLocation breakdown) {
        this.db = db;
        this.breakdown = breakdown;
        if (breakdown.exists()) from();
    }

    /**
     * "ready" when lookups use the index of the current files, "building" while it is made (lookups
     * then read the files in place), "missing" before {@code analyze openings} wrote the table.
     */
    public String cacheState() {
        if (!breakdown.exists()) return "missing";
        from();
        OpeningsIndex i = index;
        return !indexed || (i != null && i.snapshot.equals(snapshot)) ? "ready" : "building";
    }

    /** Keys the current index sums from its roll-up, or -1 without an index (tests). */
    int heavyKeys() {
        OpeningsIndex i = index;
        return i == null ? -1 : i.heavyKeys();
    }

    /** Starts a copy of the files of {@code s} unless one is made or being made. */
    private synchronized void ensureIndex(String s) {
        if (!indexed) return;
        OpeningsIndex i = index;
        if ((i != null && i.snapshot.equals(s)) || s.equals(building) || s.equals(indexError)) return;
        building = s;
        builder.execute(() -> {
            long t0 = System.nanoTime();
            try {
                OpeningsIndex made = OpeningsIndex.open(db, breakdown.dir(), s, heavyRows, buildThreads);
                OpeningsIndex old;
                synchronized (this) {
                    old = index;
                    index = made;
                    if (s.equals(building)) building = null;
                }
                org.slf4j.LoggerFactory.getLogger(OpeningsTable.class).info("explorer index of {} made in {} ms", breakdown.dir(),
                        (System.nanoTime() - t0) / 1_000_000);
                if (old != null) old.drop(db);
            } catch (java.sql.SQLException | java.io.IOException | RuntimeException e) {
                synchronized (this) {
                    if (s.equals(building)) building = null;
                    indexError = s;
                }
                org.slf4j.LoggerFactory.getLogger(OpeningsTable.class).warn("explorer index of {} not made ({}); lookups keep "
                        + "reading the Parquet files in place", breakdown.dir(), e.getMessage());
            }
        });
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
            ensureIndex(s);
        }
        return breakdown.scan();
    }

    /**
     * What one explorer lookup reads: the moves (most played first), the {@code recent} latest and
     * {@code top} highest-rated games, and the months when asked.
     */
    public record Lookup(List<MoveRow> moves, List<GameRow> recentGames, List<GameRow> topGames, List<MonthRow> history) {
    }

    /**
     * The moves from the position {@code key} under the filters, its {@code recent} latest and
     * {@code top} highest-rated games, and (with {@code history}) its results per month: one
     * statement, one round trip. The rows of the key that pass the filters are read once (a
     * materialized CTE) and each answer is a branch of a UNION ALL over them, told apart by
     * {@code part}. The first lookup of a variant also checks that the table has rows of it (a
     * variant without data is a 400); row groups hold one variant's min/max, so for an absent
     * variant DuckDB prunes every group and the check reads no rows.
     */
    public Lookup lookup(long key, Filters filters, int top, int recent, boolean history) throws SQLException {
        String scan = from();
        String variant = filters.variant();
        boolean checkVariant = !variant.equals("standard") && variants.get(variant) == null;
        OpeningsIndex i = index;
        if (!checkVariant && i != null && i.snapshot.equals(snapshot)) {
            Lookup l = i.lookup(db, key, filters, top, recent, history);
            return new Lookup(sorted(l.moves()), best(new ArrayList<>(l.recentGames()), recent, RECENT),
                    best(new ArrayList<>(l.topGames()), top, TOP), sortedMonths(l.history()));
        }
        List<Object> args = new ArrayList<>();
        StringBuilder sql = new StringBuilder("WITH r AS MATERIALIZED (SELECT uci, month, white_wins, draws, black_wins, "
                + "mover_rating_sum, mover_rated, opponent_rating_sum, opponent_rated, top_games, recent_games FROM ")
                .append(scan).append(where(key, filters, args)).append(") ");
        sql.append("SELECT 'm' AS part, uci, w, d, b, ms, mn, os, os_n, month, ").append(GAME_FIELDS)
                .append(" FROM (SELECT uci, sum(white_wins) AS w, sum(draws) AS d, sum(black_wins) AS b, "
                        + "sum(mover_rating_sum) AS ms, sum(mover_rated) AS mn, sum(opponent_rating_sum) AS os, "
                        + "sum(opponent_rated) AS os_n, any_value(month) AS month, any_value(top_games[1]) AS g "
                        + "FROM r GROUP BY uci)");
        if (recent > 0) sql.append(gamesBranch("re", OpeningsBreakdown.RECENT_GAMES, recent, true));
        if (top > 0) sql.append(gamesBranch("to", OpeningsBreakdown.TOP_GAMES, top, false));
        if (history) {
            sql.append(" UNION ALL SELECT 'h', NULL, sum(white_wins), sum(draws), sum(black_wins), NULL, NULL, NULL, NULL, "
                    + "month, ").append(NO_GAME).append(" FROM r WHERE month % 100 <> 0 GROUP BY month");
        }
        if (checkVariant) {
            sql.append(" UNION ALL SELECT 'v', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ").append(NO_GAME)
                    .append(" FROM (SELECT 1 FROM ").append(scan).append(" WHERE ").append(Games.VARIANT)
                    .append(" = ? LIMIT 1)");
            args.add(variant);
        }
        List<MoveRow> moves = new ArrayList<>();
        List<GameRow> recentGames = new ArrayList<>(), topGames = new ArrayList<>();
        List<MonthRow> months = new ArrayList<>();
        boolean[] hasVariant = {false};
        db.with(c -> Sql.query(c, sql.toString(), args, rs -> {
            switch (rs.getString("part")) {
                case "m" -> {
                    long w = rs.getLong("w"), d = rs.getLong("d"), b = rs.getLong("b");
                    GameRow game = w + d + b == 1 ? game(rs, rs.getString("uci"), Sql.intOrNull(rs, "month")) : null;
                    moves.add(new MoveRow(rs.getString("uci"), w, d, b, rs.getLong("ms"), rs.getLong("mn"), rs.getLong("os"),
                            rs.getLong("os_n"), game));
                }
                case "re" -> recentGames.add(game(rs, rs.getString("uci"), Sql.intOrNull(rs, "month")));
                case "to" -> topGames.add(game(rs, rs.getString("uci"), Sql.intOrNull(rs, "month")));
                case "h" -> months.add(new MonthRow(rs.getInt("month"), rs.getLong("w"), rs.getLong("d"), rs.getLong("b")));
                default -> hasVariant[0] = true;
            }
            return null;
        }));
        if (checkVariant) variants.put(variant, hasVariant[0]);
        if (!variant.equals("standard") && !variants.get(variant)) {
            throw ApiException.badParameter("variant", "no " + variant + " games in openings_breakdown (run 'rookery analyze "
                    + "openings' over a games table that holds some)");
        }
        // The branches of a UNION ALL come in no set order: each list is put in its order here.
        return new Lookup(sorted(moves), best(recentGames, recent, RECENT), best(topGames, top, TOP), sortedMonths(months));
    }

    private static List<MoveRow> sorted(List<MoveRow> moves) {
        List<MoveRow> out = new ArrayList<>(moves);
        out.sort(Comparator.comparingLong(MoveRow::games).reversed().thenComparing(MoveRow::uci));
        return List.copyOf(out);
    }

    private static List<MonthRow> sortedMonths(List<MonthRow> months) {
        List<MonthRow> out = new ArrayList<>(months);
        out.sort(Comparator.comparingInt(MonthRow::month));
        return List.copyOf(out);
    }

    /** Game fields of a branch without a game. */
    private static final String NO_GAME = "NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL";

    /**
     * The branch unnesting the games of the {@code limit} rows whose first game ranks highest in
     * {@code list}'s order ({@code recent}: latest): each row keeps its games in that order, so the
     * {@code limit} best games of the position are among them.
     */
    private static String gamesBranch(String part, String list, int limit, boolean recent) {
        String first = list + "[1]";
        String order = recent
                ? "coalesce(month, -1) DESC, coalesce(" + first + ".date, '') DESC, " + first + ".game_id DESC"
                : "coalesce(" + first + ".mean_rating, -1) DESC, coalesce(" + first + ".date, '') DESC, " + first + ".game_id DESC";
        return " UNION ALL SELECT '" + part + "', uci, NULL, NULL, NULL, NULL, NULL, NULL, NULL, month, " + GAME_FIELDS
                + " FROM (SELECT uci, month, unnest(gs) AS g FROM (SELECT uci, month, " + list + " AS gs FROM r ORDER BY "
                + order + " LIMIT " + limit + "))";
    }

    private static List<GameRow> best(List<GameRow> games, int limit, Comparator<GameRow> order) {
        games.sort(order);
        return games.size() > limit ? List.copyOf(games.subList(0, limit)) : List.copyOf(games);
    }

    private static String where(long key, Filters filters, List<Object> args) {
        StringBuilder sql = new StringBuilder(" WHERE key = ?");
        args.add(key);
        filters.appendWhere(sql, args);
        return sql.toString();
    }

    private static final String GAME_FIELDS = "g.game_id, g.mean_rating, g.date, g.white, g.black, g.white_elo, g.black_elo, g.result";

    private static GameRow game(java.sql.ResultSet rs, String uci, Integer month) throws SQLException {
        return new GameRow(uci, rs.getString("game_id"), Sql.intOrNull(rs, "mean_rating"), rs.getString("date"), month,
                rs.getString("white"), rs.getString("black"), Sql.intOrNull(rs, "white_elo"), Sql.intOrNull(rs, "black_elo"),
                rs.getString("result"));
    }

    @Override
    public void close() {
        builder.shutdownNow();
        OpeningsIndex i = index;
        index = null;
        if (i != null) i.drop(db);
    }
}
