package org.rookery.jobs.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.Games;
import org.rookery.core.board.Position;
import org.rookery.core.cli.UsageError;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.ingest.GameRows;
import org.rookery.jobs.ingest.IngestJob;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * {@code analyze ingest --collection-kind}: every game of a collection marked masters is a masters
 * game in {@code openings_breakdown} whatever its ratings; other collections (and games files
 * written before the column, read as other) keep the 2200 rule. The oracle is a count from the PGN
 * text, first move by first move.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CollectionKindTest {
    @TempDir
    static Path dir;

    private static final String[] LINES = {"1. e4 e5 2. Nf3 Nc6", "1. d4 d5 2. c4 e6", "1. e4 c5 2. Nf3 d6", "1. c4 e5",
        "1. Nf3 d5 2. g3", "1. d4 Nf6 2. c4 g6"};
    private static final String[] RESULTS = {"1-0", "0-1", "1/2-1/2", "1-0", "*"};

    private SparkSession spark;
    private String data;
    private Path masters, other, old;

    /** {@code n} games cycling through the lines and results, with the ratings {@code elo} gives game {@code i}. */
    private static Path pgn(Path file, String event, int n, java.util.function.IntFunction<int[]> elo) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            String result = RESULTS[i % RESULTS.length];
            int[] r = elo.apply(i);
            sb.append("[Event \"").append(event).append("\"]\n[Site \"s").append(i).append("\"]\n[Date \"2020.01.01\"]\n")
                    .append("[White \"w").append(i).append("\"]\n[Black \"b").append(i).append("\"]\n")
                    .append("[Result \"").append(result).append("\"]\n");
            if (r[0] > 0) sb.append("[WhiteElo \"").append(r[0]).append("\"]\n");
            if (r[1] > 0) sb.append("[BlackElo \"").append(r[1]).append("\"]\n");
            sb.append('\n').append(LINES[(i * 7 + 3) % LINES.length]).append(' ').append(result).append("\n\n");
        }
        Files.writeString(file, sb.toString());
        return file;
    }

    @BeforeAll
    void ingest() throws IOException {
        spark = TestSpark.get();
        data = dir.resolve("data").toString();
        // Low or missing ratings: masters only by the collection's kind.
        masters = pgn(dir.resolve("club.pgn"), "club", 37, i -> new int[] {i % 4 == 0 ? 0 : 1400 + i * 10, 1500 + i % 7});
        // Both >= 2200 for some, one side only for others, low for the rest.
        other = pgn(dir.resolve("open.pgn"), "open", 41, i -> switch (i % 4) {
            case 0 -> new int[] {2200 + i, 2300};
            case 1 -> new int[] {2500, 2199};
            case 2 -> new int[] {1200, 1300};
            default -> new int[] {0, 2400};
        });
        old = pgn(dir.resolve("old.pgn"), "old", 29, i -> i % 3 == 0 ? new int[] {2250, 2210} : new int[] {1800, 1900});
        IngestJob.run(spark, new IngestJob.Options(List.of(masters.toString()), data, "club", 0, 0, Games.KIND_MASTERS), null);
        IngestJob.run(spark, new IngestJob.Options(List.of(other.toString()), data, "open", 0, 0), null);
        // Games files written before collection_kind: ingest elsewhere, drop the column, put the files under DATA/games.
        String elsewhere = dir.resolve("before").toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(old.toString()), elsewhere, "old", 0, 0, Games.KIND_MASTERS), null);
        spark.read().parquet(Tables.partition(elsewhere, Schemas.GAMES, "old").toString()).drop(Games.COLLECTION_KIND)
                .write().mode(SaveMode.Overwrite).parquet(Tables.partition(data, Schemas.GAMES, "old").toString());
    }

    /** Decided games per first move (UCI) from the PGN: all of them, or those both rated 2200 or more. */
    private static void count(Path file, boolean all, Map<String, Long> into) throws IOException {
        GameReplay replay = new GameReplay();
        PgnGame g = new PgnGame();
        try (PgnReader reader = new PgnReader(Files.newInputStream(file), file.getFileName().toString())) {
            while (reader.next(g)) {
                if (GameRows.result(g).equals("*")) continue;
                assertTrue(replay.replay(g));
                Integer we = GameRows.elo(g.tag("WhiteElo")), be = GameRows.elo(g.tag("BlackElo"));
                boolean rated = we != null && be != null && we >= 2200 && be >= 2200;
                if (all || rated) into.merge(DrawFactsCorpusTest.uci(replay).get(0), 1L, Long::sum);
            }
        }
    }

    @Test
    void mastersAreTheMarkedCollectionPlusGamesOfTwo2200s() throws IOException {
        OpeningsJob.run(spark, data, null, 8, 1);
        Map<String, Long> want = new TreeMap<>(), wantOther = new TreeMap<>();
        count(masters, true, want);
        count(other, false, want);
        count(old, false, want);
        Map<String, Long> all = new TreeMap<>();
        count(masters, true, all);
        count(other, true, all);
        count(old, true, all);
        all.forEach((m, n) -> {
            long rest = n - want.getOrDefault(m, 0L);
            if (rest > 0) wantOther.put(m, rest);
        });
        long root = new Position().key();
        Map<String, Long> got = new TreeMap<>(), gotOther = new TreeMap<>();
        for (Row r : spark.read().parquet(Tables.path(data, Schemas.OPENINGS_BREAKDOWN)).where("key = " + root).collectAsList()) {
            long n = (long) r.getAs("white_wins") + (long) r.getAs("draws") + (long) r.getAs("black_wins");
            ((boolean) r.getAs("masters") ? got : gotOther).merge(r.getAs("uci"), n, Long::sum);
        }
        assertEquals(want, got, "masters games per first move");
        assertEquals(wantOther, gotOther, "other games per first move");
        // The old files were ingested as masters elsewhere: read without the column they count as other, which
        // the two maps above check (their low-rated games are in wantOther).
        assertFalse(got.isEmpty());
        assertFalse(wantOther.isEmpty());
    }

    @Test
    void aGauntletsEngineGameIsNotAMastersGameWhateverItsRatings() {
        assertTrue(OpeningsBreakdownJob.masters("other", "import", 2200, 2300));
        assertTrue(OpeningsBreakdownJob.masters(null, "import", 2200, 2200));
        assertFalse(OpeningsBreakdownJob.masters("other", "gauntlet", 2500, 2500));
        assertFalse(OpeningsBreakdownJob.masters("other", "import", 2199, 2300));
        assertFalse(OpeningsBreakdownJob.masters("other", "import", null, 2300));
        assertTrue(OpeningsBreakdownJob.masters("masters", "gauntlet", null, null));
    }

    @Test
    void anotherKindIsAOneLineUsageError() {
        UsageError e = assertThrows(UsageError.class,
                () -> new IngestJob.Options(List.of(masters.toString()), data, "x", 0, 0, "grandmasters"));
        assertEquals("--collection-kind must be masters or other, not 'grandmasters'", e.getMessage());
    }
}
