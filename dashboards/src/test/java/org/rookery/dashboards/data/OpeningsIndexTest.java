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
            OpeningsTable inPlace;
            System.setProperty("rookery.explorer.index", "off");
            try {
                inPlace = new OpeningsTable(db, new TableLocation(data, "openings_breakdown"));
            } finally {
                System.clearProperty("rookery.explorer.index");
            }
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
