package org.rookery.dashboards.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.dashboards.data.DuckDb;
import org.rookery.dashboards.data.SpsaTable;
import org.rookery.dashboards.data.TableLocation;

/**
 * The live side of the tuning pages: {@code rookery.spsa} result records (as the tune driver writes
 * them) become points, probes do not, each pair once; a run known only live is a run of its own.
 */
class LiveTuningTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static String result(int k, long counted, double before, double after) {
        return "{\"type\":\"result\",\"run_id\":\"m-1111222233334444\",\"iteration\":" + k + ",\"pairs\":4,\"parameters\":[\"X\"],"
                + "\"delta\":[1],\"c_k\":[2.0],\"theta_played\":[" + before + "],\"plus\":[12.0],\"minus\":[8.0],\"result\":1,"
                + "\"theta_before\":[" + before + "],\"theta_after\":[" + after + "],\"game_ids\":[\"a\",\"b\"],\"counted\":" + counted + "}";
    }

    @Test
    void resultsArePointsInCountedOrderAndProbesAreNot() throws Exception {
        LiveTuning live = new LiveTuning();
        List<String> told = new ArrayList<>();
        live.onPoint(told::add);
        live.add(JSON.readTree("{\"type\":\"probe\",\"run_id\":\"m-1111222233334444\",\"iteration\":3}"));
        live.add(JSON.readTree(result(2, 1, 10, 11.5)));
        live.add(JSON.readTree(result(1, 2, 11.5, 12.25)));
        live.add(JSON.readTree(result(1, 2, 11.5, 12.25))); // read again after a rebalance: the same pair
        assertEquals(List.of("m-1111222233334444", "m-1111222233334444"), told);
        try (DuckDb db = new DuckDb(1, 1)) {
            TuneRuns runs = new TuneRuns(new SpsaTable(db, new TableLocation(dir, "spsa")), live);
            Map<String, Object> run = runs.get("m-1111222233334444");
            assertEquals(2, run.get("counted"));
            assertEquals(true, run.get("live"));
            assertEquals(List.of(10.0), run.get("start"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> points = (List<Map<String, Object>>) run.get("points");
            assertEquals(List.of(2, 1), points.stream().map(p -> p.get("iteration")).toList());
            assertEquals(List.of(List.of(11.5), List.of(12.25)), points.stream().map(p -> p.get("theta")).toList());
            assertEquals(1, runs.list().size());
        }
        assertThrows(IllegalArgumentException.class, () -> live.add(JSON.readTree("{\"type\":\"result\",\"iteration\":1}")));
    }
}
