package org.rookery.dashboards.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;
import org.rookery.dashboards.http.Text;
import org.rookery.dashboards.matches.LiveGames;
import org.rookery.dashboards.tune.TuneRuns;

/**
 * {@code GET /api/tune/runs} (every tuning run, brief) and {@code GET /api/tune/{run}} (one run
 * with θ per parameter after each counted pair). See {@code docs/api.md} for the fields.
 */
public record TuneApi(TuneRuns runs, LiveGames live, boolean liveConfigured) {

    /** The list endpoint. */
    public Endpoint list() {
        return p -> {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("live", MatchesApi.feed(live, liveConfigured));
            out.put("runs", runs.list());
            return out;
        };
    }

    /** The single-run endpoint, under the {@code /api/tune/} prefix. */
    public Endpoint one() {
        return (Params p) -> {
            String id = p.rest();
            Map<String, Object> m = runs.get(id);
            if (m == null) throw ApiException.notFound("no tuning run " + Text.clip(id));
            return m;
        };
    }
}
