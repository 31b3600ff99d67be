package org.rookery.dashboards.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.contract.control.Quarantine;
import org.rookery.contract.fleet.WorkerHealth;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;
import org.rookery.dashboards.matches.LiveGames;

/**
 * {@code GET /api/workers/{match}}: the match's worker table from the live feed (docs/api.md), the
 * same {@link WorkerHealth} tally {@code rookery status} prints, with each worker's quarantine.
 */
public record WorkersApi(LiveGames live) implements Endpoint {
    @Override
    public Object handle(Params p) {
        String id = p.rest();
        Map<String, Quarantine> q = live.quarantines(id);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (WorkerHealth.Row r : live.workers(id)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("worker_id", r.workerId());
            m.put("games", r.games());
            m.put("pairs", r.pairs());
            m.put("time_losses", r.timeLosses());
            m.put("time_losses_per_1000", r.timeLossesPer1000());
            m.put("crashes", r.crashes());
            Map<String, Object> nps = new LinkedHashMap<>();
            r.npsRatio().forEach((e, x) -> nps.put(e, Double.isNaN(x) ? null : x));
            m.put("nps_vs_fleet", nps);
            m.put("residual", Double.isNaN(r.residual()) ? null : r.residual());
            m.put("flag", r.verdict());
            Quarantine d = q.get(r.workerId());
            m.put("quarantined", d == null ? null : d.reason());
            rows.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("match_id", id);
        out.put("live", live.connected());
        out.put("workers", rows);
        return out;
    }
}
