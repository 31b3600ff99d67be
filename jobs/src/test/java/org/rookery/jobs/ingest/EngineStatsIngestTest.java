package org.rookery.jobs.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * Ingest fills the per-ply engine columns from the move comments cutechess-cli and fastchess write
 * ({@code +0.35/12 0.512s}, fastchess's {@code n= sd= nps= hashfull= tbhits= latency= pv=}), null
 * where a ply has none (book moves) and null as a whole for games without them.
 */
class EngineStatsIngestTest {
    @TempDir
    Path dir;

    private static final String FASTCHESS = "[Event \"fc\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n\n"
            + "1. e4 {book} e5 {-0.21/14 0.312s, latency=0.002s, n=40123, sd=20, nps=128599, hashfull=7, tbhits=0, "
            + "pv=\"e7e5 g1f3 b8c6\"} 2. Nf3 {+0.30/15 1.005s, latency=0.011s, n=120345, sd=22, nps=119746, "
            + "hashfull=31, tbhits=5, pv=\"g1f3\"} 1/2-1/2\n\n";
    private static final String CUTECHESS = "[Event \"cc\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
            + "1. d4 {+0.11/9 0.5s} d5 {-M3/30 0.250s [%clk 0:00:59.7]} *\n\n";
    private static final String PLAIN = "[Event \"plain\"]\n[Result \"*\"]\n\n1. c4 {a good move} *\n\n";

    @Test
    void commentsBecomeThePerPlyEngineColumns() throws IOException {
        SparkSession spark = TestSpark.get();
        Path pgn = dir.resolve("engines.pgn");
        Files.writeString(pgn, FASTCHESS + CUTECHESS + PLAIN);
        String data = dir.resolve("data").toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(pgn.toString()), data, "e", 0, 0), null);
        List<Row> rows = spark.read().parquet(Tables.path(data, Schemas.GAMES))
                .selectExpr("event", "depth", "seldepth", "nodes", "nps", "time_ms", "latency_ms", "hashfull", "tbhits",
                        "pv", "clock_ms")
                .orderBy("event").collectAsList();
        assertEquals(3, rows.size());
        Row cc = rows.get(0), fc = rows.get(1), plain = rows.get(2);

        assertEquals("fc", fc.getString(0));
        assertEquals(Arrays.asList(null, 14, 15), fc.getList(1));
        assertEquals(Arrays.asList(null, 20, 22), fc.getList(2));
        assertEquals(Arrays.asList(null, 40123L, 120345L), fc.getList(3));
        assertEquals(Arrays.asList(null, 128599L, 119746L), fc.getList(4));
        assertEquals(Arrays.asList(null, 312L, 1005L), fc.getList(5));
        assertEquals(Arrays.asList(null, 2L, 11L), fc.getList(6));
        assertEquals(Arrays.asList(null, 7, 31), fc.getList(7));
        assertEquals(Arrays.asList(null, 0L, 5L), fc.getList(8));
        assertEquals(Arrays.asList(null, "e7e5 g1f3 b8c6", "g1f3"), fc.getList(9));

        assertEquals("cc", cc.getString(0));
        assertEquals(List.of(9, 30), cc.getList(1));
        assertEquals(List.of(500L, 250L), cc.getList(5));
        assertTrue(cc.isNullAt(3), "cutechess writes no node counts");
        assertEquals(Arrays.asList(null, 59_700L), cc.getList(10), "the clock still comes from %clk");

        for (int c = 1; c <= 9; c++) assertTrue(plain.isNullAt(c), "column " + c + " of a game without engine comments");
    }
}
