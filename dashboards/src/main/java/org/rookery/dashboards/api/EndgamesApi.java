package org.rookery.dashboards.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rookery.dashboards.data.EndgamesTable;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;

/**
 * {@code GET /api/endgames?min_games=&pieces=&limit=}: material signatures with their outcome rates
 * for the stronger side and, where endgame tables exist, how often a table win was not won.
 */
public final class EndgamesApi implements Endpoint {
    private final EndgamesTable table;

    public EndgamesApi(EndgamesTable table) {
        this.table = table;
    }

    @Override
    public Object handle(Params p) throws Exception {
        int minGames = p.intValue("min_games", 1, 1, Integer.MAX_VALUE);
        int pieces = p.intValue("pieces", 32, 2, 32);
        int limit = p.intValue("limit", 100, 1, 1000);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("signatures", table.signatures(minGames, pieces, limit));
        return out;
    }
}
