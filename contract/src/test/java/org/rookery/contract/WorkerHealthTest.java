package org.rookery.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.contract.control.Quarantine;
import org.rookery.contract.fleet.QuarantineRule;
import org.rookery.contract.fleet.WorkerHealth;
import org.rookery.contract.games.GameCodec;
import org.rookery.contract.games.GameRow;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.WorkerResiduals;

/** The worker table: counts by hand, the residual as the statistics library's fishtest χ² on the same pair counts. */
class WorkerHealthTest {
    private static GameRow game(String worker, int pair, int inPair, String white, String black, String result, String termination,
            String nps) {
        return GameCodec.read("{\"game_id\":\"m-0123456789abcdef/" + pair + "/" + inPair + "\",\"match_id\":\"m-0123456789abcdef\","
                + "\"pair_index\":" + pair + ",\"game_in_pair\":" + inPair + ",\"white_engine_id\":\"" + white + "\",\"black_engine_id\":\""
                + black + "\",\"result\":\"" + result + "\",\"termination\":\"" + termination + "\",\"worker_id\":\"" + worker
                + "\",\"ply_count\":2,\"start_fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"nps\":" + nps + "}");
    }

    @Test
    void countsTimeLossesCrashesPairsAndSpeedPerWorker() {
        WorkerHealth h = new WorkerHealth("new", new QuarantineRule(100, Double.NaN, 2));
        // w1: pair 0 won twice by new, one loss of old on time; nps new 100, old 200.
        h.add(game("w1", 0, 0, "new", "old", "1-0", "time_forfeit", "[100,200]"));
        h.add(game("w1", 0, 1, "old", "new", "0-1", "normal", "[200,100]"));
        // w2: pair 1 drawn twice; nps new 300, old 200; then a half pair lost by a crash.
        h.add(game("w2", 1, 0, "new", "old", "1/2-1/2", "normal", "[300,200]"));
        h.add(game("w2", 1, 1, "old", "new", "1/2-1/2", "normal", "[200,300]"));
        h.add(game("w2", 2, 0, "new", "old", "0-1", "disconnect", "[300,null]"));
        h.add(game("w2", 2, 0, "new", "old", "0-1", "disconnect", "[300,null]")); // the same game again: ignored
        List<WorkerHealth.Row> rows = h.rows();
        assertEquals(2, rows.size());
        WorkerHealth.Row w1 = rows.get(0), w2 = rows.get(1);
        assertEquals(List.of("w1", 2L, 1L, 1L, 0L), List.of(w1.workerId(), w1.games(), w1.pairs(), w1.timeLosses(), w1.crashes()));
        assertEquals(List.of("w2", 3L, 1L, 0L, 1L), List.of(w2.workerId(), w2.games(), w2.pairs(), w2.timeLosses(), w2.crashes()));
        assertEquals(500.0, w1.timeLossesPer1000());
        assertTrue(w1.verdict().startsWith("500.0 time losses per 1,000 games over 2 games"), w1.verdict());
        assertNull(w2.verdict());
        // new: fleet mean (100+100+300+300+300)/5 = 220; old: 200 everywhere.
        assertEquals(Map.of("new", 100 / 220.0, "old", 1.0), w1.npsRatio());
        assertEquals(300 / 220.0, w2.npsRatio().get("new"), 1e-12);
        assertEquals(Map.of("w1", new Pentanomial(0, 0, 0, 0, 1), "w2", new Pentanomial(0, 0, 1, 0, 0)), h.pentanomials());
    }

    @Test
    void theResidualIsFishtestsOnTheWorkersPairCounts() {
        WorkerHealth h = new WorkerHealth("new", QuarantineRule.DEFAULT);
        int pair = 0;
        // Three workers with 40 pairs each; w3 wins far more often.
        String[][] plan = {{"w1", "10", "20", "10"}, {"w2", "11", "19", "10"}, {"w3", "30", "8", "2"}};
        for (String[] w : plan) {
            int wins = Integer.parseInt(w[1]), draws = Integer.parseInt(w[2]), losses = Integer.parseInt(w[3]);
            for (int i = 0; i < wins + draws + losses; i++, pair++) {
                String r0 = i < wins ? "1-0" : i < wins + draws ? "1/2-1/2" : "0-1";
                String r1 = i < wins ? "0-1" : i < wins + draws ? "1/2-1/2" : "1-0";
                h.add(game(w[0], pair, 0, "new", "old", r0, "normal", "null"));
                h.add(game(w[0], pair, 1, "old", "new", r1, "normal", "null"));
            }
        }
        Map<String, double[]> table = new java.util.LinkedHashMap<>();
        table.put("w1", new double[] {10, 10, 20});
        table.put("w2", new double[] {11, 10, 19});
        table.put("w3", new double[] {30, 2, 8});
        WorkerResiduals.Result expected = WorkerResiduals.of(table);
        for (WorkerHealth.Row r : h.rows()) assertEquals(expected.residual().get(r.workerId()), r.residual(), 1e-12, r.workerId());
        WorkerHealth.Row w3 = h.rows().get(2);
        assertTrue(w3.residual() > 3.5, "w3's residual " + w3.residual());
        assertTrue(w3.verdict().startsWith("chi-square residual "), w3.verdict());
    }

    @Test
    void aQuarantineRecordRoundTrips() {
        Quarantine q = new Quarantine("m-0123456789abcdef", "w3", "chi-square residual 4.10 over 80 games (threshold 3.50)", 80);
        assertEquals("m-0123456789abcdef/quarantine/w3", q.key());
        String v = RecordJson.write(q.toJson());
        assertTrue(Quarantine.is(v));
        assertEquals(q, Quarantine.parse(v));
        assertEquals(QuarantineRule.DEFAULT, QuarantineRule.parse(null));
        QuarantineRule r = new QuarantineRule(Double.NaN, 2.5, 10);
        assertEquals(r.toString(), QuarantineRule.parse(r.toJson()).toString());
    }
}
