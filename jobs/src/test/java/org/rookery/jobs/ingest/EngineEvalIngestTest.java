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
 * Ingest turns the mover's score of a cutechess/fastchess move comment into {@code eval_cp} /
 * {@code eval_mate} from White's view, mates in moves ({@code +M5} plies is mate in 3), and a
 * ply's {@code [%eval]} wins over its comment's score. The expected values are worked out by hand
 * from the runners' formats: sign by the mover, moves = (plies + 1) / 2.
 */
class EngineEvalIngestTest {
    @TempDir
    Path dir;

    private static final String CUTECHESS = "[Event \"a cutechess\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"*\"]\n\n"
            + "1. e4 {+0.35/12 0.51s} e5 {-0.20/11 0.42s} 2. Nf3 {0.00/10 0.3s} Nc6 {-M2/15 0.2s}"
            + " 3. Bb5 {+M3/20 0.1s} a6 {book} *\n\n";
    private static final String FASTCHESS = "[Event \"b fastchess\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"*\"]\n\n"
            + "1. d4 {book} d5 {-0.21/14 0.312s, latency=0.002s, n=40123, sd=20} 2. c4 {+M5/16 1.005s, n=120345}"
            + " e6 {-M4/9 0.200s, n=5} 3. Nc3 {+1.23/15 0.250s, n=7, nps=28} Nf6 {0.00/0 0.011s, n=0} *\n\n";
    private static final String BLACK_FIRST = "[Event \"c black first\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"*\"]\n"
            + "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n"
            + "1... e5 {+0.30/10 0.1s} 2. Nf3 {+0.40/10 0.1s} Nc6 {-M2/8 0.1s} 3. Bb5 {+M1/5 0.1s} *\n\n";
    private static final String BOTH = "[Event \"d both\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"*\"]\n\n"
            + "1. e4 {+0.35/12 0.5s [%eval 0.17]} e5 {[%eval #-3] -0.20/11 0.4s} 2. Nf3 {+0.50/10 0.3s}"
            + " Nc6 {[%eval 0.3] +M1/3 0.1s} *\n\n";
    /** CUTECHESS's game as {@code analyze query --format pgn} exports its columns: {@code [%eval]} in the same units. */
    private static final String EXPORTED = "[Event \"f exported\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"*\"]\n\n"
            + "1. e4 {[%eval 0.35]} e5 {[%eval 0.2]} 2. Nf3 {[%eval 0.0]} Nc6 {[%eval #1]} 3. Bb5 {[%eval #2]} a6 *\n\n";
    private static final String NONE = "[Event \"e none\"]\n[Result \"*\"]\n\n1. c4 {book} e5 {a fine move} *\n\n";

    @Test
    void commentScoresBecomeWhitesEvals() throws IOException {
        SparkSession spark = TestSpark.get();
        Path pgn = dir.resolve("evals.pgn");
        Files.writeString(pgn, CUTECHESS + FASTCHESS + BLACK_FIRST + BOTH + NONE + EXPORTED);
        String data = dir.resolve("data").toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(pgn.toString()), data, "e", 0, 0), null);
        List<Row> rows = spark.read().parquet(Tables.path(data, Schemas.GAMES))
                .selectExpr("event", "eval_cp", "eval_mate", "depth", "nodes").orderBy("event").collectAsList();
        assertEquals(6, rows.size());

        Row cc = rows.get(0);
        assertEquals(Arrays.asList(35, 20, 0, null, null, null), cc.getList(1), "cutechess centipawns, White's view");
        // 2... Nc6 -M2: Black is mated in 1, White mates; 3. Bb5 +M3: White mates in 2.
        assertEquals(Arrays.asList(null, null, null, 1, 2, null), cc.getList(2));

        Row fc = rows.get(1);
        assertEquals(Arrays.asList(null, 21, null, null, 123, null), fc.getList(1), "fastchess centipawns");
        // 2. c4 +M5: mate in 3; 2... e6 -M4: Black mated in 2, White's +2; 0.00/0 is no score.
        assertEquals(Arrays.asList(null, null, 3, 2, null, null), fc.getList(2));
        assertEquals(Arrays.asList(null, 14, 16, 9, 15, 0), fc.getList(3), "the depth 0 is still kept");

        Row black = rows.get(2);
        assertEquals(Arrays.asList(-30, 40, null, null), black.getList(1), "the first mover is Black: flipped");
        assertEquals(Arrays.asList(null, null, 1, 1), black.getList(2));

        Row both = rows.get(3);
        assertEquals(Arrays.asList(17, null, 50, 30), both.getList(1), "[%eval] wins, the comment fills the rest");
        assertEquals(Arrays.asList(null, -3, null, null), both.getList(2));
        assertEquals(Arrays.asList(12, 11, 10, 3), both.getList(3), "the comment's other values stay");

        Row none = rows.get(4);
        assertTrue(none.isNullAt(1) && none.isNullAt(2), "no ply has a score: null as a whole");

        Row exported = rows.get(5);
        assertEquals(cc.getList(1), exported.getList(1), "[%eval] and the comment give the same centipawns");
        assertEquals(cc.getList(2), exported.getList(2), "[%eval #n] and the comment's mate count the same moves");
    }
}
