package org.rookery.jobs.ingest;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.cli.UsageError;
import org.rookery.core.rules.DrawRuleScan;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * End to end on Spark local[2]: a few thousand synthetic games in every supported kind of file,
 * plus the bad inputs of the issue, ingested into one collection.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IngestJobTest {
    @TempDir
    static Path dir;

    private SparkSession spark;
    private Path input;
    private String data;
    private IngestJob.Summary summary;

    @BeforeAll
    void ingest() throws IOException {
        spark = TestSpark.get();
        input = Files.createDirectories(dir.resolve("in"));
        Corpora.synthetic(input.resolve("big.pgn"), 11, 2600);
        Corpora.synthetic(input.resolve("gz.pgn.gz"), 12, 300);
        Corpora.synthetic(input.resolve("bz.pgn.bz2"), 13, 150);
        Corpora.synthetic(Files.createDirectories(input.resolve("sub")).resolve("zst.pgn.zst"), 14, 300);
        Corpora.truncate(Corpora.synthetic(input.resolve("truncated.pgn.gz"), 15, 200), 0.5);
        Corpora.garbage(input.resolve("garbage.pgn"), 50_000, 16);
        Corpora.garbage(input.resolve("garbage.pgn.zst"), 5_000, 17);
        Corpora.write(input.resolve("bad.pgn"), Corpora.GOOD + Corpora.ILLEGAL + Corpora.UNTERMINATED
                + Corpora.GOOD + Corpora.bigTag(10 << 20) + Corpora.GOOD);
        Files.writeString(input.resolve("chess960.pgn"), "[Event \"960\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                + "[FEN \"nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
                + Corpora.GOOD);
        Files.writeString(input.resolve("notes.txt"), "not PGN, ignored in a directory");
        data = dir.resolve("data").toString();
        // Small pieces and blocks so that splitting and block cutting happen on test-sized files.
        summary = IngestJob.run(spark, new IngestJob.Options(List.of(input.toString()), data, "test",
                1 << 20, 256 << 10), null);
    }

    private Dataset<Row> games() {
        return spark.read().parquet(Tables.path(data, Schemas.GAMES));
    }

    private Dataset<Row> rejected() {
        return spark.read().parquet(Tables.path(data, Schemas.REJECTED));
    }

    @Test
    void everyGoodGameIsWrittenWithItsFileNumberAndLine() throws IOException {
        for (String name : new String[] {"big.pgn", "gz.pgn.gz", "bz.pgn.bz2", "sub/zst.pgn.zst"}) {
            Corpora.Reading expected = Corpora.read(input.resolve(name));
            Map<Long, Row> rows = new HashMap<>();
            for (Row r : games().where(col("source_file").equalTo(name))
                    .select("game_number", "site", "ply_count", "pgn").collectAsList()) {
                assertNull(rows.put(r.getLong(0), r), "game number twice: " + r.getLong(0));
            }
            assertEquals(expected.games().size(), rows.size(), name);
            for (Corpora.Game g : expected.games()) {
                Row r = rows.get(g.number());
                assertNotNull(r, name + " game " + g.number());
                assertEquals(g.site(), r.getString(1));
                assertEquals(g.plies(), r.getInt(2));
                assertTrue(r.getString(3).startsWith("[Event "), "pgn column holds the game text");
            }
        }
        assertEquals(2600 + 300 + 150 + 300 + 3 + 2, summary.games() - truncatedGamesKept(),
                "all good games (bad.pgn's three and chess960.pgn's two included)");
    }

    private long truncatedGamesKept() {
        return games().where(col("source_file").equalTo("truncated.pgn.gz")).count();
    }

    @Test
    void rowsHoldIdsKeysMovesClocksAndEvals() {
        Dataset<Row> g = games().where(col("source_file").equalTo("big.pgn"));
        assertEquals(0, g.where(col("game_id").notEqual(org.apache.spark.sql.functions.concat(
                col("collection"), org.apache.spark.sql.functions.lit("/big.pgn#"), col("game_number")))).count());
        assertEquals(g.count(), g.select("game_id").distinct().count());
        DrawRuleScan scan = new DrawRuleScan();
        int withClock = 0;
        int withEval = 0;
        for (Row r : g.select("start_fen", "moves_uci", "zobrist", "ply_count", "clock_ms", "eval_cp", "source",
                "white_elo", "time_control").limit(400).collectAsList()) {
            List<String> moves = r.getList(1);
            List<Long> keys = r.getList(2);
            assertEquals(r.getInt(3), moves.size());
            assertEquals(moves.size() + 1, keys.size());
            assertTrue(scan.scan(r.getString(0), moves), scan.error());
            assertEquals(moves.size(), scan.facts().plies());
            if (!r.isNullAt(4)) {
                withClock++;
                assertEquals(moves.size(), r.getList(4).size());
            }
            if (!r.isNullAt(5)) {
                withEval++;
            }
            assertEquals("import", r.getString(6));
        }
        assertTrue(withClock > 300, "games with %clk: " + withClock);
        assertTrue(withEval > 10, "games with %eval: " + withEval);
    }

    @Test
    void openingColumnsNameTheDeepestListedPositionOfTheKeys() {
        org.rookery.core.openings.OpeningList list = org.rookery.core.openings.OpeningList.shipped();
        int named = 0;
        for (Row r : games().where(col("source_file").equalTo("big.pgn"))
                .select("zobrist", "opening_eco", "opening", "opening_ply").limit(400).collectAsList()) {
            List<Long> keys = r.getList(0);
            int k = keys.size() - 1;
            while (k >= 0 && list.at(keys.get(k)) == null) {
                k--;
            }
            if (k < 0) {
                assertTrue(r.isNullAt(1) && r.isNullAt(2) && r.isNullAt(3), "no named position, no opening");
                continue;
            }
            named++;
            org.rookery.core.openings.Opening o = list.at(keys.get(k));
            assertEquals(o.eco(), r.getString(1));
            assertEquals(o.name(), r.getString(2));
            assertEquals(k, r.getInt(3));
        }
        assertTrue(named > 300, "games with a named opening: " + named);
    }

    @Test
    void zobristKeysArePolyglotKeysOfThePositions() {
        Row r = games().where(col("source_file").equalTo("bad.pgn")).orderBy("game_number").first();
        List<Long> keys = r.getList(r.fieldIndex("zobrist"));
        // The Polyglot key of the initial position, from the Polyglot book format's specification.
        assertEquals(0x463b96181691fc9cL, keys.get(0));
        // After 1. Nf3 Nf6 2. Ng1 Ng8 the initial position stands again, with the same key.
        assertEquals(keys.get(0), keys.get(4));
        assertEquals(keys.get(0), keys.get(8));
    }

    @Test
    void badInputBecomesRejectedRowsNeverACrash() {
        List<Row> bad = rejected().where(col("source_file").equalTo("bad.pgn")).orderBy("game_number").collectAsList();
        assertEquals(3, bad.size(), bad.toString());
        assertTrue(bad.get(0).getString(3).contains("illegal move"), bad.get(0).getString(3));
        assertEquals(2, bad.get(0).getLong(1));
        assertEquals(7, bad.get(0).getLong(2), "the illegal game starts on line 7");
        assertTrue(bad.get(1).getString(3).contains("unterminated brace comment"), bad.get(1).getString(3));
        assertTrue(bad.get(2).getString(3).contains("tag value longer than"), bad.get(2).getString(3));
        assertEquals(Schemas.MAX_RAW_TEXT, bad.get(2).<String>getAs("raw_text").length(), "raw text is cut to 1 MiB");
        for (Row r : bad) {
            assertEquals("game", r.getAs("kind"), "a bad game is a rejected game: " + r.getString(3));
        }
        assertEquals(3, games().where(col("source_file").equalTo("bad.pgn")).count(), "the good games around them");

        Row cut = rejected().where(col("source_file").equalTo("truncated.pgn.gz")).first();
        assertTrue(cut.getString(3).contains("breaks off"), cut.getString(3));
        assertTrue(truncatedGamesKept() > 50, "the games before the break are kept");
        assertTrue(rejected().where(col("source_file").equalTo("garbage.pgn")).count() >= 1);
        Row zst = rejected().where(col("source_file").equalTo("garbage.pgn.zst")).first();
        assertTrue(zst.getString(3).contains("breaks off"), zst.getString(3));
        assertEquals(0, rejected().where(col("reason").isNull()).count());
        assertEquals(summary.rejected(), rejected().count());
    }

    @Test
    void chess960GamesAreRowsOfTheirVariant() {
        assertEquals(0, rejected().where(col("source_file").equalTo("chess960.pgn")).count());
        List<Row> rows = games().where(col("source_file").equalTo("chess960.pgn")).orderBy("game_number")
                .select("variant", "start_fen").collectAsList();
        assertEquals(2, rows.size());
        assertEquals("chess960", rows.get(0).getString(0));
        assertEquals("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1", rows.get(0).getString(1));
        assertEquals("standard", rows.get(1).getString(0), "the standard game after it");
    }

    @Test
    void reIngestingReplacesTheCollection() throws IOException {
        String other = dir.resolve("data2").toString();
        Path one = Corpora.write(dir.resolve("one.pgn"), Corpora.GOOD + Corpora.GOOD);
        IngestJob.run(spark, new IngestJob.Options(List.of(one.toString()), other, null, 0, 0), null);
        IngestJob.Summary again = IngestJob.run(spark, new IngestJob.Options(List.of(one.toString()), other, null, 0, 0), null);
        assertEquals("one", again.collection());
        assertEquals(2, again.games());
        assertEquals(2, spark.read().parquet(Tables.path(other, Schemas.GAMES)).count());
        Set<String> ids = new HashSet<>();
        for (Row r : spark.read().parquet(Tables.path(other, Schemas.GAMES)).select("game_id").collectAsList()) {
            ids.add(r.getString(0));
        }
        assertEquals(Set.of("one/one.pgn#1", "one/one.pgn#2"), ids);
    }

    @Test
    void utf16AndUtf32FilesAreDecodedNotRejected() throws IOException {
        Path wide = Files.createDirectories(dir.resolve("wide"));
        String games = Corpora.GOOD.replace("[Site \"good\"]", "[Site \"Zürich\"]") + Corpora.GOOD;
        byte[] le = games.getBytes(StandardCharsets.UTF_16LE);
        byte[] withBom = new byte[le.length + 2];
        withBom[0] = (byte) 0xff;
        withBom[1] = (byte) 0xfe;
        System.arraycopy(le, 0, withBom, 2, le.length);
        Files.write(wide.resolve("le-bom.pgn"), withBom);
        Files.write(wide.resolve("be.pgn"), games.getBytes(StandardCharsets.UTF_16BE));
        Files.write(wide.resolve("utf32.pgn"), ("\uFEFF" + games).getBytes(Charset.forName("UTF-32BE")));
        try (OutputStream out = Compression.GZIP.encode(Files.newOutputStream(wide.resolve("le.pgn.gz")))) {
            out.write(withBom);
        }
        String other = dir.resolve("data-wide").toString();
        IngestJob.Summary s = IngestJob.run(spark, new IngestJob.Options(List.of(wide.toString()), other, "wide", 0, 0), null);
        assertEquals(0, s.rejected(), "no byte of a wide file is read as a bad character");
        assertEquals(8, s.games());
        List<Row> sites = spark.read().parquet(Tables.path(other, Schemas.GAMES)).where(col("site").equalTo("Zürich"))
                .select("source_file").collectAsList();
        assertEquals(4, sites.size(), "the non-ASCII tag survives in every file: " + sites);
    }

    @Test
    void missingOrWrongInputIsAUsageError() {
        UsageError e = assertThrows(UsageError.class, () -> IngestJob.run(spark, new IngestJob.Options(
                List.of(dir.resolve("nope.pgn").toString()), data, "x", 0, 0), null));
        assertTrue(e.getMessage().contains("no such file or directory"), e.getMessage());
        UsageError txt = assertThrows(UsageError.class, () -> IngestJob.run(spark, new IngestJob.Options(
                List.of(input.resolve("notes.txt").toString()), data, "x", 0, 0), null));
        assertTrue(txt.getMessage().contains("not a PGN file"), txt.getMessage());
        assertThrows(UsageError.class, () -> IngestJob.run(spark, new IngestJob.Options(
                List.of(input.toString()), data, "../evil", 0, 0), null));
    }
}
