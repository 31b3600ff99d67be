package org.rookery.jobs.ingest;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * A task keeps its rejected rows for the driver only up to {@link UnitProcessor#KEPT_REJECTS_CHARS} of
 * raw text; past it, the units with rejects are read a second time to write them. Here one task meets
 * more rejected text than that, in a plain file and in a compressed one (read again whole), and the
 * {@code rejected} rows must still be every bad game, with its number and line, between the good ones.
 */
class RejectedSecondPassTest {
    private static final int BAD_GAMES = 10;

    @TempDir
    Path dir;

    @Test
    void rejectsPastTheKeptLimitAreWrittenByTheSecondPass() throws IOException {
        assertTrue((long) BAD_GAMES * Schemas.MAX_RAW_TEXT > UnitProcessor.KEPT_REJECTS_CHARS,
                "the bad games' cut raw text must pass what a task keeps, or the second pass does not run");
        StringBuilder text = new StringBuilder(good(0));
        List<Long> badLines = new ArrayList<>();
        long line = 1 + lines(good(0));
        String bad = Corpora.bigTag(2 << 20);
        for (int k = 1; k <= BAD_GAMES; k++) {
            badLines.add(line);
            text.append(bad).append(good(k));
            line += lines(bad) + lines(good(k));
        }
        Path plain = Corpora.write(dir.resolve("a-plain.pgn"), text.toString());
        Path zst = Corpora.write(dir.resolve("b-zst.pgn.zst"), text.toString());
        String data = dir.resolve("data").toString();
        SparkSession spark = TestSpark.get();
        // Pieces and blocks larger than the files: each file is one task, holding all ten rejects.
        IngestJob.Summary s = IngestJob.run(spark, new IngestJob.Options(List.of(plain.toString(), zst.toString()),
                data, "c", 64 << 20, 64 << 20), null);

        assertEquals(2L * (BAD_GAMES + 1), s.games());
        assertEquals(2L * BAD_GAMES, s.rejected());
        for (Path file : new Path[] {plain, zst}) {
            String name = file.getFileName().toString();
            List<Row> rejects = spark.read().parquet(Tables.path(data, Schemas.REJECTED))
                    .where(col("source_file").equalTo(name)).orderBy("game_number")
                    .select("game_number", "line", "reason", "raw_text", "kind").collectAsList();
            assertEquals(BAD_GAMES, rejects.size(), name);
            for (int k = 0; k < BAD_GAMES; k++) {
                Row r = rejects.get(k);
                assertEquals(2L * (k + 1), r.getLong(0), name + ": the bad games are the even-numbered ones");
                assertEquals(badLines.get(k), r.getLong(1), name + ": the line the bad game starts on");
                assertTrue(r.getString(2).contains("tag value longer than"), r.getString(2));
                assertEquals(Schemas.MAX_RAW_TEXT, r.getString(3).length(), "raw text cut to the table's limit");
                assertTrue(r.getString(3).startsWith("[Event \"xxx"), name);
                assertEquals("game", r.getString(4));
            }
            List<Row> games = spark.read().parquet(Tables.path(data, Schemas.GAMES))
                    .where(col("source_file").equalTo(name)).orderBy("game_number")
                    .select("game_number", "site").collectAsList();
            assertEquals(BAD_GAMES + 1, games.size(), name + ": the good games around the bad ones");
            for (int k = 0; k <= BAD_GAMES; k++) {
                assertEquals(2L * k + 1, games.get(k).getLong(0), name);
                assertEquals("good-" + k, games.get(k).getString(1), name);
            }
        }
    }

    private static String good(int k) {
        return Corpora.GOOD.replace("[Site \"good\"]", "[Site \"good-" + k + "\"]");
    }

    private static long lines(String s) {
        return s.chars().filter(c -> c == '\n').count();
    }
}
