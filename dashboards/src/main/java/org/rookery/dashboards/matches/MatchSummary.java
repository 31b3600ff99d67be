package org.rookery.dashboards.matches;

import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.Sprt;
import org.rookery.stats.Tally;
import org.rookery.stats.Trinomial;

/**
 * The statistics of one match from its games, computed by {@code org.rookery.stats}: W/D/L
 * of the engine under test, Elo ± 95% error and LOS (pentanomial once a pair is complete, as
 * fishtest and fastchess report them; trinomial before), the pentanomial counts, the SPRT LLR with
 * its bounds, the history of LLR and Elo against games played, and terminations.
 */
public final class MatchSummary {
    /** At most this many points in each chart series; long matches are sampled evenly. */
    static final int MAX_POINTS = 200;

    private MatchSummary() {
    }

    /** The engine under test: the definition's first engine, else White of the first game 0 of a pair. */
    static String testedEngine(MatchDefinition def, List<GameResult> games) {
        if (def != null && !def.engineNames().isEmpty()) return def.engineNames().get(0);
        return games.stream()
                .filter(g -> g.gameInPair() == null || g.gameInPair() == 0)
                .min(ORDER)
                .map(GameResult::white)
                .orElse(games.isEmpty() ? null : games.get(0).white());
    }

    /** Games in the order they were scheduled: game number, then pair and game in pair. */
    public static final Comparator<GameResult> ORDER = Comparator
            .comparing((GameResult g) -> g.gameNumber() == null ? Long.MAX_VALUE : g.gameNumber())
            .thenComparing(g -> g.pairIndex() == null ? Integer.MAX_VALUE : g.pairIndex())
            .thenComparing(g -> g.gameInPair() == null ? 0 : g.gameInPair())
            .thenComparing(GameResult::gameId);

    /** The summary shown in the match list (no history, no games). */
    public static Map<String, Object> brief(String matchId, MatchDefinition def, List<GameResult> games, String status) {
        return build(matchId, def, games, status, false);
    }

    /** The full match: the brief fields plus chart history, terminations and the games. */
    public static Map<String, Object> full(String matchId, MatchDefinition def, List<GameResult> games, String status) {
        return build(matchId, def, games, status, true);
    }

    private static Map<String, Object> build(String matchId, MatchDefinition def, List<GameResult> unsorted, String status,
            boolean full) {
        List<GameResult> games = new ArrayList<>(unsorted);
        games.sort(ORDER);
        String tested = testedEngine(def, games);
        Tally t = new Tally();
        List<Map<String, Object>> history = new ArrayList<>();
        Sprt sprt = def == null ? null : def.sprtTest();
        int step = Math.max(1, games.size() / MAX_POINTS);
        for (int i = 0; i < games.size(); i++) {
            add(t, games.get(i), tested);
            if (full && ((i + 1) % step == 0 || i == games.size() - 1) && t.games() > 0) history.add(point(t, sprt));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", matchId);
        m.put("status", status);
        m.put("engines", engines(def, games, tested));
        m.put("tested", tested);
        m.put("time_control", def == null ? null : def.timeControl());
        m.put("planned_pairs", def == null ? null : def.pairs());
        m.put("created_at", def == null ? null : def.createdAt());
        m.put("games", t.games());
        Trinomial wdl = t.trinomial();
        m.put("wins", wdl.wins());
        m.put("draws", wdl.draws());
        m.put("losses", wdl.losses());
        estimates(t, m);
        Pentanomial p = t.pentanomial();
        m.put("pentanomial", List.of(p.ll(), p.ld(), p.ddWl(), p.wd(), p.ww()));
        m.put("sprt", sprt == null ? null : sprt(t, sprt));
        m.put("last_finished_at", games.stream().map(GameResult::finishedAt).filter(x -> x != null)
                .max(Comparator.naturalOrder()).orElse(null));
        if (full) {
            m.put("history", history);
            m.put("terminations", terminations(games));
            List<Map<String, Object>> list = new ArrayList<>();
            for (int i = games.size() - 1; i >= 0 && list.size() < 500; i--) list.add(gameRow(games.get(i), tested));
            m.put("game_list", list);
        }
        return m;
    }

    private static List<String> engines(MatchDefinition def, List<GameResult> games, String tested) {
        if (def != null && !def.engineNames().isEmpty()) return def.engineNames();
        List<String> out = new ArrayList<>();
        if (tested != null) out.add(tested);
        for (GameResult g : games) {
            for (String e : g.engines()) if (!out.contains(e)) out.add(e);
        }
        return out;
    }

    private static Map<String, Long> terminations(List<GameResult> games) {
        Map<String, Long> counts = new TreeMap<>();
        for (GameResult g : games) counts.merge(g.termination() == null ? "unknown" : g.termination(), 1L, Long::sum);
        return counts;
    }

    private static Map<String, Object> gameRow(GameResult g, String tested) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("game_id", g.gameId());
        r.put("game_number", g.gameNumber());
        r.put("pair_index", g.pairIndex());
        r.put("white", g.white());
        r.put("black", g.black());
        r.put("result", g.result());
        r.put("termination", g.termination());
        r.put("ply_count", g.plyCount());
        r.put("finished_at", g.finishedAt());
        r.put("score", tested == null || g.scoreOf(tested) < 0 ? null : g.scoreOf(tested));
        return r;
    }

    /** A finite number, or null: JSON has no NaN or infinity (an all-win sample has infinite Elo). */
    static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }

    /** Counts a game of the engine under test; a game it did not play, or without a result, is skipped. */
    private static void add(Tally t, GameResult g, String tested) {
        if (tested == null) return;
        double s = g.scoreOf(tested);
        if (s < 0) return;
        t.add(s, g.pairIndex() == null || g.pairIndex() < 0 ? Tally.NO_PAIR : g.pairIndex());
    }

    private static void estimates(Tally t, Map<String, Object> m) {
        if (t.paired()) {
            Pentanomial p = t.pentanomial();
            m.put("model", "pentanomial");
            m.put("elo", finite(p.elo()));
            m.put("elo_error", finite(p.eloError()));
            m.put("los", finite(p.los()));
        } else {
            Trinomial tri = t.trinomial();
            m.put("model", "trinomial");
            m.put("elo", t.games() == 0 ? null : finite(tri.elo()));
            m.put("elo_error", t.games() == 0 ? null : finite(tri.eloError()));
            m.put("los", t.games() == 0 ? null : finite(tri.los()));
        }
    }

    private static Map<String, Object> sprt(Tally t, Sprt sprt) {
        Sprt.Outcome o = sprt.evaluate(t);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("elo0", sprt.elo0());
        s.put("elo1", sprt.elo1());
        s.put("alpha", sprt.alpha());
        s.put("beta", sprt.beta());
        s.put("model", sprt.model().name().toLowerCase());
        s.put("llr", finite(o.llr()));
        s.put("lower_bound", sprt.lowerBound());
        s.put("upper_bound", sprt.upperBound());
        s.put("decision", switch (o.decision()) {
            case ACCEPT_H0 -> "H0";
            case ACCEPT_H1 -> "H1";
            case CONTINUE -> null;
        });
        return s;
    }

    private static Map<String, Object> point(Tally t, Sprt sprt) {
        Map<String, Object> pt = new LinkedHashMap<>();
        pt.put("games", t.games());
        Map<String, Object> est = new LinkedHashMap<>();
        estimates(t, est);
        pt.put("elo", est.get("elo"));
        pt.put("elo_error", est.get("elo_error"));
        pt.put("llr", sprt == null ? null : finite(sprt.evaluate(t).llr()));
        return pt;
    }
}
