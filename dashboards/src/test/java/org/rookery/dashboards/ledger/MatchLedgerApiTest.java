package org.rookery.dashboards.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.contract.ledger.MatchGames;
import org.rookery.contract.ledger.SprtAnswer;
import org.rookery.dashboards.fixture.Fixture;
import org.rookery.stats.Sprt;
import org.rookery.stats.Tally;

/**
 * {@code /api/match-sprt} and {@code /api/match-ledger}. The SPRT numbers equal (a) a tally fed here
 * game by game in finishing order with the statistics library's own test, at every asked bound and
 * model, and (b) {@code analyze sprt}'s computation ({@link SprtAnswer} over {@link MatchGames} read from
 * the same Parquet files through a DuckDB connection of the test's own); engine statistics computed
 * from the games equal a brute-force count over the per-move arrays; {@code engine_stats} and
 * {@code opening_stats} rows come back as written.
 */
class MatchLedgerApiTest {
    private static URI base() throws Exception {
        return LedgerFixture.dashboard().url();
    }

    private static JsonNode get(String path) throws Exception {
        HttpResponse<String> r = Fixture.get(base(), path);
        assertEquals(200, r.statusCode(), r.body());
        return Fixture.json(r);
    }

    private static HttpResponse<String> raw(String path) throws Exception {
        return Fixture.get(base(), path);
    }

    /** The tested engine's games of {@code match} in finishing order: score and pair index. */
    private static List<double[]> counted(String match) {
        List<double[]> out = new ArrayList<>();
        for (Map<String, Object> g : LedgerFixture.GAMES) {
            if (!match.equals(g.get("match_id"))) continue;
            boolean white = "dev".equals(g.get("white"));
            String res = (String) g.get("result");
            double s = res.equals("1/2-1/2") ? 0.5 : res.equals("1-0") == white ? 1 : 0;
            out.add(new double[] {s, (Integer) g.get("pair_index")});
        }
        return out;
    }

    /** LLR after all games, and the game count of the first crossing (-1: none), fed by hand. */
    private static double[] byHand(Sprt test, int asOf) {
        Tally t = new Tally();
        long first = -1;
        Sprt.Outcome o = null;
        for (double[] g : counted(LedgerFixture.MATCH)) {
            if (asOf > 0 && t.games() >= asOf) break;
            t.add(g[0], (int) g[1]);
            o = test.evaluate(t);
            if (first < 0 && o.decision() != Sprt.Decision.CONTINUE) first = t.games();
        }
        return new double[] {o.llr(), first, t.games()};
    }

    /** {@code analyze sprt}'s computation over the fixture's files, on a DuckDB connection of the test's own. */
    static SprtAnswer analyzeSprt(Sprt asked, long asOf) throws Exception {
        String scan = "read_parquet('" + LedgerFixture.data().resolve("games") + "/**/*.parquet', hive_partitioning = true, union_by_name = true)";
        String matches = "read_parquet('" + LedgerFixture.data().resolve("matches") + "/**/*.parquet', hive_partitioning = true)";
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            return SprtAnswer.of(MatchGames.read(c, scan, matches, LedgerFixture.MATCH), asked, asOf);
        }
    }

    private static void assertLine(double[] expected, JsonNode line, SprtAnswer.Line analyze) {
        assertEquals(expected[0], line.get("llr").asDouble(), 0.0, "LLR");
        assertEquals(analyze.llr(), line.get("llr").asDouble(), 0.0, "LLR as analyze sprt computes it");
        long first = (long) expected[1];
        if (first < 0) assertTrue(line.get("stopped_at_games").isNull());
        else assertEquals(first, line.get("stopped_at_games").asLong());
        assertEquals(analyze.stoppedAtGames(), line.get("stopped_at_games").isNull() ? -1 : line.get("stopped_at_games").asLong());
    }

    @Test
    void liveBoundsGiveTheLiveNumbers() throws Exception {
        JsonNode r = get("/api/match-sprt?match=lm");
        assertEquals("dev", r.get("tested").asText());
        assertEquals(2 * LedgerFixture.PAIRS, r.get("games").asLong());
        assertEquals(LedgerFixture.PAIRS, r.get("pairs").asLong());
        Sprt live = new Sprt(0.05, 0.05, 0, 5, Sprt.Model.NORMALIZED);
        SprtAnswer a = analyzeSprt(null, 0);
        assertLine(byHand(live, 0), r.get("live"), a.live());
        assertEquals("normalized", r.get("live").get("sprt_model").asText());
        assertTrue(r.get("asked").isNull());
        assertEquals(a.estimates().elo(), r.get("elo").asDouble(), 0.0);
        assertEquals(a.estimates().nElo(), r.get("nelo").asDouble(), 0.0);
        assertEquals(a.estimates().los(), r.get("los").asDouble(), 0.0);
        var p = a.tally().pentanomial();
        long[] bins = {p.ll(), p.ld(), p.ddWl(), p.wd(), p.ww()};
        for (int i = 0; i < 5; i++) assertEquals(bins[i], r.get("pentanomial").get(i).asLong());
    }

    @Test
    void otherBoundsAndModelsEqualTheLibraryAtEveryAsOf() throws Exception {
        Object[][] asks = {
            {"&elo0=-3&elo1=1&alpha=0.1&beta=0.1&model=logistic", new Sprt(0.1, 0.1, -3, 1, Sprt.Model.LOGISTIC)},
            {"&elo0=-10&elo1=0", new Sprt(0.05, 0.05, -10, 0, Sprt.Model.NORMALIZED)}, // model and α, β kept from the live test
            {"&elo0=0&elo1=10&model=bayesian", new Sprt(0.05, 0.05, 0, 10, Sprt.Model.BAYESIAN)},
            {"&alpha=0.2&beta=0.2", new Sprt(0.2, 0.2, 0, 5, Sprt.Model.NORMALIZED)},
        };
        for (Object[] ask : asks) {
            Sprt test = (Sprt) ask[1];
            for (int asOf : new int[] {0, 1, 7, 30, 61}) {
                JsonNode r = get("/api/match-sprt?match=lm" + ask[0] + (asOf > 0 ? "&as_of=" + asOf : ""));
                double[] hand = byHand(test, asOf);
                assertEquals((long) hand[2], r.get("games").asLong());
                assertLine(hand, r.get("asked"), analyzeSprt(test, asOf).asked());
                assertEquals(test.elo0(), r.get("asked").get("elo0").asDouble());
                assertEquals(test.alpha(), r.get("asked").get("alpha").asDouble());
                assertEquals(test.model().name().toLowerCase(), r.get("asked").get("sprt_model").asText());
            }
        }
    }

    @Test
    void badAsksAreOneLineErrors() throws Exception {
        Map<String, Integer> bad = new HashMap<>();
        bad.put("/api/match-sprt?match=lm&model=gaussian", 400);
        bad.put("/api/match-sprt?match=lm&elo0=1", 400);
        bad.put("/api/match-sprt?match=lm&elo0=5&elo1=1", 400);
        bad.put("/api/match-sprt?match=lm&alpha=x", 400);
        bad.put("/api/match-sprt?match=lm2&alpha=0.1", 400); // no live test to take the bounds from
        bad.put("/api/match-sprt?match=nope", 404);
        bad.put("/api/match-sprt", 400);
        for (Map.Entry<String, Integer> e : bad.entrySet()) {
            HttpResponse<String> r = raw(e.getKey());
            assertEquals(e.getValue(), r.statusCode(), e.getKey() + ": " + r.body());
            String error = Fixture.json(r).get("error").asText();
            assertTrue(!error.isBlank() && !error.contains("\n") && !error.contains("Exception"), e.getKey() + ": " + error);
        }
        JsonNode noLive = get("/api/match-sprt?match=lm2");
        assertTrue(noLive.get("live").isNull());
        assertEquals(8, noLive.get("games").asLong());
    }

    @Test
    void engineStatisticsComputedThenFromTheTableAndOpeningsAsWritten() throws Exception {
        JsonNode r = get("/api/match-ledger?match=lm");
        long stored = LedgerFixture.GAMES.stream().filter(g -> "lm".equals(g.get("match_id"))).count();
        assertEquals(stored, r.get("stored_games").asLong(), "the match's games in the table");
        assertEquals(0, get("/api/match-ledger?match=nowhere").get("stored_games").asLong(), "a live match not yet written");
        JsonNode es = r.get("engine_stats");
        if (es.get("source").asText().equals("computed")) {
            // brute force over the per-move arrays: the mover of ply i is White at even i (start position)
            Map<String, long[]> sums = new HashMap<>(); // moves, nps sum, time sum
            for (Map<String, Object> g : LedgerFixture.GAMES) {
                if (!"lm".equals(g.get("match_id"))) continue;
                @SuppressWarnings("unchecked")
                List<Long> nps = (List<Long>) g.get("nps"), time = (List<Long>) g.get("time_ms");
                for (int i = 0; i < time.size(); i++) {
                    if (time.get(i) == null) continue;
                    String engine = (String) (i % 2 == 0 ? g.get("white") : g.get("black"));
                    long[] s = sums.computeIfAbsent(engine, k -> new long[3]);
                    s[0]++;
                    s[1] += nps.get(i);
                    s[2] += time.get(i);
                }
            }
            assertEquals(2, es.get("rows").size());
            for (JsonNode row : es.get("rows")) {
                long[] s = sums.get(row.get("engine").asText());
                assertEquals("all", row.get("phase").asText());
                assertEquals(s[0], row.get("moves").asLong());
                assertEquals((double) s[1] / s[0], row.get("nps_mean").asDouble(), 1e-6);
                assertEquals((double) s[2] / s[0], row.get("time_ms_mean").asDouble(), 1e-6);
            }
            assertTrue(es.get("note").asText().contains("analyze matches"));
            LedgerFixture.writeEngineStats();
        }
        JsonNode table = get("/api/match-ledger?match=lm").get("engine_stats");
        assertEquals("engine_stats", table.get("source").asText());
        assertEquals(1, table.get("rows").size());
        assertEquals(4242.0, table.get("rows").get(0).get("nps_mean").asDouble());
        assertEquals(1, table.get("rows").get(0).get("time_losses").asLong());

        JsonNode os = r.get("opening_stats");
        assertEquals("opening_stats", os.get("source").asText());
        assertEquals(2, os.get("rows").size());
        assertEquals(25, os.get("rows").get(0).get("pairs").asLong(), "most pairs first");
        assertEquals(21, os.get("rows").get(0).get("dd_wl").asLong());
        assertEquals("", os.get("rows").get(0).get("book_moves").asText());
        assertEquals("e2e4 e7e5", os.get("rows").get(1).get("book_moves").asText());
        assertEquals(0, get("/api/match-ledger?match=lm2").get("opening_stats").get("rows").size());
    }
}
