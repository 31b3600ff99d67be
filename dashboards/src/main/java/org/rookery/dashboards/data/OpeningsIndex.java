package org.rookery.dashboards.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rookery.contract.schema.OpeningsBreakdown;

/**
 * The scalar columns of {@code openings_breakdown} copied into a DuckDB database file, sorted by
 * key, with each row's place in its Parquet file ({@code filename}, {@code file_row_number}) and
 * the ranking fields of its first top and recent game. A lookup sums the key's rows here (DuckDB's
 * zone maps leave one row group of a few columns to read), picks the few rows whose game lists it
 * needs, and reads only those rows' lists from Parquet. Reading every key's struct lists from all
 * the files in place cost 100-300 ms a lookup; this is the lichess explorer's latency budget.
 */
final class OpeningsIndex {
    /** Numbers the copies of this process: several dashboards (tests) share its scratch directory. */
    private static final java.util.concurrent.atomic.AtomicInteger COPIES = new java.util.concurrent.atomic.AtomicInteger();
    private final String alias;
    private final Path file;
    /** The table files' snapshot the copy was made from. */
    final String snapshot;

    private OpeningsIndex(String alias, Path file, String snapshot) {
        this.alias = alias;
        this.file = file;
        this.snapshot = snapshot;
    }

    /** Copies the breakdown's Parquet files under {@code dir} into a new database file. */
    static OpeningsIndex build(DuckDb db, Path dir, String snapshot) throws SQLException, IOException {
        Files.createDirectories(db.scratch());
        String alias = "explorer_index_" + COPIES.incrementAndGet();
        Path file = db.scratch().resolve(alias + ".duckdb");
        Files.deleteIfExists(file);
        String glob = (dir.toAbsolutePath() + "/**/*.parquet").replace("'", "''");
        db.withOwn(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("ATTACH '" + file.toString().replace("'", "''") + "' AS " + alias);
                s.execute("CREATE TABLE " + alias + ".bd AS SELECT key, uci, rating_band, speed, month, source, masters, variant, "
                        + "white_wins, draws, black_wins, mover_rating_sum, mover_rated, opponent_rating_sum, opponent_rated, "
                        + "top_games[1].mean_rating AS top_rating, top_games[1].date AS top_date, top_games[1].game_id AS top_id, "
                        + "recent_games[1].date AS recent_date, recent_games[1].game_id AS recent_id, filename, file_row_number "
                        + "FROM read_parquet('" + glob + "', hive_partitioning = true, union_by_name = true, filename = true, "
                        + "file_row_number = true) ORDER BY key");
                s.execute("CHECKPOINT " + alias);
            }
            return null;
        });
        return new OpeningsIndex(alias, file, snapshot);
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

    /** A row of the breakdown, by its place in its Parquet file. */
    private record Place(String file, long row) {
    }

    /** As {@link OpeningsTable#lookup}, over the copy; the games come from the rows' Parquet files. */
    OpeningsTable.Lookup lookup(DuckDb db, long key, Filters filters, int top, int recent, boolean history) throws SQLException {
        List<Object> args = new ArrayList<>();
        StringBuilder where = new StringBuilder(" WHERE key = ?");
        args.add(key);
        filters.appendWhere(where, args);
        StringBuilder sql = new StringBuilder("WITH r AS MATERIALIZED (SELECT * FROM ").append(alias).append(".bd")
                .append(where).append(") SELECT 'm' AS part, uci, w, d, b, ms, mn, os, os_n, month, f, n FROM (SELECT uci, "
                        + "sum(white_wins) AS w, sum(draws) AS d, sum(black_wins) AS b, sum(mover_rating_sum) AS ms, "
                        + "sum(mover_rated) AS mn, sum(opponent_rating_sum) AS os, sum(opponent_rated) AS os_n, "
                        + "any_value(month) AS month, any_value(filename) AS f, any_value(file_row_number) AS n FROM r GROUP BY uci)");
        if (top > 0) {
            sql.append(" UNION ALL (SELECT 'to', uci, NULL, NULL, NULL, NULL, NULL, NULL, NULL, month, filename, file_row_number "
                    + "FROM r ORDER BY coalesce(top_rating, -1) DESC, coalesce(top_date, '') DESC, top_id DESC LIMIT ").append(top)
                    .append(')');
        }
        if (recent > 0) {
            sql.append(" UNION ALL (SELECT 're', uci, NULL, NULL, NULL, NULL, NULL, NULL, NULL, month, filename, file_row_number "
                    + "FROM r ORDER BY coalesce(month, -1) DESC, coalesce(recent_date, '') DESC, recent_id DESC LIMIT ")
                    .append(recent).append(')');
        }
        if (history) {
            sql.append(" UNION ALL SELECT 'h', NULL, sum(white_wins), sum(draws), sum(black_wins), NULL, NULL, NULL, NULL, month, "
                    + "NULL, NULL FROM r WHERE month % 100 <> 0 GROUP BY month");
        }
        List<OpeningsTable.MoveRow> moves = new ArrayList<>();
        List<OpeningsTable.MonthRow> months = new ArrayList<>();
        Map<Place, String> singles = new LinkedHashMap<>();
        Set<Place> topRows = new LinkedHashSet<>(), recentRows = new LinkedHashSet<>();
        db.with(c -> Sql.query(c, sql.toString(), args, rs -> {
            String part = rs.getString("part");
            switch (part) {
                case "m" -> {
                    long w = rs.getLong("w"), d = rs.getLong("d"), b = rs.getLong("b");
                    String uci = rs.getString("uci");
                    moves.add(new OpeningsTable.MoveRow(uci, w, d, b, rs.getLong("ms"), rs.getLong("mn"), rs.getLong("os"),
                            rs.getLong("os_n"), null));
                    // One game: the move's only row holds it, first in its list.
                    if (w + d + b == 1) singles.put(new Place(rs.getString("f"), rs.getLong("n")), uci);
                }
                case "to" -> topRows.add(new Place(rs.getString("f"), rs.getLong("n")));
                case "re" -> recentRows.add(new Place(rs.getString("f"), rs.getLong("n")));
                default -> months.add(new OpeningsTable.MonthRow(rs.getInt("month"), rs.getLong("w"), rs.getLong("d"), rs.getLong("b")));
            }
            return null;
        }));
        List<OpeningsTable.GameRow> topGames = new ArrayList<>(), recentGames = new ArrayList<>();
        Map<String, OpeningsTable.GameRow> single = new LinkedHashMap<>();
        readGames(db, key, singles, topRows, recentRows, topGames, recentGames, single);
        List<OpeningsTable.MoveRow> withGames = new ArrayList<>(moves.size());
        for (OpeningsTable.MoveRow m : moves) {
            withGames.add(m.games() == 1 ? new OpeningsTable.MoveRow(m.uci(), m.white(), m.draws(), m.black(), m.moverRatingSum(),
                    m.moverRated(), m.opponentRatingSum(), m.opponentRated(), single.get(m.uci())) : m);
        }
        return new OpeningsTable.Lookup(withGames, recentGames, topGames, months);
    }

    /**
     * Reads the game lists of the rows named, in one statement over only their files: the first game
     * of each single-game move's row, every top game of {@code topRows} and every recent game of
     * {@code recentRows}. The key keeps DuckDB's min/max pruning to one row group per file.
     */
    private static void readGames(DuckDb db, long key, Map<Place, String> singles, Set<Place> topRows, Set<Place> recentRows,
            List<OpeningsTable.GameRow> topGames, List<OpeningsTable.GameRow> recentGames,
            Map<String, OpeningsTable.GameRow> single) throws SQLException {
        Set<Place> all = new LinkedHashSet<>(singles.keySet());
        all.addAll(topRows);
        all.addAll(recentRows);
        if (all.isEmpty()) return;
        Set<String> files = new java.util.TreeSet<>();
        Set<Long> rows = new java.util.TreeSet<>();
        for (Place p : all) {
            files.add(p.file());
            rows.add(p.row());
        }
        StringBuilder list = new StringBuilder();
        for (String f : files) list.append(list.length() == 0 ? "'" : ", '").append(f.replace("'", "''")).append('\'');
        StringBuilder in = new StringBuilder();
        for (long n : rows) in.append(in.length() == 0 ? "" : ", ").append(n);
        String sql = "SELECT filename, file_row_number, uci, month, " + OpeningsBreakdown.TOP_GAMES + ", "
                + OpeningsBreakdown.RECENT_GAMES + " FROM read_parquet([" + list + "], union_by_name = true, filename = true, "
                + "file_row_number = true) WHERE key = ? AND file_row_number IN (" + in + ")";
        db.with(c -> Sql.query(c, sql, List.of(key), rs -> {
            Place p = new Place(rs.getString("filename"), rs.getLong("file_row_number"));
            String uci = rs.getString("uci");
            Integer month = Sql.intOrNull(rs, "month");
            if (singles.containsKey(p) || topRows.contains(p)) {
                List<OpeningsTable.GameRow> games = games(rs.getArray(OpeningsBreakdown.TOP_GAMES), uci, month);
                if (singles.containsKey(p) && !games.isEmpty()) single.put(uci, games.get(0));
                if (topRows.contains(p)) topGames.addAll(games);
            }
            if (recentRows.contains(p)) recentGames.addAll(games(rs.getArray(OpeningsBreakdown.RECENT_GAMES), uci, month));
            return null;
        }));
        topGames.sort(OpeningsTable.TOP);
        recentGames.sort(OpeningsTable.RECENT);
    }

    /** The games of one list column, as the job wrote them (struct fields by name). */
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
