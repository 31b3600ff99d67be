package org.rookery.dashboards.matches;

import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rookery.dashboards.data.GamesTable;
import org.rookery.dashboards.data.MatchesTable;

/**
 * Every match, finished or running: the gauntlet games of the Parquet {@code games} table merged
 * (by game id) with those the live feed has seen and the sink has not written yet. The Parquet
 * side is re-read at most every {@link #REFRESH_MILLIS} ms, so a dashboard left open sees new
 * sink output without a restart.
 */
public final class MatchStore {
    static final long REFRESH_MILLIS = 5000;

    private final GamesTable games;
    private final MatchesTable matches;
    private final LiveGames live;
    private List<GameResult> stored = List.of();
    private Map<String, MatchDefinition> storedDefinitions = Map.of();
    private long loadedAt; // 0: never loaded, so the first request loads

    public MatchStore(GamesTable games, MatchesTable matches, LiveGames live) {
        this.games = games;
        this.matches = matches;
        this.live = live;
    }

    /** The games of every match, keyed by match id in first-seen order. */
    synchronized Map<String, List<GameResult>> byMatch() throws SQLException {
        long now = System.currentTimeMillis();
        if (now - loadedAt >= REFRESH_MILLIS) {
            stored = games.location().exists() ? games.gauntletResults() : List.of();
            Map<String, MatchDefinition> defs = new HashMap<>();
            for (MatchDefinition d : matches.definitions()) defs.put(d.matchId(), d);
            storedDefinitions = defs;
            loadedAt = now;
        }
        Map<String, List<GameResult>> out = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (GameResult g : stored) {
            seen.add(g.gameId());
            out.computeIfAbsent(g.matchId(), k -> new ArrayList<>()).add(g);
        }
        for (GameResult g : live.results()) {
            if (seen.add(g.gameId())) out.computeIfAbsent(g.matchId(), k -> new ArrayList<>()).add(g);
        }
        for (String id : live.definitions().keySet()) out.putIfAbsent(id, new ArrayList<>());
        return out;
    }

    synchronized MatchDefinition definition(String matchId) {
        MatchDefinition d = live.definitions().get(matchId);
        return d != null ? d : storedDefinitions.get(matchId);
    }

    /** Every match's brief summary, most recently active first. */
    public List<Map<String, Object>> list() throws SQLException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map.Entry<String, List<GameResult>> e : byMatch().entrySet()) {
            MatchDefinition def = definition(e.getKey());
            Map<String, Object> m = MatchSummary.brief(e.getKey(), def, e.getValue(), null);
            describeStop(e.getKey(), def, e.getValue(), m);
            out.add(m);
        }
        out.sort((a, b) -> {
            String x = (String) a.get("last_finished_at"), y = (String) b.get("last_finished_at");
            if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1;
            return y.compareTo(x);
        });
        return out;
    }

    /** One match in full, or null when no game or definition names it. */
    public Map<String, Object> get(String matchId) throws SQLException {
        List<GameResult> g = byMatch().get(matchId);
        if (g == null) return null;
        MatchDefinition def = definition(matchId);
        Map<String, Object> m = MatchSummary.full(matchId, def, g, null);
        describeStop(matchId, def, g, m);
        return m;
    }

    /**
     * Adds {@code status} and {@code stop_reason}. A stop ends no game: the games in flight at the
     * stop are recorded and counted in every number of the summary, as {@code rookery status}
     * counts them; the reason says when the SPRT decided ("SPRT: H1 accepted after 24 games").
     */
    private void describeStop(String matchId, MatchDefinition def, List<GameResult> games, Map<String, Object> m) {
        m.put("status", status(matchId, def, games, m));
        m.put("stop_reason", live.stops().get(matchId));
    }

    /**
     * "finished" once the SPRT decided, a stop arrived or every planned pair was played;
     * "running" while the live feed has the match; otherwise "incomplete" (its games are all there is).
     */
    String status(String matchId, MatchDefinition def, List<GameResult> games, Map<String, Object> summary) {
        if (live.stops().containsKey(matchId)) return "finished";
        if (def != null && def.pairs() != null && games.size() >= 2L * def.pairs()) return "finished";
        if (summary.get("sprt") instanceof Map<?, ?> s && s.get("decision") != null) return "finished";
        return live.connected() && live.has(matchId) ? "running" : "incomplete";
    }

}
