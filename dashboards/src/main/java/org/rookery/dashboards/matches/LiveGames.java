package org.rookery.dashboards.matches;

import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.rookery.contract.control.Quarantine;
import org.rookery.contract.fleet.QuarantineRule;
import org.rookery.contract.fleet.WorkerHealth;
import org.rookery.contract.games.GameCodec;
import org.rookery.dashboards.http.Json;

/**
 * What the live feed has seen since the dashboard started: finished games from
 * {@code rookery.games}, match definitions from {@code rookery.matches} and stops from
 * {@code rookery.control}. Whole records are kept for the most recent {@link #FULL_RECORDS} games
 * so the viewer can show a game before the Spark sink has written it; results are kept for all.
 */
public final class LiveGames {
    static final int FULL_RECORDS = 5000;

    private final Map<String, GameResult> results = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Object>> records = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, false) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Map<String, Object>> eldest) {
                    return size() > FULL_RECORDS;
                }
            });
    private final Set<String> liveMatches = ConcurrentHashMap.newKeySet();
    private final Map<String, MatchDefinition> definitions = new ConcurrentHashMap<>();
    private final Map<String, String> stops = new ConcurrentHashMap<>();
    private final List<Consumer<GameResult>> listeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<String>> matchListeners = new CopyOnWriteArrayList<>();
    private volatile boolean connected;
    /** Per match, the workers' health from the games as they arrive (the same tally as {@code rookery status}). */
    private final Map<String, WorkerHealth> health = new ConcurrentHashMap<>();
    private final Map<String, QuarantineRule> rules = new ConcurrentHashMap<>();
    /** Per match, worker id → the quarantine decision read from {@code rookery.control}. */
    private final Map<String, Map<String, Quarantine>> quarantines = new ConcurrentHashMap<>();

    /** Adds a game record (a {@code rookery.games} value); returns its result, or null if it is no gauntlet game. */
    public GameResult addGame(Map<String, Object> record) {
        GameResult r = GameResult.fromRecord(record);
        if (r == null) return null;
        boolean fresh = results.put(r.gameId(), r) == null;
        liveMatches.add(r.matchId());
        records.put(r.gameId(), record);
        if (fresh) {
            MatchDefinition d = definitions.get(r.matchId());
            WorkerHealth h = health.computeIfAbsent(r.matchId(), k -> new WorkerHealth(d == null || d.engineNames().isEmpty() ? null
                    : d.engineNames().get(0), rules.getOrDefault(k, QuarantineRule.DEFAULT)));
            synchronized (h) {
                h.add(GameCodec.fromJson(Json.MAPPER.valueToTree(record)));
            }
        }
        if (fresh) for (Consumer<GameResult> l : listeners) l.accept(r);
        return r;
    }

    /** A match's quarantine rule, from its definition's {@code quarantine} section. */
    public void addRule(String matchId, QuarantineRule rule) {
        rules.put(matchId, rule);
    }

    /** A quarantine decision from {@code rookery.control}. */
    public void addQuarantine(Quarantine q) {
        quarantines.computeIfAbsent(q.matchId(), k -> new ConcurrentHashMap<>()).putIfAbsent(q.workerId(), q);
        for (Consumer<String> l : matchListeners) l.accept(q.matchId());
    }

    /** The worker lines of a match the feed has games of (empty otherwise), and its fishtest z99 threshold. */
    public List<WorkerHealth.Row> workers(String matchId) {
        WorkerHealth h = health.get(matchId);
        if (h == null) return List.of();
        synchronized (h) {
            return h.rows();
        }
    }

    /** The quarantine decisions of a match, by worker id. */
    public Map<String, Quarantine> quarantines(String matchId) {
        return quarantines.getOrDefault(matchId, Map.of());
    }

    /** Whether the feed has seen a game or a definition of the match. */
    public boolean has(String matchId) {
        return liveMatches.contains(matchId);
    }

    public void addDefinition(MatchDefinition d) {
        definitions.put(d.matchId(), d);
        liveMatches.add(d.matchId());
        for (Consumer<String> l : matchListeners) l.accept(d.matchId());
    }

    public void addStop(String matchId, String reason) {
        stops.put(matchId, reason == null ? "stopped" : reason);
        for (Consumer<String> l : matchListeners) l.accept(matchId);
    }

    /** Called with the match id when a definition or a stop arrives (on the feed's thread). */
    public void onMatch(Consumer<String> listener) {
        matchListeners.add(listener);
    }

    /** Called for every game seen for the first time (on the feed's thread). */
    public void onGame(Consumer<GameResult> listener) {
        listeners.add(listener);
    }

    public Collection<GameResult> results() {
        return new ArrayList<>(results.values());
    }

    public Map<String, Object> record(String gameId) {
        return records.get(gameId);
    }

    public Map<String, MatchDefinition> definitions() {
        return Map.copyOf(definitions);
    }

    public Map<String, String> stops() {
        return Map.copyOf(stops);
    }

    public boolean connected() {
        return connected;
    }

    void setConnected(boolean connected) {
        this.connected = connected;
    }
}
