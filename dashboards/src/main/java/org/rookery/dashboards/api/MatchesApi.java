package org.rookery.dashboards.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;
import org.rookery.dashboards.http.Text;
import org.rookery.dashboards.matches.LiveGames;
import org.rookery.dashboards.matches.MatchStore;

/**
 * {@code GET /api/matches} (every match, brief) and {@code GET /api/matches/{id}} (one match with
 * its chart history, terminations and games). See {@code docs/api.md} for the fields.
 */
public record MatchesApi(MatchStore store, LiveGames live, boolean liveConfigured) {

    /** The list endpoint. */
    public Endpoint list() {
        return p -> {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("live", feed(live, liveConfigured));
            out.put("matches", store.list());
            return out;
        };
    }

    /** The list endpoints' {@code live} object: whether a broker is configured and connected. */
    static Map<String, Object> feed(LiveGames live, boolean configured) {
        Map<String, Object> feed = new LinkedHashMap<>();
        feed.put("configured", configured);
        feed.put("connected", live.connected());
        return feed;
    }

    /** The single-match endpoint, under the {@code /api/matches/} prefix. */
    public Endpoint one() {
        return (Params p) -> {
            String id = p.rest();
            Map<String, Object> m = store.get(id);
            if (m == null) throw ApiException.notFound("no match " + Text.clip(id));
            return m;
        };
    }
}
