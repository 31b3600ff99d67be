package org.rookery.jobs.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.Topics;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.cli.JobsMain;
import org.rookery.contract.ledger.MatchGames;
import org.rookery.jobs.query.DataViews;
import org.rookery.stats.Sprt;
import org.rookery.stats.Tally;
import picocli.CommandLine;

/**
 * {@code analyze sprt} over tables the sink's own writer wrote: with the live bounds the LLR equals
 * the live run's (a {@link Tally} fed in arrival order, pairs finishing out of order) at every game
 * count; with other bounds it equals the statistics library's own LLR on the same pentanomial, and the
 * stop it reports is the first game at which that LLR crossed a bound.
 */
class SprtReplayOnSinkTablesTest {
    @TempDir
    Path dir;

    @Test
    void liveBoundsGiveTheLiveLlrAtEveryGameCount() throws Exception {
        String match = "m-sprt";
        Sprt live = new Sprt(0.05, 0.05, 0, 5, Sprt.Model.NORMALIZED);
        SplittableRandom rnd = new SplittableRandom(11);
        int pairs = 300;
        // Arrival order: pairs interleaved, the second game of a pair sometimes first.
        List<int[]> arrival = new ArrayList<>();
        for (int p = 0; p < pairs; p++) {
            boolean swap = rnd.nextInt(3) == 0;
            arrival.add(new int[] {p, swap ? 1 : 0});
            arrival.add(new int[] {p, swap ? 0 : 1});
        }
        for (int i = 0; i + 3 < arrival.size(); i += 4) {
            if (rnd.nextBoolean()) java.util.Collections.swap(arrival, i + 1, i + 2);
        }
        List<Row> records = new ArrayList<>();
        Tally liveTally = new Tally();
        double[] liveLlr = new double[arrival.size() + 1];
        long offset = 0;
        for (int k = 0; k < arrival.size(); k++) {
            int p = arrival.get(k)[0], inPair = arrival.get(k)[1];
            double r = rnd.nextDouble();
            String result = r < 0.30 ? "1-0" : r < 0.55 ? "0-1" : "1/2-1/2";
            ObjectNode g = GameValues.game(match, p, inPair, "w" + (p % 3));
            g.put("result", result);
            g.put("finished_at", Instant.parse("2026-12-01T00:00:00Z").plusMillis(1000L * k).toString());
            g.put("pgn", "[Event \"Gauntlet\"]\n[Result \"" + result + "\"]\n\n1. Nf3 Nf6 " + result + "\n");
            records.add(RowFactory.create(g.toString(), Topics.GAMES, 0, offset++));
            // rand-a is the tested engine: White in game 0 of each pair.
            String white = g.get("white_engine_id").asText();
            double scoreA = result.equals("1/2-1/2") ? 0.5 : (result.equals("1-0") == white.equals("rand-a")) ? 1 : 0;
            liveTally.add(scoreA, p);
            liveLlr[k + 1] = live.evaluate(liveTally).llr();
        }
        String def = "{\"match_id\":\"" + match + "\",\"engines\":[{\"name\":\"rand-a\",\"tc\":\"10+0.1\"},{\"name\":\"rand-b\"}],"
                + "\"pairs\":" + pairs + ",\"sprt\":{\"elo0\":0,\"elo1\":5,\"alpha\":0.05,\"beta\":0.05,\"model\":\"normalized\"}}";
        records.add(RowFactory.create(def, Topics.MATCHES, 0, 0L));
        SparkSession spark = TestSpark.get();
        StructType schema = new StructType().add("value", DataTypes.StringType).add("topic", DataTypes.StringType)
                .add("partition", DataTypes.IntegerType).add("offset", DataTypes.LongType);
        String data = dir.resolve("data").toString();
        new BatchWriter(data, dir.resolve("cp").toString()).call(spark.createDataFrame(records, schema), 0L);

        try (DataViews views = DataViews.open(Path.of(data))) {
            MatchGames m = MatchGames.read(views.connection(), "games", "matches", null);
            assertEquals("rand-a", m.tested());
            assertEquals(live.toString(), m.definition().sprt().test().toString());
            for (int n = 1; n <= arrival.size(); n++) {
                assertEquals(liveLlr[n], m.replay(live, n).outcome().llr(), 0.0, "LLR after game " + n);
            }
            Sprt asked = new Sprt(0.1, 0.1, -3, 1, Sprt.Model.LOGISTIC);
            var replay = m.replay(asked, 0);
            assertEquals(asked.llr(liveTally.pentanomial()), replay.outcome().llr(), 0.0);
            long firstCrossing = -1;
            Tally t = new Tally();
            int k = 0;
            for (MatchGames.Game g : m.games()) {
                t.add(g.scoreOf("rand-a"), g.pairIndex());
                k++;
                if (firstCrossing < 0 && asked.evaluate(t).decision() != Sprt.Decision.CONTINUE) firstCrossing = k;
            }
            assertEquals(firstCrossing, replay.stoppedAtGames());

            StringWriter out = new StringWriter();
            int code = new CommandLine(JobsMain.class).setOut(new PrintWriter(out)).execute("analyze", "sprt", "--data", data,
                    "--elo0", "-3", "--elo1", "1", "--alpha", "0.1", "--beta", "0.1", "--model", "logistic");
            assertEquals(0, code, out.toString());
            String text = out.toString();
            assertTrue(text.contains(String.format(java.util.Locale.ROOT, "Live SPRT [0, 5] alpha 0.05 beta 0.05 normalized: LLR %.4f",
                    liveLlr[arrival.size()])), text);
            assertTrue(text.contains(firstCrossing < 0 ? "no bound crossed" : "stops at game " + firstCrossing), text);
        }
    }
}
