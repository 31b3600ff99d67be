package org.rookery.dashboards.tune;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rookery.dashboards.data.SpsaTable;

/**
 * The tuning runs the dashboard knows: finished or local ones from the {@code spsa} table, running
 * ones from the live feed, the two merged per pair (a pair the sink wrote and the feed read is the
 * same pair). θ's path is in the order the run counted its pairs.
 */
public final class TuneRuns {
    private final SpsaTable table;
    private final LiveTuning live;

    public TuneRuns(SpsaTable table, LiveTuning live) {
        this.table = table;
        this.live = live;
    }

    /** Every run, briefly: id, parameters, pairs planned and counted, θ now. */
    public List<Map<String, Object>> list() throws SQLException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (var e : byRun(null).entrySet()) {
            List<TunePoint> ps = e.getValue();
            TunePoint last = ps.get(ps.size() - 1);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("run_id", e.getKey());
            m.put("parameters", last.parameters());
            m.put("pairs", last.pairs());
            m.put("counted", ps.size());
            m.put("theta", last.after());
            m.put("live", !live.points(e.getKey()).isEmpty());
            out.add(m);
        }
        return out;
    }

    /** One run with θ per parameter after each counted pair, or null when no pair of it is known. */
    public Map<String, Object> get(String runId) throws SQLException {
        List<TunePoint> ps = byRun(runId).get(runId);
        if (ps == null) return null;
        TunePoint first = ps.get(0), last = ps.get(ps.size() - 1);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run_id", runId);
        m.put("parameters", last.parameters());
        m.put("pairs", last.pairs());
        m.put("counted", ps.size());
        m.put("live", !live.points(runId).isEmpty());
        m.put("start", first.before());
        m.put("theta", last.after());
        List<Map<String, Object>> points = new ArrayList<>();
        for (int i = 0; i < ps.size(); i++) {
            TunePoint p = ps.get(i);
            Map<String, Object> pt = new LinkedHashMap<>();
            pt.put("counted", p.counted() > 0 ? p.counted() : i + 1);
            pt.put("iteration", p.iteration());
            pt.put("result", p.result());
            pt.put("theta", p.after());
            points.add(pt);
        }
        m.put("points", points);
        return m;
    }

    private Map<String, List<TunePoint>> byRun(String runId) throws SQLException {
        Map<String, Map<Integer, TunePoint>> merged = new TreeMap<>();
        for (TunePoint p : table.points(runId)) merged.computeIfAbsent(p.runId(), r -> new TreeMap<>()).put(p.iteration(), p);
        for (TunePoint p : live.points(runId)) merged.computeIfAbsent(p.runId(), r -> new TreeMap<>()).putIfAbsent(p.iteration(), p);
        Map<String, List<TunePoint>> out = new TreeMap<>();
        for (var e : merged.entrySet()) {
            List<TunePoint> ps = new ArrayList<>(e.getValue().values());
            // Rows written before the counted column keep the iteration order.
            ps.sort(Comparator.comparingLong((TunePoint p) -> p.counted() > 0 ? p.counted() : p.iteration()));
            out.put(e.getKey(), ps);
        }
        return out;
    }
}
