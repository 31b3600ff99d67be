package org.rookery.dashboards.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.rookery.contract.schema.OpeningsBreakdown;

/**
 * {@code openings_breakdown} copied into a DuckDB database file, so that a lookup reads no Parquet:
 *
 * <ul>
 *   <li>{@code lists}: every row with its {@code top_games} and {@code recent_games}, in the order the
 *       files are read (no sort of the lists), named by {@code lrow} (its file's number and its row
 *       in the file). A lookup reads the few rows it returns by key and {@code lrow}: each file's rows
 *       are sorted by key, so DuckDB's zone maps leave the key's row groups, and only the vectors
 *       holding those rows are decoded. A row of one game keeps it in {@code top_games} only (its
 *       {@code recent_games} is the same list).</li>
 *   <li>{@code bd}: the scalar columns, {@code lrow} and the ranking fields of each row's first top
 *       and recent game, sorted by key and then by cell (uci, rating_band, speed, month, source,
 *       masters, variant) and numbered in that order ({@code brow}), so DuckDB's zone maps leave a
 *       key's rows to read and a cell's rows are a range of {@code brow}.</li>
 *   <li>{@code cells}: for the keys with more rows than a threshold, one row per cell with the sums,
 *       the best ranking fields, and where its rows are in {@code bd} ({@code brow} from {@code first_row}, {@code n} of them).
 *       A table in several parts (collections analysed apart, the benchmark's chunks) holds one row
 *       per part and cell; at the popular positions of a large table that is several times the
 *       cells, and summing them was the tail of the lookups.</li>
 * </ul>
 *
 * <p>The copy is made in a DuckDB instance of its own (all cores; the dashboard's lookups run on one
 * thread each), then attached read-only to the dashboard's database.
 */
final class OpeningsIndex {
    /** Numbers the copies of this process: several dashboards (tests) share its scratch directory. */
    private static final AtomicInteger COPIES = new AtomicInteger();
    /** Keys with more rows than this are summed from {@code cells} unless {@code rookery.explorer.index.heavy} says otherwise. */
    static final int HEAVY_ROWS = 10_000;
    /** The columns of a row or cell a lookup reads, in the order of both tables. */
    private static final String COLUMNS = "uci, month, white_wins, draws, black_wins, mover_rating_sum, mover_rated, "
            + "opponent_rating_sum, opponent_rated, top_rating, top_date, top_id, recent_date, recent_id, lrow, n, first_row";
    /** The order of rows and cells by their first top game: the order the job sorts a row's games in. */
    private static final String TOP_ORDER = "coalesce(top_rating, -1) DESC, coalesce(top_date, '') DESC, coalesce(top_id, '') DESC";
    /** The order by first recent game. */
    private static final String RECENT_ORDER = "coalesce(month, -1) DESC, coalesce(recent_date, '') DESC, coalesce(recent_id, '') DESC";

    private final String alias;
    private final Path file;
    /** The table files' snapshot the copy was made from. */
    final String snapshot;
    /** The keys summed from {@code cells}. */
    private final Set<Long> heavy;

    private OpeningsIndex(String alias, Path file, String snapshot, Set<Long> heavy) {
        this.alias = alias;
        this.file = file;
        this.snapshot = snapshot;
        this.heavy = Set.copyOf(heavy);
    }

    /** Keys summed from the roll-up, for tests. */
    int heavyKeys() {
        return heavy.size();
    }

    /**
     * Copies the breakdown's Parquet files under {@code dir} into a new database file, rolling up the
     * keys with more than {@code heavyRows} rows, with {@code threads} DuckDB threads.
     */
    static OpeningsIndex build(DuckDb db, Path dir, String snapshot, int heavyRows, int threads) throws SQLException, IOException {
        Files.createDirectories(db.scratch());
        String alias = "explorer_index_" + COPIES.incrementAndGet();
        Path file = db.scratch().resolve(alias + ".duckdb");
        Path tmp = db.scratch().resolve(alias + ".tmp");
        Files.deleteIfExists(file);
        Files.deleteIfExists(Path.of(file + ".wal"));
        Set<Long> heavy = new HashSet<>();
        boolean made = false;
        try {
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath()); Statement s = c.createStatement()) {
                s.execute("SET threads TO " + Math.max(1, threads));
                s.execute("SET memory_limit = '2GB'");
                s.execute("SET temp_directory = '" + quote(tmp.toString()) + "'");
                s.execute("SET preserve_insertion_order = true");
                s.execute("SET enable_progress_bar = false");
                s.execute("SET autoinstall_known_extensions = false");
                s.execute("SET autoload_known_extensions = false");
                // Every column and both lists, once, in the order the files are read (no sort of the lists).
                // lrow names a row: its file's number and its row in the file. A lookup reads a row's lists
                // by key and lrow (real columns: DuckDB's zone maps prune them; it does not prune rowid filters).
                String glob = quote(dir.toAbsolutePath() + "/**/*.parquet");
                s.execute("CREATE TABLE files AS SELECT file, row_number() OVER (ORDER BY file) AS fid FROM glob('" + glob + "')");
                s.execute("CREATE TABLE lists AS SELECT key, uci, rating_band, speed, month, source, masters, variant, "
                        + "white_wins, draws, black_wins, mover_rating_sum, mover_rated, opponent_rating_sum, opponent_rated, "
                        + "top_games[1].mean_rating AS top_rating, top_games[1].date AS top_date, top_games[1].game_id AS top_id, "
                        + "recent_games[1].date AS recent_date, recent_games[1].game_id AS recent_id, "
                        + "(f.fid << 40) + p.file_row_number AS lrow, top_games, "
                        + "CASE WHEN len(top_games) = 1 THEN NULL ELSE recent_games END AS recent_games FROM read_parquet('" + glob
                        + "', hive_partitioning = true, union_by_name = true, filename = true, file_row_number = true) p "
                        + "JOIN files f ON p.filename = f.file");
                long copied = count(s, "SELECT count(*) FROM lists");
                long rows = count(s, "SELECT count(*) FROM read_parquet('" + glob + "', union_by_name = true)");
                if (copied != rows) throw new SQLException("explorer index: copied " + copied + " of " + rows + " rows");
                // The scalar columns sorted by key, then cell, numbered in that order (brow): a key's rows
                // are a few row groups, a cell's rows a range of brow.
                s.execute("CREATE TABLE bd0 AS SELECT key, uci, rating_band, speed, month, source, masters, variant, white_wins, "
                        + "draws, black_wins, mover_rating_sum, mover_rated, opponent_rating_sum, opponent_rated, top_rating, "
                        + "top_date, top_id, recent_date, recent_id, lrow FROM lists "
                        + "ORDER BY key, uci, rating_band, speed, month, source, masters, variant");
                s.execute("CREATE TABLE bd AS SELECT *, rowid AS brow FROM bd0");
                s.execute("DROP TABLE bd0");
                s.execute("CREATE TABLE heavy AS SELECT key FROM bd GROUP BY key HAVING count(*) > " + heavyRows);
                try (ResultSet rs = s.executeQuery("SELECT key FROM heavy")) {
                    while (rs.next()) heavy.add(rs.getLong(1));
                }
                s.execute("CREATE TABLE cells AS SELECT key, uci, rating_band, speed, month, source, masters, variant, white_wins, "
                        + "draws, black_wins, mover_rating_sum, mover_rated, opponent_rating_sum, opponent_rated, tb.r AS top_rating, "
                        + "tb.d AS top_date, tb.i AS top_id, rb.d AS recent_date, rb.i AS recent_id, lrow, n, first_row FROM ("
                        + "SELECT key, uci, rating_band, speed, month, source, masters, variant, "
                        + "sum(white_wins)::BIGINT AS white_wins, sum(draws)::BIGINT AS draws, sum(black_wins)::BIGINT AS black_wins, "
                        + "sum(mover_rating_sum)::BIGINT AS mover_rating_sum, sum(mover_rated)::BIGINT AS mover_rated, "
                        + "sum(opponent_rating_sum)::BIGINT AS opponent_rating_sum, sum(opponent_rated)::BIGINT AS opponent_rated, "
                        + "max(struct_pack(r := coalesce(top_rating, -1), d := coalesce(top_date, ''), i := coalesce(top_id, ''))) AS tb, "
                        + "max(struct_pack(d := coalesce(recent_date, ''), i := coalesce(recent_id, ''))) AS rb, "
                        + "min(lrow) AS lrow, count(*) AS n, min(brow) AS first_row "
                        + "FROM bd WHERE key IN (SELECT key FROM heavy) "
                        + "GROUP BY key, uci, rating_band, speed, month, source, masters, variant) ORDER BY key");
                s.execute("CHECKPOINT");
            }
            db.withOwn(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("ATTACH '" + quote(file.toAbsolutePath().toString()) + "' AS " + alias + " (READ_ONLY)");
                }
                return null;
            });
            made = true;
        } finally {
            deleteTree(tmp);
            if (!made) {
                Files.deleteIfExists(file);
                Files.deleteIfExists(Path.of(file + ".wal"));
            }
        }
        return new OpeningsIndex(alias, file, snapshot, heavy);
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String quote(String s) {
        return s.replace("'", "''");
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** Detaches the copy and deletes its file. */
    void drop(DuckDb db) {
        try {
            db.withOwn(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("DETACH " + alias);
                }
                return null;
            });
            Files.deleteIfExists(file);
            Files.deleteIfExists(Path.of(file + ".wal"));
        } catch (SQLException | IOException e) {
            org.slf4j.LoggerFactory.getLogger(OpeningsIndex.class).warn("could not drop the explorer index {}: {}", file, e.getMessage());
        }
    }

    /** A row or cell chosen for its games: its move and month, where its lists are, and where its rows are. */
    private record Chosen(String uci, Integer month, long lrow, long n, long first) {
    }

    /** Where a row's games go in the answer. */
    private record Ref(String uci, Integer month) {
    }

    /** As {@link OpeningsTable#lookup}, over the copy: no Parquet is read. */
    OpeningsTable.Lookup lookup(DuckDb db, long key, Filters filters, int top, int recent, boolean history) throws SQLException {
        String source = heavy.contains(key) ? alias + ".cells" : "(SELECT *, 1::BIGINT AS n, brow AS first_row FROM " + alias + ".bd)";
        List<Object> args = new ArrayList<>();
        StringBuilder where = new StringBuilder(" WHERE key = ?");
        args.add(key);
        filters.appendWhere(where, args);
        StringBuilder sql = new StringBuilder("WITH r AS MATERIALIZED (SELECT ").append(COLUMNS).append(" FROM ").append(source)
                .append(where).append(") SELECT 'm' AS part, uci, w, d, b, ms, mn, os, os_n, month, lrow, NULL::BIGINT AS n, "
                        + "NULL::BIGINT AS first_row FROM (SELECT uci, sum(white_wins) AS w, sum(draws) AS d, sum(black_wins) AS b, "
                        + "sum(mover_rating_sum) AS ms, sum(mover_rated) AS mn, sum(opponent_rating_sum) AS os, "
                        + "sum(opponent_rated) AS os_n, any_value(month) AS month, any_value(lrow) AS lrow FROM r GROUP BY uci)");
        if (top > 0) {
            sql.append(" UNION ALL (SELECT 'to', uci, NULL, NULL, NULL, NULL, NULL, NULL, NULL, month, lrow, n, first_row FROM r ORDER BY ")
                    .append(TOP_ORDER).append(" LIMIT ").append(top).append(')');
        }
        if (recent > 0) {
            sql.append(" UNION ALL (SELECT 're', uci, NULL, NULL, NULL, NULL, NULL, NULL, NULL, month, lrow, n, first_row FROM r ORDER BY ")
                    .append(RECENT_ORDER).append(" LIMIT ").append(recent).append(')');
        }
        if (history) {
            sql.append(" UNION ALL SELECT 'h', NULL, sum(white_wins), sum(draws), sum(black_wins), NULL, NULL, NULL, NULL, month, "
                    + "NULL, NULL, NULL FROM r WHERE month % 100 <> 0 GROUP BY month");
        }
        List<OpeningsTable.MoveRow> moves = new ArrayList<>();
        List<OpeningsTable.MonthRow> months = new ArrayList<>();
        Map<Long, Ref> singles = new LinkedHashMap<>();
        List<Chosen> topCells = new ArrayList<>(), recentCells = new ArrayList<>();
        db.with(c -> Sql.query(c, sql.toString(), args, rs -> {
            String part = rs.getString("part");
            switch (part) {
                case "m" -> {
                    long w = rs.getLong("w"), d = rs.getLong("d"), b = rs.getLong("b");
                    String uci = rs.getString("uci");
                    moves.add(new OpeningsTable.MoveRow(uci, w, d, b, rs.getLong("ms"), rs.getLong("mn"), rs.getLong("os"),
                            rs.getLong("os_n"), null));
                    // One game: the move's only row (a cell of one row) holds it, first in its list.
                    if (w + d + b == 1) singles.put(rs.getLong("lrow"), new Ref(uci, Sql.intOrNull(rs, "month")));
                }
                case "to", "re" -> (part.equals("to") ? topCells : recentCells).add(new Chosen(rs.getString("uci"),
                        Sql.intOrNull(rs, "month"), rs.getLong("lrow"), rs.getLong("n"), rs.getLong("first_row")));
                default -> months.add(new OpeningsTable.MonthRow(rs.getInt("month"), rs.getLong("w"), rs.getLong("d"), rs.getLong("b")));
            }
            return null;
        }));
        Map<Long, Ref> topRows = new LinkedHashMap<>(), recentRows = new LinkedHashMap<>();
        if (topCells.stream().allMatch(x -> x.n() == 1) && recentCells.stream().allMatch(x -> x.n() == 1)) {
            for (Chosen x : topCells) topRows.put(x.lrow(), new Ref(x.uci(), x.month()));
            for (Chosen x : recentCells) recentRows.put(x.lrow(), new Ref(x.uci(), x.month()));
        } else {
            rowsOfCells(db, key, topCells, recentCells, top, recent, topRows, recentRows);
        }
        List<OpeningsTable.GameRow> topGames = new ArrayList<>(), recentGames = new ArrayList<>();
        Map<String, OpeningsTable.GameRow> single = new LinkedHashMap<>();
        readLists(db, key, singles, topRows, recentRows, topGames, recentGames, single);
        List<OpeningsTable.MoveRow> withGames = new ArrayList<>(moves.size());
        for (OpeningsTable.MoveRow m : moves) {
            withGames.add(m.games() == 1 ? new OpeningsTable.MoveRow(m.uci(), m.white(), m.draws(), m.black(), m.moverRatingSum(),
                    m.moverRated(), m.opponentRatingSum(), m.opponentRated(), single.get(m.uci())) : m);
        }
        return new OpeningsTable.Lookup(withGames, recentGames, topGames, months);
    }

    /**
     * The rows of the chosen cells whose games an answer may list: the best {@code top} rows of the
     * top cells by their first top game, and likewise for recent games. The top games of a position
     * are among its best cells' games, and a cell's best games among its best rows' games (each row's
     * list is in that order). A cell's rows are those of {@code brow} in {@code [first_row, first_row + n)}.
     */
    private void rowsOfCells(DuckDb db, long key, List<Chosen> topCells, List<Chosen> recentCells, int top, int recent,
            Map<Long, Ref> topRows, Map<Long, Ref> recentRows) throws SQLException {
        StringBuilder sql = new StringBuilder();
        if (!topCells.isEmpty()) sql.append(best(key, "to", topCells, TOP_ORDER, top));
        if (!recentCells.isEmpty()) sql.append(sql.length() == 0 ? "" : " UNION ALL ").append(best(key, "re", recentCells, RECENT_ORDER, recent));
        db.with(c -> Sql.query(c, sql.toString(), List.of(), rs -> {
            (rs.getString("part").equals("to") ? topRows : recentRows).put(rs.getLong("lrow"),
                    new Ref(rs.getString("uci"), Sql.intOrNull(rs, "month")));
            return null;
        }));
    }

    private String best(long key, String part, List<Chosen> cells, String order, int limit) {
        StringBuilder ranges = new StringBuilder();
        for (Chosen x : cells) {
            ranges.append(ranges.length() == 0 ? "" : " UNION ALL ").append("SELECT uci, month, lrow, top_rating, top_date, top_id, "
                    + "recent_date, recent_id FROM ").append(alias).append(".bd WHERE key = ").append(key).append(" AND brow BETWEEN ").append(x.first())
                    .append(" AND ").append(x.first() + x.n() - 1);
        }
        return "SELECT '" + part + "' AS part, uci, month, lrow FROM (SELECT * FROM (" + ranges + ") ORDER BY " + order + " LIMIT "
                + limit + ")";
    }

    /**
     * Reads the game lists of the rows named, by their place in {@code lists}: the first game of each
     * single-game move's row, every top game of {@code topRows} and every recent game of
     * {@code recentRows}. Every row named must be there, under the key looked up.
     */
    private void readLists(DuckDb db, long key, Map<Long, Ref> singles, Map<Long, Ref> topRows, Map<Long, Ref> recentRows,
            List<OpeningsTable.GameRow> topGames, List<OpeningsTable.GameRow> recentGames,
            Map<String, OpeningsTable.GameRow> single) throws SQLException {
        Set<Long> all = new java.util.TreeSet<>(singles.keySet());
        all.addAll(topRows.keySet());
        all.addAll(recentRows.keySet());
        if (all.isEmpty()) return;
        StringBuilder in = new StringBuilder();
        for (long n : all) in.append(in.length() == 0 ? "" : ", ").append(n);
        String sql = "SELECT lrow, " + OpeningsBreakdown.TOP_GAMES + ", coalesce(" + OpeningsBreakdown.RECENT_GAMES + ", "
                + OpeningsBreakdown.TOP_GAMES + ") AS " + OpeningsBreakdown.RECENT_GAMES + " FROM " + alias + ".lists WHERE key = "
                + key + " AND lrow IN (" + in + ")";
        List<Long> read = db.with(c -> Sql.query(c, sql, List.of(), rs -> {
            long lrow = rs.getLong("lrow");
            Ref s = singles.get(lrow), t = topRows.get(lrow), r = recentRows.get(lrow);
            if (s != null || t != null) {
                Ref ref = t != null ? t : s;
                List<OpeningsTable.GameRow> games = games(rs.getArray(OpeningsBreakdown.TOP_GAMES), ref.uci(), ref.month());
                if (s != null && !games.isEmpty()) single.put(s.uci(), games.get(0));
                if (t != null) topGames.addAll(games);
            }
            if (r != null) recentGames.addAll(games(rs.getArray(OpeningsBreakdown.RECENT_GAMES), r.uci(), r.month()));
            return lrow;
        }));
        if (read.size() != all.size()) {
            throw new SQLException("explorer index: " + read.size() + " of the " + all.size() + " game lists of key " + key + " found");
        }
        topGames.sort(OpeningsTable.TOP);
        recentGames.sort(OpeningsTable.RECENT);
    }

    /** The games of one list column (struct fields by name). */
    private static List<OpeningsTable.GameRow> games(java.sql.Array array, String uci, Integer month) throws SQLException {
        List<OpeningsTable.GameRow> out = new ArrayList<>();
        if (array == null) return out;
        for (Object o : (Object[]) array.getArray()) {
            Map<String, Object> g = ((org.duckdb.DuckDBStruct) o).getMap();
            out.add(new OpeningsTable.GameRow(uci, (String) g.get("game_id"), number(g.get("mean_rating")), (String) g.get("date"),
                    month, (String) g.get("white"), (String) g.get("black"), number(g.get("white_elo")),
                    number(g.get("black_elo")), (String) g.get("result")));
        }
        return out;
    }

    /** An integer struct field, whatever integer width the writer gave it. */
    private static Integer number(Object v) {
        return v == null ? null : ((Number) v).intValue();
    }
}
