package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.dashboards.fixture.CorpusTables;
import org.rookery.dashboards.fixture.Fixture;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.Sprt;

/** {@code /api/matches} and {@code /api/matches/{id}}: counts recomputed here from the fixture's games. */
class MatchesApiTest {

    /** W/D/L and pair scores of the tested engine ("rookery-dev"), counted independently of the server. */
    private static long[] expected(long[] penta) {
        long w = 0, d = 0, l = 0;
        List<Map<String, Object>> games = CorpusTables.match(CorpusTables.MATCH, 12, "rookery-dev", "rookery-base");
        double[] pair = new double[12];
        for (Map<String, Object> g : games) {
            boolean white = "rookery-dev".equals(g.get("white"));
            String res = (String) g.get("result");
            double s = res.equals("1/2-1/2") ? 0.5 : res.equals("1-0") == white ? 1 : 0;
            if (s == 1) w++;
            else if (s == 0) l++;
            else d++;
            pair[(Integer) g.get("pair_index")] += s;
        }
        for (double p : pair) penta[(int) Math.round(p * 2)]++;
        return new long[] {w, d, l};
    }

    @Test
    void listHasBothMatchesWithStatistics() throws Exception {
        JsonNode r = Fixture.getJson("/api/matches");
        assertFalse(r.get("live").get("configured").asBoolean());
        JsonNode m1 = null, m2 = null;
        for (JsonNode m : r.get("matches")) {
            if (m.get("id").asText().equals(CorpusTables.MATCH)) m1 = m;
            if (m.get("id").asText().equals(CorpusTables.UNDEFINED_MATCH)) m2 = m;
        }
        assertNotNull(m1);
        assertNotNull(m2);
        long[] penta = new long[5];
        long[] wdl = expected(penta);
        assertEquals(24, m1.get("games").asLong());
        assertEquals(wdl[0], m1.get("wins").asLong());
        assertEquals(wdl[1], m1.get("draws").asLong());
        assertEquals(wdl[2], m1.get("losses").asLong());
        for (int i = 0; i < 5; i++) assertEquals(penta[i], m1.get("pentanomial").get(i).asLong(), "bin " + i);
        Pentanomial p = new Pentanomial(penta[0], penta[1], penta[2], penta[3], penta[4]);
        assertEquals(p.elo(), m1.get("elo").asDouble(), 1e-9);
        assertEquals(p.eloError(), m1.get("elo_error").asDouble(), 1e-9);
        assertEquals(p.los(), m1.get("los").asDouble(), 1e-9);
        JsonNode sprt = m1.get("sprt");
        assertEquals(new Sprt(0.05, 0.05, 0, 10, Sprt.Model.LOGISTIC).llr(p), sprt.get("llr").asDouble(), 1e-9);
        assertEquals(-2.944, sprt.get("lower_bound").asDouble(), 1e-3);
        assertEquals(2.944, sprt.get("upper_bound").asDouble(), 1e-3);
        assertEquals("rookery-dev", m1.get("tested").asText());
        assertEquals("incomplete", m1.get("status").asText(), "12 of 40 pairs, no decision, no broker");
        assertTrue(m2.get("sprt").isNull());
        assertEquals(6, m2.get("games").asLong());
        assertEquals("alpha-engine", m2.get("tested").asText(), "White of the first pair's first game");
    }

    @Test
    void oneMatchHasHistoryTerminationsAndGames() throws Exception {
        JsonNode m = Fixture.getJson("/api/matches/" + CorpusTables.MATCH);
        JsonNode history = m.get("history");
        assertTrue(history.size() >= 12);
        assertEquals(24, history.get(history.size() - 1).get("games").asLong());
        assertEquals(m.get("sprt").get("llr").asDouble(), history.get(history.size() - 1).get("llr").asDouble(), 1e-12);
        long terminations = 0;
        for (JsonNode t : m.get("terminations")) terminations += t.asLong();
        assertEquals(24, terminations);
        assertTrue(m.get("terminations").get("time_forfeit").asLong() > 0);
        assertEquals(24, m.get("game_list").size());
        assertEquals("m1/11/1", m.get("game_list").get(0).get("game_id").asText(), "latest game first");
        assertEquals(404, Fixture.get("/api/matches/nope").statusCode());
    }
}
