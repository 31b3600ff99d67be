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
 *       in the file). A lookup reads a list only for a chosen row of more than one game, by key and
 *       {@code lrow}, one row per statement: each file's rows are sorted by key, so DuckDB's zone maps
 *       leave the key's row groups and the equality on {@code lrow} one vector. A row of one game
 *       keeps it in {@code top_games} only (its {@code recent_games} is the same list).</li>
 *   <li>{@code bd}: the scalar columns, {@code lrow}, and each row's first top game and first recent
 *       game (the ones it is ranked by) as columns of their own with its number of games, sorted by
 *       key and then by cell (uci, rating_band, speed, month, source, masters, variant) and numbered
 *       in that order ({@code brow}), so DuckDB's zone maps leave a key's rows to read and a cell's
 *       rows are a range of {@code brow}.</li>
 *   <li>{@code cells}: for the keys with more rows than a threshold, one row per cell with the sums,
 *       its best first top and recent games, and where its rows are in {@code bd} ({@code n} of them
 *       from {@code brow = first_row}). A table in several parts (collections analysed apart, the benchmark's chunks) holds one row
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
            + "opponent_rating_sum, opponent_rated, top_n, top_game_id, top_mean_rating, top_date, top_white, top_black, "
            + "top_white_elo, top_black_elo, top_result, recent_n, recent_game_id, recent_mean_rating, recent_date, recent_white, "
            + "recent_black, recent_white_elo, recent_black_elo, recent_result, lrow, n, first_row";
    /** The order of rows and cells by their first top game: the order the job sorts a row's games in. */
    private static final String TOP_ORDER = "coalesce(top_mean_rating, -1) DESC, coalesce(top_date, '') DESC, coalesce(top_game_id, '') DESC";
    /** The order by first recent game. */
    private static final String RECENT_ORDER = "coalesce(month, -1) DESC, coalesce(recent_date, '') DESC, coalesce(recent_game_id, '') DESC";

    private final String alias;
    private final Path file;
    /** The table files' snapshot the copy was made from. */
    final String snapshot;
    /** The cells of the keys rolled up, in memory: lookups there are summed in Java. */
    private final HeavyCells heavy;

    private OpeningsIndex(String alias, Path file, String snapshot, HeavyCells heavy) {
        this.alias = alias;
        this.file = file;
        this.snapshot = snapshot;
        this.heavy = heavy;
    }

    /** Keys summed from the roll-up, for tests. */
    int heavyKeys() {
        return heavy.keys();
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
        HeavyCells heavy;
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
                        + "len(top_games) AS games_n, " + inline("top_games", "top") + ", " + inline("recent_games", "recent") + ", "
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
                        + "draws, black_wins, mover_rating_sum, mover_rated, opponent_rating_sum, opponent_rated, "
                        + "games_n AS top_n, " + fields("top") + ", games_n AS recent_n, " + fields("recent") + ", lrow FROM lists "
                        + "ORDER BY key, uci, rating_band, speed, month, source, masters, variant");
                s.execute("CREATE TABLE bd AS SELECT *, rowid AS brow FROM bd0");
                s.execute("DROP TABLE bd0");
                s.execute("CREATE TABLE heavy AS SELECT key FROM bd GROUP BY key HAVING count(*) > " + heavyRows);
                // A cell's best first top game and best first recent game (struct max: ranking fields first),
                // each with the size of its row's list.
                s.execute("CREATE TABLE cells0 AS SELECT key, uci, rating_band, speed, month, source, masters, variant, white_wins, "
                        + "draws, black_wins, mover_rating_sum, mover_rated, opponent_rating_sum, opponent_rated, "
                        + "tb.n AS top_n, " + unpack("tb", "top") + ", rb.n AS recent_n, " + unpack("rb", "recent")
                        + ", lrow, n, first_row FROM (SELECT key, uci, rating_band, speed, month, source, masters, variant, "
                        + "sum(white_wins)::BIGINT AS white_wins, sum(draws)::BIGINT AS draws, sum(black_wins)::BIGINT AS black_wins, "
                        + "sum(mover_rating_sum)::BIGINT AS mover_rating_sum, sum(mover_rated)::BIGINT AS mover_rated, "
                        + "sum(opponent_rating_sum)::BIGINT AS opponent_rating_sum, sum(opponent_rated)::BIGINT AS opponent_rated, "
                        + "max(struct_pack(k1 := coalesce(top_mean_rating, -1), k2 := coalesce(top_date, ''), k3 := coalesce(top_game_id, ''), "
                        + "n := top_n, " + packed("top") + ")) AS tb, "
                        + "max(struct_pack(k1 := 0, k2 := coalesce(recent_date, ''), k3 := coalesce(recent_game_id, ''), "
                        + "n := recent_n, " + packed("recent") + ")) AS rb, "
                        + "min(lrow) AS lrow, count(*) AS n, min(brow) AS first_row "
                        + "FROM bd WHERE key IN (SELECT key FROM heavy) "
                        + "GROUP BY key, uci, rating_band, speed, month, source, masters, variant) ORDER BY key");
                // Numbered in key order (crow: a heavy cell's place in memory, see HeavyCells) and ranked among
                // all cells by their best first top game and latest first recent game, in the lookups' orders.
                s.execute("CREATE TABLE cells AS SELECT * FROM (SELECT *, rowid AS crow, dense_rank() OVER (ORDER BY " + TOP_ORDER
                        + ") - 1 AS top_rank, dense_rank() OVER (ORDER BY " + RECENT_ORDER + ") - 1 AS recent_rank FROM cells0) ORDER BY crow");
                s.execute("DROP TABLE cells0");
                // An ART index: the chosen cells' games are read by crow IN (...), 4-5 ms for 8 cells of 1.7 M against 20-35 ms
                // by zone maps alone.
                s.execute("CREATE INDEX cells_crow ON cells (crow)");
                long[] counts = new long[2];
                try (ResultSet rs = s.executeQuery("SELECT count(DISTINCT key), count(*) FROM cells")) {
                    rs.next();
                    counts[0] = rs.getLong(1);
                    counts[1] = rs.getLong(2);
                }
                if (counts[1] > Integer.MAX_VALUE) throw new SQLException("explorer index: " + counts[1] + " cells are too many to hold");
                heavy = HeavyCells.load(s, "cells", (int) counts[0], (int) counts[1]);
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

    /** The game fields kept inline for the first game of a list, as {@code PREFIX_field}. */
    private static final List<String> GAME_FIELDS = List.of("game_id", "mean_rating", "date", "white", "black", "white_elo",
            "black_elo", "result");

    /** {@code list[1].field AS prefix_field, ...}: the first game of {@code list} as scalar columns. */
    private static String inline(String list, String prefix) {
        return eachField(f -> list + "[1]." + f + " AS " + prefix + '_' + f);
    }

    /** {@code prefix_field, ...}. */
    private static String fields(String prefix) {
        return eachField(f -> prefix + '_' + f);
    }

    /** {@code field := prefix_field, ...} for a struct_pack. */
    private static String packed(String prefix) {
        return eachField(f -> f + " := " + prefix + '_' + f);
    }

    /** {@code struct.field AS prefix_field, ...}. */
    private static String unpack(String struct, String prefix) {
        return eachField(f -> struct + '.' + f + " AS " + prefix + '_' + f);
    }

    /** {@code term} of each of {@link #GAME_FIELDS}, comma-separated. */
    private static String eachField(java.util.function.UnaryOperator<String> term) {
        StringBuilder sb = new StringBuilder();
        for (String f : GAME_FIELDS) sb.append(sb.length() == 0 ? "" : ", ").append(term.apply(f));
        return sb.toString();
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

    /**
     * A row or cell chosen for its games: its move and month, where its lists are, where its rows
     * are, and the first game of the list it was chosen by, with that list's size.
     */
    private record Chosen(String uci, Integer month, long lrow, long n, long first, long games, OpeningsTable.GameRow game) {
    }

    /** The inline game columns of a branch, as {@code g_field}: {@code prefix}'s fields, or nulls. */
    private static String game(String prefix) {
        StringBuilder sb = new StringBuilder();
        for (String f : GAME_FIELDS) {
            sb.append(", ").append(prefix == null ? "NULL" : prefix + "_" + f).append(" AS g_").append(f);
        }
        return sb.toString();
    }

    /** The game of the inline columns {@code prefix_field} of a row of an answer. */
    private static OpeningsTable.GameRow game(java.sql.ResultSet rs, String prefix, String uci, Integer month) throws SQLException {
        String p = prefix + '_';
        return new OpeningsTable.GameRow(uci, rs.getString(p + "game_id"), Sql.intOrNull(rs, p + "mean_rating"), rs.getString(p + "date"),
                month, rs.getString(p + "white"), rs.getString(p + "black"), Sql.intOrNull(rs, p + "white_elo"),
                Sql.intOrNull(rs, p + "black_elo"), rs.getString(p + "result"));
    }

    /** A chosen row or cell of a branch of the answer. */
    private static Chosen chosen(java.sql.ResultSet rs) throws SQLException {
        String uci = rs.getString("uci");
        Integer month = Sql.intOrNull(rs, "month");
        return new Chosen(uci, month, rs.getLong("lrow"), rs.getLong("n"), rs.getLong("first_row"), rs.getLong("gn"),
                game(rs, "g", uci, month));
    }

    /**
     * As {@link OpeningsTable#lookup}, over the copy: one statement sums the key's rows (or cells) and
     * picks the top and recent ones with their first game; a game list is read only for a chosen row
     * of more than one game. No Parquet is read.
     */
    OpeningsTable.Lookup lookup(DuckDb db, long key, Filters filters, int top, int recent, boolean history) throws SQLException {
        if (heavy.has(key)) return heavyLookup(db, key, filters, top, recent, history);
        String source = "(SELECT *, 1::BIGINT AS n, brow AS first_row FROM " + alias + ".bd)";
        List<Object> args = new ArrayList<>();
        StringBuilder where = new StringBuilder(" WHERE key = ?");
        args.add(key);
        filters.appendWhere(where, args);
        // Not MATERIALIZED: each branch scans the few row groups of the key for its own columns (measured faster).
        StringBuilder any = new StringBuilder();
        for (String f : GAME_FIELDS) any.append(", any_value(top_").append(f).append(") AS g_").append(f);
        StringBuilder sql = new StringBuilder("WITH r AS (SELECT ").append(COLUMNS).append(" FROM ").append(source).append(where)
                .append(") SELECT 'm' AS part, uci, w, d, b, ms, mn, os, os_n, month, lrow, NULL::BIGINT AS n, "
                        + "NULL::BIGINT AS first_row, NULL::BIGINT AS gn").append(game("g")).append(" FROM (SELECT uci, "
                        + "sum(white_wins) AS w, sum(draws) AS d, sum(black_wins) AS b, sum(mover_rating_sum) AS ms, "
                        + "sum(mover_rated) AS mn, sum(opponent_rating_sum) AS os, sum(opponent_rated) AS os_n, "
                        + "any_value(month) AS month, any_value(lrow) AS lrow").append(any).append(" FROM r GROUP BY uci)");
        if (top > 0) {
            sql.append(" UNION ALL (SELECT 'to', uci, NULL, NULL, NULL, NULL, NULL, NULL, NULL, month, lrow, n, first_row, top_n")
                    .append(game("top")).append(" FROM r ORDER BY ").append(TOP_ORDER).append(" LIMIT ").append(top).append(')');
        }
        if (recent > 0) {
            sql.append(" UNION ALL (SELECT 're', uci, NULL, NULL, NULL, NULL, NULL, NULL, NULL, month, lrow, n, first_row, recent_n")
                    .append(game("recent")).append(" FROM r ORDER BY ").append(RECENT_ORDER).append(" LIMIT ").append(recent)
                    .append(')');
        }
        if (history) {
            sql.append(" UNION ALL SELECT 'h', NULL, sum(white_wins), sum(draws), sum(black_wins), NULL, NULL, NULL, NULL, month, "
                    + "NULL, NULL, NULL, NULL").append(game(null)).append(" FROM r WHERE month % 100 <> 0 GROUP BY month");
        }
        List<OpeningsTable.MoveRow> moves = new ArrayList<>();
        List<OpeningsTable.MonthRow> months = new ArrayList<>();
        List<Chosen> topCells = new ArrayList<>(), recentCells = new ArrayList<>();
        db.with(c -> Sql.query(c, sql.toString(), args, rs -> {
            String part = rs.getString("part");
            switch (part) {
                case "m" -> {
                    long w = rs.getLong("w"), d = rs.getLong("d"), b = rs.getLong("b");
                    String uci = rs.getString("uci");
                    // One game: the move's only row holds it, first in its list (inline).
                    OpeningsTable.GameRow one = w + d + b == 1 ? game(rs, "g", uci, Sql.intOrNull(rs, "month")) : null;
                    moves.add(new OpeningsTable.MoveRow(uci, w, d, b, rs.getLong("ms"), rs.getLong("mn"), rs.getLong("os"),
                            rs.getLong("os_n"), one));
                }
                case "to" -> topCells.add(chosen(rs));
                case "re" -> recentCells.add(chosen(rs));
                default -> months.add(new OpeningsTable.MonthRow(rs.getInt("month"), rs.getLong("w"), rs.getLong("d"), rs.getLong("b")));
            }
            return null;
        }));
        return withGames(db, key, moves, topCells, recentCells, months, top, recent);
    }

    /**
     * A rolled-up key: its cells are summed and ranked in memory ({@link HeavyCells}), and one
     * statement reads the chosen cells' first games by {@code crow} (an ART index).
     */
    private OpeningsTable.Lookup heavyLookup(DuckDb db, long key, Filters filters, int top, int recent, boolean history)
            throws SQLException {
        HeavyCells.Sums sums = heavy.sum(key, filters, top, recent, history);
        java.util.TreeSet<Integer> wanted = new java.util.TreeSet<>();
        for (int c : sums.top()) wanted.add(c);
        for (int c : sums.recent()) wanted.add(c);
        for (HeavyCells.MoveSum m : sums.moves()) if (m.onlyCell() >= 0) wanted.add(m.onlyCell());
        Map<Integer, Chosen[]> cells = new java.util.HashMap<>();
        if (!wanted.isEmpty()) {
            StringBuilder in = new StringBuilder();
            for (int c : wanted) in.append(in.length() == 0 ? "" : ", ").append(c);
            String sql = "SELECT crow, key, uci, month, lrow, n, first_row, top_n, " + fields("top") + ", recent_n, " + fields("recent")
                    + " FROM " + alias + ".cells WHERE crow IN (" + in + ")";
            db.with(c -> Sql.query(c, sql, List.of(), rs -> {
                if (rs.getLong("key") != key) throw new SQLException("explorer index: cell " + rs.getLong("crow") + " is not of key " + key);
                String uci = rs.getString("uci");
                Integer month = Sql.intOrNull(rs, "month");
                long lrow = rs.getLong("lrow"), n = rs.getLong("n"), first = rs.getLong("first_row");
                cells.put(rs.getInt("crow"), new Chosen[] {
                        new Chosen(uci, month, lrow, n, first, rs.getLong("top_n"), game(rs, "top", uci, month)),
                        new Chosen(uci, month, lrow, n, first, rs.getLong("recent_n"), game(rs, "recent", uci, month))});
                return null;
            }));
            if (cells.size() != wanted.size()) throw new SQLException("explorer index: read " + cells.size() + " of " + wanted.size() + " cells");
        }
        List<OpeningsTable.MoveRow> moves = new ArrayList<>();
        for (HeavyCells.MoveSum m : sums.moves()) {
            moves.add(new OpeningsTable.MoveRow(m.uci(), m.white(), m.draws(), m.black(), m.moverSum(), m.moverRated(), m.opponentSum(),
                    m.opponentRated(), m.onlyCell() >= 0 ? cells.get(m.onlyCell())[0].game() : null));
        }
        List<Chosen> topCells = new ArrayList<>(), recentCells = new ArrayList<>();
        for (int c : sums.top()) topCells.add(cells.get(c)[0]);
        for (int c : sums.recent()) recentCells.add(cells.get(c)[1]);
        return withGames(db, key, moves, topCells, recentCells, sums.history(), top, recent);
    }

    /**
     * The lookup's answer from its moves, months and chosen rows or cells: the chosen cells' best
     * rows, and the game lists of the chosen rows of more than one game.
     */
    private OpeningsTable.Lookup withGames(DuckDb db, long key, List<OpeningsTable.MoveRow> moves, List<Chosen> topCells,
            List<Chosen> recentCells, List<OpeningsTable.MonthRow> months, int top, int recent) throws SQLException {
        List<Chosen> topRows = topCells, recentRows = recentCells;
        if (topCells.stream().anyMatch(x -> x.n() > 1)) topRows = rowsOfCells(db, key, topCells, "top", TOP_ORDER, top);
        if (recentCells.stream().anyMatch(x -> x.n() > 1)) recentRows = rowsOfCells(db, key, recentCells, "recent", RECENT_ORDER, recent);
        List<OpeningsTable.GameRow> topGames = new ArrayList<>(), recentGames = new ArrayList<>();
        Map<Long, Chosen> topLists = new LinkedHashMap<>(), recentLists = new LinkedHashMap<>();
        for (Chosen x : topRows) {
            if (x.games() > 1) topLists.put(x.lrow(), x);
            else topGames.add(x.game());
        }
        for (Chosen x : recentRows) {
            if (x.games() > 1) recentLists.put(x.lrow(), x);
            else recentGames.add(x.game());
        }
        readLists(db, key, topLists, recentLists, topGames, recentGames);
        topGames.sort(OpeningsTable.TOP);
        recentGames.sort(OpeningsTable.RECENT);
        return new OpeningsTable.Lookup(moves, recentGames, topGames, months);
    }

    /**
     * The best {@code limit} rows of the chosen cells by their first game of {@code prefix}'s list: the
     * top games of a position are among its best cells' games, and a cell's best games among its best
     * rows' games (each row's list is in that order). A cell's rows are those of {@code brow} in
     * {@code [first_row, first_row + n)}.
     */
    private List<Chosen> rowsOfCells(DuckDb db, long key, List<Chosen> cells, String prefix, String order, int limit)
            throws SQLException {
        StringBuilder ranges = new StringBuilder();
        for (Chosen x : cells) {
            ranges.append(ranges.length() == 0 ? "" : " UNION ALL ").append("SELECT * FROM ").append(alias).append(".bd WHERE key = ")
                    .append(key).append(" AND brow BETWEEN ").append(x.first()).append(" AND ").append(x.first() + x.n() - 1);
        }
        String sql = "SELECT uci, month, lrow, 1::BIGINT AS n, brow AS first_row, " + prefix + "_n AS gn" + game(prefix) + " FROM ("
                + ranges + ") ORDER BY " + order + " LIMIT " + limit;
        return db.with(c -> Sql.query(c, sql, List.of(), OpeningsIndex::chosen));
    }

    /**
     * Reads the game lists of the chosen rows of more than one game, one statement each (DuckDB reads a
     * row by key and {@code lrow} from one vector; an IN list becomes a join over all the key's rows).
     * Every row asked for must be there.
     */
    private void readLists(DuckDb db, long key, Map<Long, Chosen> topLists, Map<Long, Chosen> recentLists,
            List<OpeningsTable.GameRow> topGames, List<OpeningsTable.GameRow> recentGames) throws SQLException {
        Set<Long> all = new java.util.TreeSet<>(topLists.keySet());
        all.addAll(recentLists.keySet());
        if (all.isEmpty()) return;
        String sql = "SELECT " + OpeningsBreakdown.TOP_GAMES + ", coalesce(" + OpeningsBreakdown.RECENT_GAMES + ", "
                + OpeningsBreakdown.TOP_GAMES + ") AS " + OpeningsBreakdown.RECENT_GAMES + " FROM " + alias
                + ".lists WHERE key = ? AND lrow = ?";
        db.with(c -> {
            for (long lrow : all) {
                Chosen t = topLists.get(lrow), r = recentLists.get(lrow);
                List<Object> found = Sql.query(c, sql, List.of(key, lrow), rs -> {
                    if (t != null) topGames.addAll(games(rs.getArray(OpeningsBreakdown.TOP_GAMES), t.uci(), t.month()));
                    if (r != null) recentGames.addAll(games(rs.getArray(OpeningsBreakdown.RECENT_GAMES), r.uci(), r.month()));
                    return lrow;
                });
                if (found.size() != 1) throw new SQLException("explorer index: no game lists for row " + lrow + " of key " + key);
            }
            return null;
        });
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
