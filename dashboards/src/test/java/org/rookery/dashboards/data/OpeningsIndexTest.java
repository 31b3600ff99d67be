package org.rookery.dashboards.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.dashboards.http.Params;

/**
 * The explorer's copy of {@code openings_breakdown}: lookups over it equal lookups over the files
 * in place, and when the files change the table goes back to them until the copy is made again.
 */
class OpeningsIndexTest {
    @TempDir
    Path data;

    /** Writes a breakdown file of two moves from key 7: e2e4 in {@code e4Rows} rows of one game each, d2d4 in one. */
    private static void write(DuckDb db, Path file, int e4Rows) throws Exception {
        String game = "{'game_id': 'g' || i, 'mean_rating': (2000 + i)::INTEGER, 'date': '2001.01.0' || (i % 9 + 1), 'white': 'W' || i, "
                + "'black': 'B' || i, 'white_elo': (2000 + i)::INTEGER, 'black_elo': (2000 + i)::INTEGER, 'result': '1-0'}";
        db.withOwn(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("COPY (SELECT 7::BIGINT AS key, CASE WHEN i <= " + e4Rows + " THEN 'e2e4' ELSE 'd2d4' END AS uci, "
                        + "((2000 + i) // 100 * 100)::INTEGER AS rating_band, 'classical' AS speed, (200100 + i)::INTEGER AS month, 'import' AS source, "
                        + "true AS masters, 'standard' AS variant, 1::BIGINT AS white_wins, 0::BIGINT AS draws, "
                        + "0::BIGINT AS black_wins, (2000 + i)::BIGINT AS mover_rating_sum, 1::BIGINT AS mover_rated, "
                        + "(2000 + i)::BIGINT AS opponent_rating_sum, 1::BIGINT AS opponent_rated, [" + game + "] AS top_games, ["
                        + game + "] AS recent_games FROM range(1, " + (e4Rows + 2) + ") t(i)) TO '" + file + "' (FORMAT parquet)");
            }
            return null;
        });
    }

    /**
     * Writes rows of key 7 for the games {@code from} to {@code to - 1}, one game a row: game i plays
     * e2e4 when i is odd, else d2d4, in month 2001-(1 + i % 3), rated 2000 + (7i mod 13) (distinct
     * for i = 1..12); games 6 apart share a cell, so the files of {@code [1, 7)} and {@code [7, 13)}
     * have one row each of the same six cells. With {@code many}, a last row plays g1f3 in 2001-03
     * with three games, g100 (2100), g101 (1900) and g102 (2050), dated the 26th, 28th and 27th.
     */
    private static void writePart(DuckDb db, Path file, int from, int to, boolean many) throws Exception {
        String game = "{'game_id': 'g' || lpad(i::VARCHAR, 3, '0'), 'mean_rating': (2000 + 7 * i % 13)::INTEGER, "
                + "'date': '2001.0' || (1 + i % 3) || '.' || lpad(i::VARCHAR, 2, '0'), 'white': 'W' || i, 'black': 'B' || i, "
                + "'white_elo': 2000::INTEGER, 'black_elo': (2000 + 7 * i % 13)::INTEGER, 'result': '1-0'}";
        String rows = "SELECT 7::BIGINT AS key, CASE WHEN i % 2 = 1 THEN 'e2e4' ELSE 'd2d4' END AS uci, 2000::INTEGER AS rating_band, "
                + "'classical' AS speed, (200101 + i % 3)::INTEGER AS month, 'import' AS source, false AS masters, "
                + "'standard' AS variant, 1::BIGINT AS white_wins, 0::BIGINT AS draws, 0::BIGINT AS black_wins, "
                + "2000::BIGINT AS mover_rating_sum, 1::BIGINT AS mover_rated, (2000 + 7 * i % 13)::BIGINT AS opponent_rating_sum, "
                + "1::BIGINT AS opponent_rated, [" + game + "] AS top_games, [" + game + "] AS recent_games FROM range(" + from + ", "
                + to + ") t(i)";
        if (many) {
            String g100 = g1f3("g100", 2100, "26"), g101 = g1f3("g101", 1900, "28"), g102 = g1f3("g102", 2050, "27");
            rows += " UNION ALL SELECT 7, 'g1f3', 2000, 'classical', 200103, 'import', false, 'standard', 3, 0, 0, 6000, 3, 6050, 3, "
                    + "[" + g100 + ", " + g102 + ", " + g101 + "], [" + g101 + ", " + g102 + ", " + g100 + "]";
        }
        String sql = "COPY (" + rows + " ORDER BY key) TO '" + file + "' (FORMAT parquet)";
        db.withOwn(c -> {
            try (Statement s = c.createStatement()) {
                s.execute(sql);
            }
            return null;
        });
    }

    /** A game of the g1f3 row, with its lists' struct types. */
    private static String g1f3(String id, int rating, String day) {
        return "{'game_id': '" + id + "', 'mean_rating': " + rating + "::INTEGER, 'date': '2001.03." + day + "', 'white': 'W', "
                + "'black': 'B', 'white_elo': 2000::INTEGER, 'black_elo': " + (2 * rating - 2000) + "::INTEGER, 'result': '1-0'}";
    }

    /** The table read from the Parquet files in place (no index). */
    private OpeningsTable inPlace(DuckDb db) throws Exception {
        System.setProperty("rookery.explorer.index", "off");
        try {
            return new OpeningsTable(db, new TableLocation(data, "openings_breakdown"));
        } finally {
            System.clearProperty("rookery.explorer.index");
        }
    }

    @Test
    void cellsSplitOverFilesAnswerAsTheFilesDoFromTheRollUp() throws Exception {
        Path dir = Files.createDirectories(data.resolve("openings_breakdown"));
        try (DuckDb db = new DuckDb(2, 1)) {
            writePart(db, dir.resolve("a.parquet"), 1, 7, false);
            writePart(db, dir.resolve("b.parquet"), 7, 13, true);
            OpeningsTable inPlace = inPlace(db);
            for (String heavy : List.of("1", "1000")) {
                System.setProperty("rookery.explorer.index.heavy", heavy);
                OpeningsTable indexed;
                try {
                    indexed = new OpeningsTable(db, new TableLocation(data, "openings_breakdown"));
                } finally {
                    System.clearProperty("rookery.explorer.index.heavy");
                }
                try (indexed) {
                    await(indexed, "ready");
                    assertEquals(heavy.equals("1") ? 1 : 0, indexed.heavyKeys(), "keys rolled up with a threshold of " + heavy);
                    for (String since : List.of("", "2001-02", "2001-03")) {
                        Filters f = Filters.explorer(new Params(since.isEmpty() ? java.util.Map.of()
                                : java.util.Map.of("since", List.of(since)), ""), false);
                        for (int k : List.of(1, 2, 5, 15)) {
                            assertEquals(inPlace.lookup(7, f, k, k, true), indexed.lookup(7, f, k, k, true),
                                    "heavy " + heavy + ", since '" + since + "', " + k + " games");
                        }
                    }
                    OpeningsTable.Lookup l = indexed.lookup(7, Filters.explorer(new Params(java.util.Map.of(), ""), false), 15, 15, true);
                    assertEquals(List.of("d2d4", "e2e4", "g1f3"), l.moves().stream().map(OpeningsTable.MoveRow::uci).toList());
                    assertEquals(List.of(6L, 6L, 3L), l.moves().stream().map(OpeningsTable.MoveRow::white).toList());
                    assertEquals(15, l.topGames().size(), "12 games of one game a row and 3 of g1f3's row");
                    assertEquals(List.of("g100", "g102"), l.topGames().subList(0, 2).stream().map(OpeningsTable.GameRow::id).toList(),
                            "ratings 2100 and 2050; the one-game rows' are 2001-2012");
                    assertEquals(List.of("g101", "g102", "g100", "g011"), l.recentGames().subList(0, 4).stream()
                            .map(OpeningsTable.GameRow::id).toList(), "2001-03, latest date first");
                    assertEquals(3, l.history().size());
                }
            }
        }
    }

    /** The index files kept in the data root. */
    private List<Path> kept() throws Exception {
        Path home = data.resolve(".explorer-index");
        if (!Files.isDirectory(home)) return List.of();
        try (var files = Files.list(home)) {
            return files.sorted().toList();
        }
    }

    @Test
    void aRestartUsesTheIndexTheLastStartMadeAndAChangeOfFilesReplacesIt() throws Exception {
        Path dir = Files.createDirectories(data.resolve("openings_breakdown"));
        try (DuckDb db = new DuckDb(2, 1)) {
            write(db, dir.resolve("a.parquet"), 3);
            Filters all = Filters.explorer(new Params(java.util.Map.of(), ""), false);
            OpeningsTable.Lookup first;
            try (OpeningsTable t = new OpeningsTable(db, new TableLocation(data, "openings_breakdown"))) {
                await(t, "ready");
                first = t.lookup(7, all, 2, 2, true);
            }
            List<Path> made = kept();
            assertEquals(1, made.size(), "one index kept beside the data: " + made);
            java.nio.file.attribute.FileTime at = Files.getLastModifiedTime(made.get(0));
            Thread.sleep(20);
            try (OpeningsTable t = new OpeningsTable(db, new TableLocation(data, "openings_breakdown"))) {
                await(t, "ready");
                assertEquals(first, t.lookup(7, all, 2, 2, true), "the kept index answers as the one made");
            }
            assertEquals(made, kept(), "the restart made no other file");
            assertEquals(at, Files.getLastModifiedTime(made.get(0)), "nor rewrote the kept one");

            write(db, dir.resolve("b.parquet"), 5);
            // What a process killed while making an index leaves: removed with the old index. Pid 2^22 + 1 is above
            // Linux's pid_max, so no process has it.
            Path dead = Files.writeString(data.resolve(".explorer-index").resolve("openings_breakdown-0.making-4194305-1"), "x");
            try (OpeningsTable t = new OpeningsTable(db, new TableLocation(data, "openings_breakdown"))) {
                await(t, "ready");
                assertEquals(3 + 5, t.lookup(7, all, 2, 2, false).moves().get(0).white(), "both files' e2e4 games");
            }
            List<Path> now = kept();
            assertEquals(1, now.size(), "the old snapshot's index is gone: " + now);
            assertEquals(false, now.equals(made), "a new file for the new files");
            assertEquals(false, Files.exists(dead), "the dead process's half-made copy is gone");

            // A kept file that is not a DuckDB database (damaged) is made again, not a lasting fallback to Parquet.
            Files.writeString(now.get(0), "not a database");
            try (OpeningsTable t = new OpeningsTable(db, new TableLocation(data, "openings_breakdown"))) {
                await(t, "ready");
                assertEquals(3 + 5, t.lookup(7, all, 2, 2, false).moves().get(0).white(), "answered from the copy made again");
            }
            assertEquals(true, Files.size(now.get(0)) > 1000, "the damaged file was replaced");
        }
    }

    @Test
    void whenTheHeapIsShortTheBusiestPositionsAreHeldAndTheRestLeftToDuckDb() throws Exception {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            // Key 1: 2 cells of 10 rows; key 2: 3 cells of 3 rows; key 3: 1 cell of 2 rows.
            s.execute("CREATE TABLE cells0 AS SELECT * FROM (VALUES (1::BIGINT, 5), (1, 5), (2, 1), (2, 1), (2, 1), (3, 2)) t(key, n)");
            assertEquals(List.of(), OpeningsIndex.keepWithin(s, 6), "six cells fit");
            assertEquals(List.of(2L, 3L), OpeningsIndex.keepWithin(s, 4), "key 2's three cells do not fit after key 1's two, "
                    + "and key 3 is less busy than key 2");
            try (java.sql.ResultSet rs = s.executeQuery("SELECT DISTINCT key FROM cells0")) {
                rs.next();
                assertEquals(1, rs.getLong(1));
                assertEquals(false, rs.next(), "only key 1's cells are left");
            }
        }
    }

    private static void await(OpeningsTable t, String state) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!t.cacheState().equals(state)) {
            if (System.nanoTime() > deadline) throw new AssertionError("explorer table not " + state + " after 60 s: " + t.cacheState());
            Thread.sleep(20);
        }
    }

    @Test
    void theCopyAnswersAsTheFilesDoAndIsMadeAgainWhenTheyChange() throws Exception {
        Path dir = Files.createDirectories(data.resolve("openings_breakdown"));
        try (DuckDb db = new DuckDb(2, 1)) {
            write(db, dir.resolve("a.parquet"), 3);
            Filters all = Filters.explorer(new Params(java.util.Map.of(), ""), false);
            Filters masters = Filters.explorer(new Params(java.util.Map.of("since", List.of("2001-03")), ""), true);
            OpeningsTable inPlace = inPlace(db);
            try (OpeningsTable indexed = new OpeningsTable(db, new TableLocation(data, "openings_breakdown"))) {
                await(indexed, "ready");
                for (Filters f : List.of(all, masters)) {
                    assertEquals(inPlace.lookup(7, f, 2, 2, true), indexed.lookup(7, f, 2, 2, true), "lookup with " + f);
                }
                OpeningsTable.Lookup l = indexed.lookup(7, all, 2, 2, true);
                assertEquals(List.of("e2e4", "d2d4"), l.moves().stream().map(OpeningsTable.MoveRow::uci).toList());
                assertEquals(3, l.moves().get(0).white());
                assertNull(l.moves().get(0).game(), "three games: no single game");
                assertEquals("g4", l.moves().get(1).game().id(), "d2d4's only game, read from the Parquet row");
                assertEquals(List.of("g4", "g3"), l.topGames().stream().map(OpeningsTable.GameRow::id).toList());
                assertEquals(List.of("g4", "g3"), l.recentGames().stream().map(OpeningsTable.GameRow::id).toList());

                // A new analyze openings: other files. Lookups see them at once (from the files), then the copy is made again.
                write(db, dir.resolve("b.parquet"), 5);
                Files.delete(dir.resolve("a.parquet"));
                Thread.sleep(OpeningsTable.RECHECK_MILLIS + 100);
                assertEquals(5, indexed.lookup(7, all, 2, 2, false).moves().get(0).white(), "the new files' count");
                await(indexed, "ready");
                assertEquals(inPlace.lookup(7, all, 3, 3, true), indexed.lookup(7, all, 3, 3, true));
                assertEquals(5, indexed.lookup(7, all, 2, 2, false).moves().get(0).white());
            }
        }
    }
}
