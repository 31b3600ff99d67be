package org.rookery.jobs.ingest;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * When the quick count numbers a part of the input wrongly, ingestion renumbers only the files
 * holding that part's games and reads no game twice: the count is made wrong on purpose here, for
 * a range of a plain file and a block of a compressed one, and the table must equal a clean run's.
 */
class RenumberingTest {
    @TempDir
    Path dir;

    @Test
    void aWrongQuickCountRenumbersOnlyItsFilesWithoutReplaying() throws IOException {
        String text = Files.readString(Corpora.synthetic(dir.resolve("src.pgn"), 41, 1200));
        Path plain = Corpora.write(dir.resolve("a-plain.pgn"), text);
        Path zst = Corpora.write(dir.resolve("b-zst.pgn.zst"), text);
        long inputGames = Corpora.read(plain).games().size() + Corpora.read(zst).games().size();
        SparkSession spark = TestSpark.get();
        IngestJob.Options clean = new IngestJob.Options(List.of(plain.toString(), zst.toString()),
                dir.resolve("clean").toString(), "c", 64 << 10, 64 << 10);
        IngestJob.Summary reference = IngestJob.run(spark, clean, null);
        assertEquals(0, reference.renumberedFiles());
        assertEquals(inputGames, reference.gamesRead());

        // The third range of the plain file (index 0) and the third block of the compressed one
        // (index 1) start numbering a few games off, as a miscounted part before them would make them.
        Map<Long, Long> wrong = Map.of(0L << 32 | 2, 7L, 1L << 32 | 3, 1L);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        IngestJob.Options skewed = new IngestJob.Options(clean.inputs(), dir.resolve("skewed").toString(), "c",
                64 << 10, 64 << 10);
        IngestJob.Summary s = IngestJob.run(spark, skewed, new PrintStream(log, true, StandardCharsets.UTF_8), wrong);

        assertEquals(inputGames, s.gamesRead(), "every game read and replayed once");
        assertEquals(2, s.renumberedFiles(), "only the two files holding a miscounted part are redone");
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("2 part(s) of the input hold text the quick game "
                + "count read differently; renumbering the games of 2 file(s)"), log.toString(StandardCharsets.UTF_8));
        assertEquals(reference.games(), s.games());

        Dataset<Row> a = games(spark, clean.data());
        Dataset<Row> b = games(spark, skewed.data());
        assertEquals(0, a.except(b).count(), () -> "rows of the clean run missing after renumbering: "
                + a.except(b).select("game_id", "game_number", "site", "ply_count").limit(5).collectAsList() + " against "
                + b.except(a).select("game_id", "game_number", "site", "ply_count").limit(5).collectAsList()
                + "; columns differing in the first: " + differing(a.except(b).limit(1), b));
        assertEquals(0, b.except(a).count(), "rows after renumbering that the clean run has not");
        for (Path file : new Path[] {plain, zst}) {
            Map<Long, String> expected = new TreeMap<>();
            for (Corpora.Game g : Corpora.read(file).games()) {
                if (g.replays()) {
                    expected.put(g.number(), "c/" + file.getFileName() + "#" + g.number() + " " + g.site());
                }
            }
            Map<Long, String> actual = new TreeMap<>();
            for (Row r : b.where(col("source_file").equalTo(file.getFileName().toString()))
                    .select("game_number", "game_id", "site").collectAsList()) {
                actual.put(r.getLong(0), r.getString(1) + " " + r.getString(2));
            }
            assertEquals(expected, actual, file.getFileName().toString());
        }
        assertTrue(Files.notExists(Path.of(skewed.data(), "_staging")), "staging files are cleaned up");
    }

    /** Names of the columns in which the row of {@code one} differs from the row of {@code all} with its game_id. */
    private static List<String> differing(Dataset<Row> one, Dataset<Row> all) {
        Row x = one.first();
        Row y = all.where(col("game_id").equalTo(x.getAs("game_id"))).first();
        List<String> out = new java.util.ArrayList<>();
        for (String c : one.columns()) {
            if (!java.util.Objects.equals(String.valueOf((Object) x.getAs(c)), String.valueOf((Object) y.getAs(c)))) {
                out.add(c + ": " + (Object) x.getAs(c) + " / " + (Object) y.getAs(c));
            }
        }
        return out;
    }

    /** The games rows without the partition column (the two runs' data roots differ only in path). */
    private static Dataset<Row> games(SparkSession spark, String data) {
        return spark.read().parquet(Tables.path(data, Schemas.GAMES)).drop(Schemas.COLLECTION);
    }
}
