package org.rookery.jobs.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.Topics;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.ledger.EngineStatsJob;
import org.rookery.jobs.query.DataViews;

/**
 * {@code analyze matches} over games the sink's writer wrote: moves go to their phase by material
 * (an opening game and an endgame from a FEN), book moves are not counted, and a time loss counts for
 * the engine that lost it in the phase the game ended in. Expected values worked out by hand.
 */
class EngineStatsOnSinkTablesTest {
    @TempDir
    Path dir;

    private static ObjectNode game(int inPair, String fen, String[] moves, long[] nps, String result, String termination) {
        return game(0, inPair, fen, moves, nps, result, termination);
    }

    private static ObjectNode game(int pair, int inPair, String fen, String[] moves, long[] nps, String result, String termination) {
        ObjectNode g = GameValues.game("m-es", pair, inPair, "w1");
        g.put("start_fen", fen);
        g.put("ply_count", moves.length);
        g.put("result", result);
        g.put("termination", termination);
        ArrayNode mv = g.putArray("moves_uci"), keys = g.putArray("zobrist");
        keys.add(1L);
        String[] lists = {"clock_ms", "eval_cp", "eval_mate", "depth", "seldepth", "nodes", "nps", "time_ms", "latency_ms",
            "hashfull", "tbhits", "pv"};
        Map<String, ArrayNode> a = new HashMap<>();
        for (String l : lists) a.put(l, g.putArray(l));
        for (int i = 0; i < moves.length; i++) {
            mv.add(moves[i]);
            keys.add(i + 2L);
            for (String l : lists) {
                if (nps[i] < 0 || l.equals("pv")) a.get(l).addNull();
                else if (l.equals("nps")) a.get(l).add(nps[i]);
                else if (l.equals("depth")) a.get(l).add(10 + i);
                else if (l.equals("time_ms")) a.get(l).add(100L * (i + 1));
                else if (l.equals("latency_ms")) a.get(l).add((long) i);
                else a.get(l).addNull();
            }
        }
        return g;
    }

    @Test
    void movesAndEndingsByPhasePerEngine() throws Exception {
        // Game 0: rand-a White from the start position; ply 0 is a book move (no statistics).
        ObjectNode opening = game(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                new String[] {"g1f3", "g8f6", "f3g1", "f6g8"}, new long[] {-1, 200, 300, 400}, "1-0", "checkmate");
        // Game 1: rand-a Black in a two-rook ending (non-pawn material 10), lost on time.
        ObjectNode ending = game(1, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
                new String[] {"a1a2", "e8d8", "a2a1", "d8e8"}, new long[] {500, 1000, 600, 3000}, "1-0", "time_forfeit");
        List<Row> records = new ArrayList<>();
        records.add(RowFactory.create(opening.toString(), Topics.GAMES, 0, 0L));
        records.add(RowFactory.create(ending.toString(), Topics.GAMES, 0, 1L));
        StructType schema = new StructType().add("value", DataTypes.StringType).add("topic", DataTypes.StringType)
                .add("partition", DataTypes.IntegerType).add("offset", DataTypes.LongType);
        Path data = dir.resolve("data");
        new BatchWriter(data.toString(), dir.resolve("cp").toString())
                .call(TestSpark.get().createDataFrame(records, schema), 0L);

        EngineStatsJob.Summary s;
        try (DataViews views = DataViews.open(data)) {
            s = EngineStatsJob.run(views, data);
        }
        assertEquals(2, s.games());
        assertEquals(7, s.moves());
        Map<String, Object[]> rows = new HashMap<>();
        try (DataViews views = DataViews.open(data); Statement st = views.connection().createStatement();
             ResultSet r = st.executeQuery("SELECT engine, phase, moves, games, time_losses, nps_mean, nps_p50, depth_mean,"
                     + " time_ms_mean, latency_ms_mean, avg_plies FROM engine_stats")) {
            while (r.next()) {
                rows.put(r.getString(1) + "/" + r.getString(2), new Object[] {r.getLong(3), r.getLong(4), r.getLong(5),
                    r.getObject(6), r.getObject(7), r.getObject(8), r.getObject(9), r.getObject(10), r.getObject(11)});
            }
        }
        // rand-a: ply 2 of game 0 (nps 300, opening), plies 1 and 3 of game 1 (nps 1000, 3000, endgame).
        Object[] all = rows.get("rand-a/all");
        assertEquals(3L, all[0]);
        assertEquals(2L, all[1]);
        assertEquals(1L, all[2]);
        assertEquals((300 + 1000 + 3000) / 3.0, (Double) all[3], 1e-9);
        assertEquals(1000.0, (Double) all[4], 1e-9);
        assertEquals((12 + 11 + 13) / 3.0, (Double) all[5], 1e-9);
        assertEquals((300 + 200 + 400) / 3.0, (Double) all[6], 1e-9);
        assertEquals((2 + 1 + 3) / 3.0, (Double) all[7], 1e-9);
        assertEquals(4.0, (Double) all[8], 1e-9);
        Object[] end = rows.get("rand-a/endgame");
        assertEquals(2L, end[0]);
        assertEquals(1L, end[1]);
        assertEquals(1L, end[2], "the time loss happened in the endgame");
        assertEquals(2000.0, (Double) end[3], 1e-9);
        Object[] open = rows.get("rand-a/opening");
        assertEquals(1L, open[0]);
        assertEquals(0L, open[2]);
        // rand-b: plies 1 and 3 of game 0 (opening, nps 200, 400), plies 0 and 2 of game 1 (500, 600); no time loss.
        assertEquals(4L, rows.get("rand-b/all")[0]);
        assertEquals(300.0, (Double) rows.get("rand-b/opening")[3], 1e-9);
        assertEquals(0L, rows.get("rand-b/all")[2]);
        assertEquals(550.0, (Double) rows.get("rand-b/endgame")[3], 1e-9);
        assertEquals(null, rows.get("rand-a/middlegame"));
    }

    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String[] SHUFFLE = {"g1f3", "g8f6", "f3g1", "f6g8"};

    @Test
    void crashesStallsAndIllegalMovesCountForTheLoserAndQuantilesInterpolate() throws Exception {
        // rand-a is White when inPair is 0. Its nps over the four games are 100, 200, ..., 800; the other side's 900.
        List<ObjectNode> games = List.of(
            game(0, 0, START, SHUFFLE, new long[] {100, 900, 200, 900}, "0-1", "disconnect"),   // rand-a crashed
            game(0, 1, START, SHUFFLE, new long[] {900, 300, 900, 400}, "0-1", "stall"),        // rand-b stalled
            game(1, 0, START, SHUFFLE, new long[] {500, 900, 600, 900}, "1-0", "illegal_move"), // rand-b moved illegally
            game(1, 1, START, SHUFFLE, new long[] {900, 700, 900, 800}, "1-0", "checkmate"));
        List<Row> records = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) records.add(RowFactory.create(games.get(i).toString(), Topics.GAMES, 0, (long) i));
        StructType schema = new StructType().add("value", DataTypes.StringType).add("topic", DataTypes.StringType)
                .add("partition", DataTypes.IntegerType).add("offset", DataTypes.LongType);
        Path data = dir.resolve("faults");
        new BatchWriter(data.toString(), dir.resolve("cp-faults").toString())
                .call(TestSpark.get().createDataFrame(records, schema), 0L);
        try (DataViews views = DataViews.open(data)) {
            EngineStatsJob.run(views, data);
        }
        Map<String, double[]> rows = new HashMap<>();
        try (DataViews views = DataViews.open(data); Statement st = views.connection().createStatement();
             ResultSet r = st.executeQuery("SELECT engine, crashes, stalls, illegal_moves, time_losses, nps_p10, nps_p50, nps_p90,"
                     + " time_ms_p50, time_ms_p90, latency_ms_p99 FROM engine_stats WHERE phase = 'all'")) {
            while (r.next()) {
                double[] v = new double[10];
                for (int c = 0; c < 10; c++) v[c] = r.getDouble(c + 2);
                rows.put(r.getString(1), v);
            }
        }
        double[] a = rows.get("rand-a"), b = rows.get("rand-b");
        assertEquals(List.of(1.0, 0.0, 0.0, 0.0), List.of(a[0], a[1], a[2], a[3]), "rand-a: one crash (its engine disconnected)");
        assertEquals(List.of(0.0, 1.0, 1.0, 0.0), List.of(b[0], b[1], b[2], b[3]), "rand-b: one stall, one illegal move");
        // Linear interpolation over 100..800 (8 values): p10 at rank 0.7, p50 at 3.5, p90 at 6.3.
        assertEquals(170.0, a[4], 1e-9);
        assertEquals(450.0, a[5], 1e-9);
        assertEquals(730.0, a[6], 1e-9);
        // rand-a's move times: plies 0 and 2 as White (100, 300 ms), 1 and 3 as Black (200, 400 ms), twice each.
        assertEquals(250.0, a[7], 1e-9);
        assertEquals(400.0, a[8], 1e-9);
        assertEquals(3.0, a[9], 1e-9, "latency is the ply index here: at most 3");
        assertEquals(900.0, b[5], 1e-9);
    }
}
