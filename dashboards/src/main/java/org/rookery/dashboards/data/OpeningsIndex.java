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
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * {@code openings_breakdown} copied into a DuckDB database file, so that a lookup reads no Parquet:
 *
 * <ul>
 *   <li>{@code bd}: every row, sorted by key and then by cell (uci, rating_band, speed, month, source,
 *       masters, variant), so DuckDB's zone maps leave a key's rows (and a cell's) a few row groups
 *       to read. Each row keeps its first top game and first recent game (the ones it is ranked by)
 *       as columns of their own, with its number of games, and, when it holds more than one game,
 *       its {@code top_games} and {@code recent_games} as JSON text: a lookup reads the lists of the
 *       rows it returns in the same statement. (Read as DuckDB lists, one row's list cost 6-9 ms at
 *       a busy position of a 1.2 M-game table: every list of its row group was decoded; as text, 1-3
 *       ms, and the copy is smaller and four times faster to make.)</li>
 *   <li>{@code cells}: for the keys with more rows than a threshold, one row per cell with the sums,
 *       its best first top and recent games, its number of rows {@code n} and, for a cell of one row,
 *       that row's lists. A table in several parts (collections analysed apart, the benchmark's
 *       chunks) holds one row per part and cell. These cells are also held in memory
 *       ({@link HeavyCells}): a lookup there is summed in Java and reads only its chosen cells, by
 *       {@code crow} through an ART index, or their rows by {@code brow} range.</li>
 *   <li>{@code meta}: the layout, table snapshot and threshold the file was made for.</li>
 * </ul>
 *
 * <p>The copy is made in a DuckDB instance of its own (all cores; the dashboard's lookups run on one
 * thread each), then attached read-only to the dashboard's database. It is kept in the data root for
 * the next start ({@link #open}).
 */
final class OpeningsIndex {
    /** Numbers the copies of this process: several dashboards (tests) share its scratch directory. */
    private static final AtomicInteger COPIES = new AtomicInteger();
    /** Keys with more rows than this are summed from {@code cells} unless {@code rookery.explorer.index.heavy} says otherwise. */
    static final int HEAVY_ROWS = 10_000;
    /** A cell's columns besides the key: the breakdown's dimensions. */
    private static final String CELL = "uci, rating_band, speed, month, source, masters, variant";
    /** The columns of a row a lookup reads. */
    private static final String COLUMNS = "uci, month, white_wins, draws, black_wins, mover_rating_sum, mover_rated, "
            + "opponent_rating_sum, opponent_rated, top_n, top_game_id, top_mean_rating, top_date, top_white, top_black, "
            + "top_white_elo, top_black_elo, top_result, recent_n, recent_game_id, recent_mean_rating, recent_date, recent_white, "
            + "recent_black, recent_white_elo, recent_black_elo, recent_result, top_list, recent_list";
    /** The order of rows and cells by their first top game: the order the job sorts a row's games in. */
    private static final String TOP_ORDER = "coalesce(top_mean_rating, -1) DESC, coalesce(top_date, '') DESC, coalesce(top_game_id, '') DESC";
    /** The order by first recent game. */
    private static final String RECENT_ORDER = "coalesce(month, -1) DESC, coalesce(recent_date, '') DESC, coalesce(recent_game_id, '') DESC";

    /** The layout of the file; a file of another layout is made again. */
    static final int FORMAT = 3;

    private final String alias;
    private final Path file;
    /** Whether the file stays for the next start (beside the data) or goes with this copy (scratch). */
    private final boolean kept;
    /** The table files' snapshot the copy was made from. */
    final String snapshot;
    /** The cells of the keys rolled up, in memory: lookups there are summed in Java. */
    private final HeavyCells heavy;

    private OpeningsIndex(String alias, Path file, boolean kept, String snapshot, HeavyCells heavy) {
        this.alias = alias;
        this.file = file;
        this.kept = kept;
        this.snapshot = snapshot;
        this.heavy = heavy;
    }

    /**
     * The index of the breakdown's files under {@code dir} at {@code snapshot}: the one a previous
     * start left in the data root's {@code .explorer-index} directory when it is of this snapshot,
     * layout and threshold, else a new one made there (or, when the data root is not writable, in
     * the scratch directory, for this process only). A restart of the dashboard thus answers from
     * the index within seconds instead of reading the Parquet files in place while it is made.
     */
    static OpeningsIndex open(DuckDb db, Path dir, String snapshot, int heavyRows, int threads) throws SQLException, IOException {
        Path kept = dir.toAbsolutePath().getParent().resolve(".explorer-index");
        boolean keep;
        try {
            Files.createDirectories(kept);
            keep = Files.isWritable(kept);
        } catch (IOException e) {
            keep = false;
        }
        Files.createDirectories(db.scratch());
        Path home = keep ? kept : db.scratch();
        String name = dir.getFileName() + "-" + Integer.toHexString(snapshot.hashCode()) + "-f" + FORMAT + "-h" + heavyRows;
        Path file = home.resolve(name + ".duckdb");
        if (keep && Files.exists(file)) {
            try {
                OpeningsIndex found = attach(db, file, true, snapshot, heavyRows);
                if (found != null) return found;
            } catch (SQLException e) {
                // Not a DuckDB file this version can open (another version's, damaged): made again below.
                org.slf4j.LoggerFactory.getLogger(OpeningsIndex.class).warn("explorer index {} does not open ({}); making it again", file,
                        e.getMessage());
            }
        }
        Path made = home.resolve(name + ".making-" + ProcessHandle.current().pid() + "-" + COPIES.incrementAndGet());
        try {
            make(made, dir, snapshot, heavyRows, threads, db.scratch());
            Files.move(made, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(made);
            Files.deleteIfExists(Path.of(made + ".wal"));
        }
        if (keep) forgetOthers(home, dir.getFileName() + "-", file);
        OpeningsIndex i = attach(db, file, keep, snapshot, heavyRows);
        if (i == null) throw new SQLException("explorer index: the copy just made at " + file + " does not read back");
        return i;
    }

    /**
     * Deletes the other indexes of this table in {@code home} (older snapshots, layouts or thresholds),
     * and copies left half made by a process that is gone (killed while making one).
     */
    private static void forgetOthers(Path home, String prefix, Path current) {
        try (Stream<Path> files = Files.list(home)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String n = f.getFileName().toString();
                if (!n.startsWith(prefix) || f.equals(current)) continue;
                if (n.endsWith(".duckdb")) Files.deleteIfExists(f);
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\.making-([0-9]+)-[0-9]+(\\.wal)?$").matcher(n);
                if (m.find() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            org.slf4j.LoggerFactory.getLogger(OpeningsIndex.class).warn("explorer index: could not clear old copies in {}: {}", home,
                    e.getMessage());
        }
    }

    /**
     * Attaches {@code file} read-only and loads its rolled-up cells, or returns null (detached) when
     * it is of another snapshot, layout or threshold, or its cells would not fit a quarter of the heap.
     */
    private static OpeningsIndex attach(DuckDb db, Path file, boolean kept, String snapshot, int heavyRows) throws SQLException {
        String alias = "explorer_index_" + COPIES.incrementAndGet();
        db.withOwn(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("ATTACH '" + quote(file.toAbsolutePath().toString()) + "' AS " + alias + " (READ_ONLY)");
            }
            return null;
        });
        HeavyCells heavy = null;
        String why = null;
        try {
            heavy = db.withOwn(c -> {
                try (Statement s = c.createStatement()) {
                    try (ResultSet rs = s.executeQuery("SELECT format, snapshot, heavy_rows FROM " + alias + ".meta")) {
                        if (!rs.next() || rs.getInt(1) != FORMAT || !snapshot.equals(rs.getString(2)) || rs.getInt(3) != heavyRows) return null;
                    }
                    long keys, cells;
                    try (ResultSet rs = s.executeQuery("SELECT count(DISTINCT key), count(*) FROM " + alias + ".cells")) {
                        rs.next();
                        keys = rs.getLong(1);
                        cells = rs.getLong(2);
                    }
                    if (cells * HeavyCells.BYTES_PER_CELL > Runtime.getRuntime().maxMemory() / 4) return null;
                    return HeavyCells.load(s, alias + ".cells", (int) keys, (int) cells);
                }
            });
        } catch (SQLException e) {
            why = e.getMessage();
        }
        if (heavy == null) {
            if (why != null) {
                org.slf4j.LoggerFactory.getLogger(OpeningsIndex.class).warn("explorer index {} is not usable ({}); making it again", file, why);
            }
            detach(db, alias);
            return null;
        }
        return new OpeningsIndex(alias, file, kept, snapshot, heavy);
    }

    private static void detach(DuckDb db, String alias) {
        try {
            db.withOwn(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("DETACH " + alias);
                }
                return null;
            });
        } catch (SQLException e) {
            org.slf4j.LoggerFactory.getLogger(OpeningsIndex.class).warn("could not detach the explorer index {}: {}", alias, e.getMessage());
        }
    }

    /** Keys summed from the roll-up, for tests. */
    int heavyKeys() {
        return heavy.keys();
    }

    /**
     * Copies the breakdown's Parquet files under {@code dir} into a new database file {@code file},
     * rolling up the keys with more than {@code heavyRows} rows, with {@code threads} DuckDB threads
     * and its sort spill under {@code scratch}.
     */
    private static void make(Path file, Path dir, String snapshot, int heavyRows, int threads, Path scratch) throws SQLException, IOException {
        Path tmp = scratch.resolve(file.getFileName() + ".tmp");
        Files.deleteIfExists(file);
        Files.deleteIfExists(Path.of(file + ".wal"));
        try {
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath()); Statement s = c.createStatement()) {
                s.execute("SET threads TO " + Math.max(1, threads));
                s.execute("SET memory_limit = '2GB'");
                s.execute("SET temp_directory = '" + quote(tmp.toString()) + "'");
                s.execute("SET preserve_insertion_order = true");
                s.execute("SET enable_progress_bar = false");
                s.execute("SET autoinstall_known_extensions = false");
                s.execute("SET autoload_known_extensions = false");
                // Every row once, sorted by key and cell; the lists of a row of several games as JSON text.
                String glob = quote(dir.toAbsolutePath() + "/**/*.parquet");
                s.execute("CREATE TABLE bd AS SELECT key, " + CELL + ", white_wins, draws, black_wins, mover_rating_sum, mover_rated, "
                        + "opponent_rating_sum, opponent_rated, len(top_games) AS top_n, " + inline("top_games", "top")
                        + ", len(recent_games) AS recent_n, " + inline("recent_games", "recent") + ", " + json("top_games") + ", "
                        + json("recent_games") + " FROM read_parquet('" + glob + "', hive_partitioning = true, union_by_name = true) "
                        + "ORDER BY key, " + CELL);
                // Each row's place in that order (brow: zone maps prune a range of it, not of rowid), so a
                // cell's rows are a range.
                s.execute("ALTER TABLE bd ADD COLUMN brow BIGINT");
                s.execute("UPDATE bd SET brow = rowid");
                long copied = count(s, "SELECT count(*) FROM bd");
                long rows = count(s, "SELECT count(*) FROM read_parquet('" + glob + "', union_by_name = true)");
                if (copied != rows) throw new SQLException("explorer index: copied " + copied + " of " + rows + " rows");
                s.execute("CREATE TABLE heavy AS SELECT key FROM bd GROUP BY key HAVING count(*) > " + heavyRows);
                // A cell's best first top game and best first recent game (struct max: ranking fields first),
                // each with the size of its row's list.
                s.execute("CREATE TABLE cells0 AS SELECT key, " + CELL + ", white_wins, "
                        + "draws, black_wins, mover_rating_sum, mover_rated, opponent_rating_sum, opponent_rated, "
                        + "tb.n AS top_n, " + unpack("tb", "top") + ", rb.n AS recent_n, " + unpack("rb", "recent")
                        + ", n, first_row, top_list, recent_list FROM (SELECT key, " + CELL + ", "
                        + "sum(white_wins)::BIGINT AS white_wins, sum(draws)::BIGINT AS draws, sum(black_wins)::BIGINT AS black_wins, "
                        + "sum(mover_rating_sum)::BIGINT AS mover_rating_sum, sum(mover_rated)::BIGINT AS mover_rated, "
                        + "sum(opponent_rating_sum)::BIGINT AS opponent_rating_sum, sum(opponent_rated)::BIGINT AS opponent_rated, "
                        + "max(struct_pack(k1 := coalesce(top_mean_rating, -1), k2 := coalesce(top_date, ''), k3 := coalesce(top_game_id, ''), "
                        + "n := top_n, " + packed("top") + ")) AS tb, "
                        + "max(struct_pack(k1 := 0, k2 := coalesce(recent_date, ''), k3 := coalesce(recent_game_id, ''), "
                        + "n := recent_n, " + packed("recent") + ")) AS rb, "
                        + "count(*) AS n, min(brow) AS first_row, CASE WHEN count(*) = 1 THEN any_value(top_list) END AS top_list, "
                        + "CASE WHEN count(*) = 1 THEN any_value(recent_list) END AS recent_list "
                        + "FROM bd WHERE key IN (SELECT key FROM heavy) GROUP BY key, " + CELL + ") ORDER BY key");
                keepWithinHeap(s);
                // Numbered in key order (crow: a heavy cell's place in memory, see HeavyCells) and ranked among
                // all cells by their best first top game and latest first recent game, in the lookups' orders.
                s.execute("CREATE TABLE cells AS SELECT * FROM (SELECT *, rowid AS crow, dense_rank() OVER (ORDER BY " + TOP_ORDER
                        + ") - 1 AS top_rank, dense_rank() OVER (ORDER BY " + RECENT_ORDER + ") - 1 AS recent_rank FROM cells0) ORDER BY crow");
                s.execute("DROP TABLE cells0");
                // An ART index: the chosen cells' games are read by crow IN (...), 4-5 ms for 8 cells of 1.7 M against 20-35 ms
                // by zone maps alone.
                s.execute("CREATE INDEX cells_crow ON cells (crow)");
                // What the file is of: a later start uses it only for the same files, layout and threshold.
                s.execute("CREATE TABLE meta AS SELECT " + FORMAT + " AS format, '" + quote(snapshot) + "' AS snapshot, "
                        + heavyRows + " AS heavy_rows");
                s.execute("CHECKPOINT");
            }
        } finally {
            deleteTree(tmp);
        }
    }

    /**
     * Keeps the rolled-up cells within a quarter of the heap ({@link HeavyCells#BYTES_PER_CELL} each):
     * if they would take more, the least busy positions are left out of {@code cells0} (their lookups
     * sum their rows in DuckDB: slower, the same answer), with a warning naming the heap to give.
     */
    private static void keepWithinHeap(Statement s) throws SQLException {
        long heap = Runtime.getRuntime().maxMemory();
        List<Long> dropped = keepWithin(s, heap / 4 / HeavyCells.BYTES_PER_CELL);
        if (dropped.isEmpty()) return;
        org.slf4j.LoggerFactory.getLogger(OpeningsIndex.class).warn("explorer index: the {} least busy of the positions of many rows "
                + "are summed by DuckDB, not in memory: the cells of all of them would take over a quarter of the {} MB heap; give the "
                + "dashboard more (ROOKERY_JAVA_OPTS=-Xmx...)", dropped.size(), heap >> 20);
    }

    /**
     * Deletes from {@code cells0} the positions, least busy (fewest rows) first, that do not fit in
     * {@code budget} cells once the busier ones are in; returns their keys.
     */
    static List<Long> keepWithin(Statement s, long budget) throws SQLException {
        long held = 0;
        List<Long> drop = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT key, count(*) AS cells, sum(n) AS rows FROM cells0 GROUP BY key ORDER BY rows DESC, key")) {
            while (rs.next()) {
                long cells = rs.getLong("cells");
                if (drop.isEmpty() && held + cells <= budget) held += cells;
                else drop.add(rs.getLong("key"));
            }
        }
        if (drop.isEmpty()) return drop;
        StringBuilder in = new StringBuilder();
        for (long k : drop) in.append(in.length() == 0 ? "" : ", ").append(k);
        s.execute("DELETE FROM cells0 WHERE key IN (" + in + ")");
        return drop;
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

    /** {@code list} as JSON text when it holds more than one game, as {@code prefix_list} ({@code top_games}: {@code top_list}). */
    private static String json(String list) {
        return "CASE WHEN len(" + list + ") > 1 THEN to_json(" + list + ")::VARCHAR END AS " + list.replace("_games", "_list");
    }

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

    /** Detaches the copy, and deletes its file unless it is kept for the next start. */
    void drop(DuckDb db) {
        detach(db, alias);
        if (kept) return;
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(Path.of(file + ".wal"));
        } catch (IOException e) {
            org.slf4j.LoggerFactory.getLogger(OpeningsIndex.class).warn("could not delete the explorer index {}: {}", file, e.getMessage());
        }
    }

    /**
     * A row chosen for its games: its move and month, the first game of the list it was chosen by
     * with that list's size, and the list as JSON text when it holds more than one game.
     */
    private record Chosen(String uci, Integer month, long games, OpeningsTable.GameRow game, String list) {
    }

    /** The columns of a branch choosing rows by {@code prefix}'s list: the inline game as {@code g_field}, its size, the list. */
    private static String chosenColumns(String prefix) {
        StringBuilder sb = new StringBuilder(prefix + "_n AS gn, " + prefix + "_list AS list");
        for (String f : GAME_FIELDS) sb.append(", ").append(prefix).append('_').append(f).append(" AS g_").append(f);
        return sb.toString();
    }

    /** The game of the inline columns {@code prefix_field} of a row of an answer. */
    private static OpeningsTable.GameRow game(java.sql.ResultSet rs, String prefix, String uci, Integer month) throws SQLException {
        String p = prefix + '_';
        return new OpeningsTable.GameRow(uci, rs.getString(p + "game_id"), Sql.intOrNull(rs, p + "mean_rating"), rs.getString(p + "date"),
                month, rs.getString(p + "white"), rs.getString(p + "black"), Sql.intOrNull(rs, p + "white_elo"),
                Sql.intOrNull(rs, p + "black_elo"), rs.getString(p + "result"));
    }

    /** A chosen row of a branch of {@link #chosenColumns}. */
    private static Chosen chosenRow(java.sql.ResultSet rs) throws SQLException {
        String uci = rs.getString("uci");
        Integer month = Sql.intOrNull(rs, "month");
        return new Chosen(uci, month, rs.getLong("gn"), game(rs, "g", uci, month), rs.getString("list"));
    }

    /**
     * As {@link OpeningsTable#lookup}, over the copy: one statement sums the key's rows and picks the
     * top and recent ones with their first game and, when they hold more, their lists. At a rolled-up
     * key, see {@link #heavyLookup}. No Parquet is read.
     */
    OpeningsTable.Lookup lookup(DuckDb db, long key, Filters filters, int top, int recent, boolean history) throws SQLException {
        if (heavy.has(key)) return heavyLookup(db, key, filters, top, recent, history);
        List<Object> args = new ArrayList<>();
        StringBuilder where = new StringBuilder(" WHERE key = ?");
        args.add(key);
        filters.appendWhere(where, args);
        // Not MATERIALIZED: each branch scans the few row groups of the key for its own columns (measured faster).
        StringBuilder any = new StringBuilder();
        for (String f : GAME_FIELDS) any.append(", any_value(top_").append(f).append(") AS g_").append(f);
        String none = "NULL, NULL, NULL, NULL, NULL, NULL, NULL";
        StringBuilder sql = new StringBuilder("WITH r AS (SELECT ").append(COLUMNS).append(" FROM ").append(alias).append(".bd")
                .append(where).append(") SELECT 'm' AS part, uci, w, d, b, ms, mn, os, os_n, month, NULL::BIGINT AS gn, "
                        + "NULL::VARCHAR AS list").append(gameNames()).append(" FROM (SELECT uci, "
                        + "sum(white_wins) AS w, sum(draws) AS d, sum(black_wins) AS b, sum(mover_rating_sum) AS ms, "
                        + "sum(mover_rated) AS mn, sum(opponent_rating_sum) AS os, sum(opponent_rated) AS os_n, "
                        + "any_value(month) AS month").append(any).append(" FROM r GROUP BY uci)");
        if (top > 0) {
            sql.append(" UNION ALL (SELECT 'to', uci, ").append(none).append(", month, ").append(chosenColumns("top"))
                    .append(" FROM r ORDER BY ").append(TOP_ORDER).append(" LIMIT ").append(top).append(')');
        }
        if (recent > 0) {
            sql.append(" UNION ALL (SELECT 're', uci, ").append(none).append(", month, ").append(chosenColumns("recent"))
                    .append(" FROM r ORDER BY ").append(RECENT_ORDER).append(" LIMIT ").append(recent).append(')');
        }
        if (history) {
            sql.append(" UNION ALL SELECT 'h', NULL, sum(white_wins), sum(draws), sum(black_wins), NULL, NULL, NULL, NULL, month, "
                    + "NULL, NULL").append(", NULL".repeat(GAME_FIELDS.size())).append(" FROM r WHERE month % 100 <> 0 GROUP BY month");
        }
        List<OpeningsTable.MoveRow> moves = new ArrayList<>();
        List<OpeningsTable.MonthRow> months = new ArrayList<>();
        List<Chosen> topRows = new ArrayList<>(), recentRows = new ArrayList<>();
        db.with(c -> Sql.query(c, sql.toString(), args, rs -> {
            switch (rs.getString("part")) {
                case "m" -> {
                    long w = rs.getLong("w"), d = rs.getLong("d"), b = rs.getLong("b");
                    String uci = rs.getString("uci");
                    // One game: the move's only row holds it, first in its list (inline).
                    OpeningsTable.GameRow one = w + d + b == 1 ? game(rs, "g", uci, Sql.intOrNull(rs, "month")) : null;
                    moves.add(new OpeningsTable.MoveRow(uci, w, d, b, rs.getLong("ms"), rs.getLong("mn"), rs.getLong("os"),
                            rs.getLong("os_n"), one));
                }
                case "to" -> topRows.add(chosenRow(rs));
                case "re" -> recentRows.add(chosenRow(rs));
                default -> months.add(new OpeningsTable.MonthRow(rs.getInt("month"), rs.getLong("w"), rs.getLong("d"), rs.getLong("b")));
            }
            return null;
        }));
        return new OpeningsTable.Lookup(moves, games(recentRows, OpeningsTable.RECENT), games(topRows, OpeningsTable.TOP), months);
    }

    /** {@code , g_field} for each game field: the names of a branch's inline game. */
    private static String gameNames() {
        StringBuilder sb = new StringBuilder();
        for (String f : GAME_FIELDS) sb.append(", g_").append(f);
        return sb.toString();
    }

    /**
     * A rolled-up key: its cells are summed and ranked in memory ({@link HeavyCells}), and one
     * statement reads what the answer shows: the chosen cells of one row (their first games and
     * lists) by {@code crow} through an ART index, and the rows of the chosen cells of several by
     * their range of {@code brow}.
     */
    private OpeningsTable.Lookup heavyLookup(DuckDb db, long key, Filters filters, int top, int recent, boolean history)
            throws SQLException {
        HeavyCells.Sums sums = heavy.sum(key, filters, top, recent, history);
        java.util.TreeSet<Integer> single = new java.util.TreeSet<>(), several = new java.util.TreeSet<>();
        for (int[] chosen : new int[][] {sums.top(), sums.recent()}) {
            for (int c : chosen) (heavy.rows(c) == 1 ? single : several).add(c);
        }
        for (HeavyCells.MoveSum m : sums.moves()) if (m.onlyCell() >= 0) single.add(m.onlyCell());
        String columns = "key, uci, month, top_n, " + fields("top") + ", recent_n, " + fields("recent") + ", top_list, recent_list";
        StringBuilder sql = new StringBuilder();
        if (!single.isEmpty()) {
            StringBuilder in = new StringBuilder();
            for (int c : single) in.append(in.length() == 0 ? "" : ", ").append(c);
            sql.append("SELECT crow AS cell, ").append(columns).append(" FROM ").append(alias).append(".cells WHERE crow IN (").append(in)
                    .append(')');
        }
        for (int c : several) {
            long first = heavy.firstRow(c);
            sql.append(sql.length() == 0 ? "" : " UNION ALL ").append("SELECT ").append(c).append(" AS cell, ").append(columns)
                    .append(" FROM ").append(alias).append(".bd WHERE key = ").append(key).append(" AND brow BETWEEN ").append(first)
                    .append(" AND ").append(first + heavy.rows(c) - 1);
        }
        // Per cell: its rows (a cell of one row is read as that row), each as chosen by its top and by its recent game.
        Map<Integer, List<Chosen[]>> rows = new java.util.HashMap<>();
        if (sql.length() > 0) {
            db.with(c -> Sql.query(c, sql.toString(), List.of(), rs -> {
                int cell = rs.getInt("cell");
                if (rs.getLong("key") != key) throw new SQLException("explorer index: cell " + cell + " is not of key " + key);
                String uci = rs.getString("uci");
                Integer month = Sql.intOrNull(rs, "month");
                rows.computeIfAbsent(cell, x -> new ArrayList<>()).add(new Chosen[] {
                        new Chosen(uci, month, rs.getLong("top_n"), game(rs, "top", uci, month), rs.getString("top_list")),
                        new Chosen(uci, month, rs.getLong("recent_n"), game(rs, "recent", uci, month), rs.getString("recent_list"))});
                return null;
            }));
        }
        for (int c : single) check(rows, c, 1);
        for (int c : several) check(rows, c, heavy.rows(c));
        List<OpeningsTable.MoveRow> moves = new ArrayList<>();
        for (HeavyCells.MoveSum m : sums.moves()) {
            moves.add(new OpeningsTable.MoveRow(m.uci(), m.white(), m.draws(), m.black(), m.moverSum(), m.moverRated(), m.opponentSum(),
                    m.opponentRated(), m.onlyCell() >= 0 ? rows.get(m.onlyCell()).get(0)[0].game() : null));
        }
        return new OpeningsTable.Lookup(moves, games(best(rows, sums.recent(), 1, OpeningsTable.RECENT, recent), OpeningsTable.RECENT),
                games(best(rows, sums.top(), 0, OpeningsTable.TOP, top), OpeningsTable.TOP), sums.history());
    }

    /** Every cell asked for came back with all its rows. */
    private static void check(Map<Integer, List<Chosen[]>> rows, int cell, int n) throws SQLException {
        List<Chosen[]> got = rows.get(cell);
        if (got == null || got.size() != n) {
            throw new SQLException("explorer index: read " + (got == null ? 0 : got.size()) + " of cell " + cell + "'s " + n + " rows");
        }
    }

    /**
     * The best {@code limit} rows of the chosen cells by their first game of one list ({@code which}:
     * 0 top, 1 recent): the best games of a position are among its best cells' games, and a cell's
     * among its best rows' (each row's list is in that order).
     */
    private static List<Chosen> best(Map<Integer, List<Chosen[]>> rows, int[] cells, int which,
            java.util.Comparator<OpeningsTable.GameRow> order, int limit) {
        List<Chosen> out = new ArrayList<>();
        for (int c : cells) for (Chosen[] r : rows.get(c)) out.add(r[which]);
        out.sort((a, b) -> order.compare(a.game(), b.game()));
        return out.size() > limit ? out.subList(0, limit) : out;
    }

    /**
     * The games of the chosen rows in {@code order}: a row's inline first game, or its whole list
     * when it holds more than one (each row's list is in that order, so the best games of the
     * position are among these).
     */
    private static List<OpeningsTable.GameRow> games(List<Chosen> rows, java.util.Comparator<OpeningsTable.GameRow> order) throws SQLException {
        List<OpeningsTable.GameRow> out = new ArrayList<>();
        for (Chosen x : rows) {
            if (x.games() <= 1) {
                out.add(x.game());
                continue;
            }
            if (x.list() == null) throw new SQLException("explorer index: no game list for a row of " + x.games() + " games of " + x.uci());
            out.addAll(parse(x.list(), x.uci(), x.month()));
        }
        out.sort(order);
        return out;
    }

    /** The games of a list kept as JSON text (DuckDB's {@code to_json} of the struct list). */
    private static List<OpeningsTable.GameRow> parse(String json, String uci, Integer month) throws SQLException {
        List<OpeningsTable.GameRow> out = new ArrayList<>();
        try {
            for (com.fasterxml.jackson.databind.JsonNode g : org.rookery.dashboards.http.Json.MAPPER.readTree(json)) {
                out.add(new OpeningsTable.GameRow(uci, text(g, "game_id"), number(g, "mean_rating"), text(g, "date"), month,
                        text(g, "white"), text(g, "black"), number(g, "white_elo"), number(g, "black_elo"), text(g, "result")));
            }
        } catch (java.io.IOException e) {
            throw new SQLException("explorer index: a game list is not JSON: " + e.getMessage());
        }
        return out;
    }

    private static String text(com.fasterxml.jackson.databind.JsonNode g, String field) {
        com.fasterxml.jackson.databind.JsonNode v = g.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static Integer number(com.fasterxml.jackson.databind.JsonNode g, String field) {
        com.fasterxml.jackson.databind.JsonNode v = g.get(field);
        return v == null || v.isNull() ? null : v.asInt();
    }
}
