package org.rookery.dashboards.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rookery.dashboards.data.EndgamesTable;
import org.rookery.dashboards.data.Filters;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;

/**
 * {@code GET /api/endgames?min_games=&limit=&ratings=&speeds=&since=&until=&sources=}: material
 * signatures with their outcome rates and, where endgame tables exist, how often a table win was
 * not won.
 */
public final class EndgamesApi implements Endpoint {
    private final EndgamesTable table;

    public EndgamesApi(EndgamesTable table) {
        this.table = table;
    }

    @Override
    public Object handle(Params p) throws Exception {
        Filters f = Filters.of(p);
        int minGames = p.intValue("min_games", 1, 1, Integer.MAX_VALUE);
        int limit = p.intValue("limit", 100, 1, 1000);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("signatures", table.signatures(f, minGames, limit));
        return out;
    }
}
