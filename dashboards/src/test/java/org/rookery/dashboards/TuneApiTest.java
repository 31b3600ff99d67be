package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.dashboards.fixture.Fixture;
import org.rookery.dashboards.fixture.SpsaRows;

/** {@code /api/tune/runs} and {@code /api/tune/{run}} over the fixture's {@code spsa} rows. */
class TuneApiTest {

    @Test
    void theRunIsListedWithItsLatestTheta() throws Exception {
        JsonNode r = Fixture.getJson("/api/tune/runs");
        assertFalse(r.get("live").get("configured").asBoolean());
        JsonNode run = null;
        for (JsonNode x : r.get("runs")) if (x.get("run_id").asText().equals(SpsaRows.RUN)) run = x;
        assertNotNull(run, r.toString());
        List<Map<String, Object>> rows = SpsaRows.rows();
        assertEquals(10, run.get("counted").asInt());
        assertEquals(10, run.get("pairs").asInt());
        assertEquals(SpsaRows.PARAMETERS.get(1), run.get("parameters").get(1).asText());
        List<?> last = (List<?>) rows.get(rows.size() - 1).get("theta_after");
        for (int i = 0; i < 2; i++) assertEquals((Double) last.get(i), run.get("theta").get(i).asDouble(), 0.0);
        assertFalse(run.get("live").asBoolean());
    }

    @Test
    void thetaPointsAreTheRowsInCountedOrder() throws Exception {
        JsonNode run = Fixture.getJson("/api/tune/" + SpsaRows.RUN);
        List<Map<String, Object>> rows = SpsaRows.rows();
        JsonNode points = run.get("points");
        assertEquals(rows.size(), points.size());
        List<?> start = (List<?>) rows.get(0).get("theta_before");
        for (int i = 0; i < 2; i++) assertEquals((Double) start.get(i), run.get("start").get(i).asDouble(), 0.0);
        for (int n = 0; n < rows.size(); n++) {
            Map<String, Object> row = rows.get(n);
            JsonNode p = points.get(n);
            assertEquals(n + 1, p.get("counted").asInt());
            assertEquals(row.get("iteration"), p.get("iteration").asInt(), "pair " + (n + 1));
            assertEquals(row.get("result"), p.get("result").asInt());
            List<?> after = (List<?>) row.get("theta_after");
            for (int i = 0; i < 2; i++) assertEquals((Double) after.get(i), p.get("theta").get(i).asDouble(), 0.0, "θ after pair " + (n + 1));
        }
        assertEquals(4, points.get(2).get("iteration").asInt(), "counted out of iteration order");
    }

    @Test
    void anUnknownRunIs404() throws Exception {
        var r = Fixture.get("/api/tune/m-0000000000000000");
        assertEquals(404, r.statusCode());
        assertTrue(Fixture.json(r).get("error").asText().contains("no tuning run"), r.body());
    }
}
