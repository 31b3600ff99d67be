package org.rookery.jobs.ingest;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * Game numbers stay the reader's own when the quick count that numbers units before reading them
 * is wrong: games without tags are invisible to it, and ingestion has to notice and write again.
 */
class NumberingTest {
    @TempDir
    Path dir;

    @Test
    void correctionsAreTheOffsetsTheExactCountsGive() {
        List<Numbering.UnitCount> units = List.of(
                new Numbering.UnitCount(1L << 32 | 0, 1, 0, 10),
                new Numbering.UnitCount(1L << 32 | 1, 1, 10, 12),
                new Numbering.UnitCount(1L << 32 | 2, 1, 21, 5),  // the unit before had 12, not 11
                new Numbering.UnitCount(1L << 32 | 3, 1, 26, 1),
                new Numbering.UnitCount(2L << 32 | 0, 2, 0, 7),
                new Numbering.UnitCount(2L << 32 | 1, 2, 7, 7));
        assertEquals(Map.of(1L << 32 | 2, 22L, 1L << 32 | 3, 27L), Numbering.corrections(units));
        assertEquals(Map.of(), Numbering.corrections(units.subList(4, 6)));
    }

    @Test
    void quickCountIsExactOnWellFormedPgn() throws IOException {
        Path file = Corpora.synthetic(dir.resolve("ok.pgn"), 31, 500);
        long[] quick = Units.quickCount(Files.newInputStream(file));
        long[] exact = Units.count(Files.newInputStream(file));
        assertEquals(exact[0], quick[0], "games");
        assertEquals(exact[1], quick[1], "lines");
    }

    @Test
    void gamesTheQuickCountMissesKeepTheReadersNumbers() throws IOException {
        String text = glued(Files.readString(Corpora.synthetic(dir.resolve("src.pgn"), 32, 1500)));
        Path plain = Corpora.write(dir.resolve("glued.pgn"), text);
        Path zst = Corpora.write(dir.resolve("glued.pgn.zst"), text);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        long quick = Units.quickCount(new ByteArrayInputStream(bytes))[0];
        long exact = Units.count(new ByteArrayInputStream(bytes))[0];
        assertTrue(quick < exact, "the test text must fool the quick count: " + quick + " vs " + exact);

        SparkSession spark = TestSpark.get();
        String data = dir.resolve("data").toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(plain.toString(), zst.toString()), data, "glued",
                64 << 10, 64 << 10), null);
        for (Path file : new Path[] {plain, zst}) {
            Map<Long, String> expected = new TreeMap<>();
            for (Corpora.Game g : Corpora.read(file).games()) {
                if (g.replays()) {
                    expected.put(g.number(), g.site());
                }
            }
            Map<Long, String> actual = new TreeMap<>();
            for (Row r : spark.read().parquet(Tables.path(data, Schemas.GAMES))
                    .where(col("source_file").equalTo(file.getFileName().toString()))
                    .select("game_number", "site").collectAsList()) {
                actual.put(r.getLong(0), r.getString(1));
            }
            assertEquals(expected, actual, file.getFileName().toString());
        }
        assertTrue(Files.notExists(Path.of(data, "_staging")), "staging files are cleaned up");
    }

    /**
     * Every 9th game glued to the one before it (no blank line, a tag before its Event tag: the quick
     * count still sees it), and after every 13th a game without tags (which it does not see).
     */
    private static String glued(String text) {
        String[] games = text.split("\n\n(?=\\[Event )");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < games.length; i++) {
            if (i > 0) {
                sb.append(i % 9 == 0 ? "\n[Annotator \"glued\"]\n" : "\n\n");
            }
            sb.append(games[i]);
            if (i % 13 == 0) {
                sb.append("\n\n1. d4 d5 2. c4 e6 *");
            }
        }
        return sb.toString();
    }
}
