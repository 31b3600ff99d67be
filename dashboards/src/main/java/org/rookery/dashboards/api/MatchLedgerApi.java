package org.rookery.dashboards.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.contract.ledger.MatchGames;
import org.rookery.contract.ledger.SprtAnswer;
import org.rookery.contract.ledger.SprtQuery;
import org.rookery.core.cli.UsageError;
import org.rookery.dashboards.data.LedgerTables;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;
import org.rookery.dashboards.http.Text;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.Sprt;
import org.rookery.stats.Trinomial;

/**
 * A match's ledger for its page: {@code GET /api/match-ledger?match=ID} (engine statistics by phase and
 * the per-opening table) and {@code GET /api/match-sprt?match=ID[&elo0=&elo1=&alpha=&beta=&model=&as_of=]}
 * (the SPRT recomputed over the stored games under other bounds or model, by {@code contract}'s
 * {@link SprtAnswer}, the code {@code analyze sprt} prints). See {@code docs/api.md}.
 */
public record MatchLedgerApi(LedgerTables tables) {

    /** The engine statistics and opening table endpoint. */
    public Endpoint ledger() {
        return p -> {
            String id = p.required("match");
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("match_id", id);
            int stored;
            try {
                stored = tables.matchGames(id).games().size();
            } catch (UsageError e) {
                stored = 0; // a live match the sink has not written yet
            }
            out.put("stored_games", stored);
            out.put("engine_stats", answer(tables.engineStats(id)));
            out.put("opening_stats", answer(tables.openingStats(id)));
            return out;
        };
    }

    /** The SPRT endpoint. */
    public Endpoint sprt() {
        return p -> {
            String id = p.required("match");
            SprtQuery q = new SprtQuery(number(p, "elo0"), number(p, "elo1"), number(p, "alpha"), number(p, "beta"),
                    p.get("model", null));
            if (q.model() != null) {
                try {
                    SprtQuery.model(q.model());
                } catch (IllegalArgumentException e) {
                    throw ApiException.badParameter("model", "must be " + SprtQuery.MODELS + ", not " + Text.clip(q.model()));
                }
            }
            int asOf = p.intValue("as_of", 0, 0, Integer.MAX_VALUE);
            MatchGames m;
            try {
                m = tables.matchGames(id);
            } catch (UsageError e) {
                throw ApiException.notFound("no stored games of match " + Text.clip(id));
            }
            Sprt asked;
            try {
                asked = q.resolve(m.liveTest());
            } catch (IllegalArgumentException e) {
                throw ApiException.badParameter("sprt", e.getMessage().replace("--", ""));
            }
            return json(SprtAnswer.of(m, asked, asOf));
        };
    }

    /** The answer as JSON; NaN and infinities are null. */
    static Map<String, Object> json(SprtAnswer a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("match_id", a.match().matchId());
        out.put("tested", a.match().tested());
        out.put("as_of", a.asOf() > 0 ? a.asOf() : null);
        out.put("games", a.tally().games());
        Pentanomial p = a.tally().pentanomial();
        Trinomial w = a.tally().trinomial();
        out.put("pairs", p.pairs());
        out.put("pentanomial", List.of(p.ll(), p.ld(), p.ddWl(), p.wd(), p.ww()));
        out.put("wdl", List.of(w.wins(), w.draws(), w.losses()));
        SprtAnswer.Estimates e = a.estimates();
        out.put("model", e.paired() ? "pentanomial" : "trinomial");
        out.put("elo", finite(e.elo()));
        out.put("elo_error", finite(e.eloError()));
        out.put("nelo", finite(e.nElo()));
        out.put("nelo_error", finite(e.nEloError()));
        out.put("los", finite(e.los()));
        out.put("live", line(a.live()));
        out.put("asked", line(a.asked()));
        return out;
    }

    private static Map<String, Object> line(SprtAnswer.Line l) {
        if (l == null) return null;
        Sprt t = l.test();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("elo0", t.elo0());
        out.put("elo1", t.elo1());
        out.put("alpha", t.alpha());
        out.put("beta", t.beta());
        out.put("sprt_model", t.model().name().toLowerCase(java.util.Locale.ROOT));
        out.put("llr", finite(l.llr()));
        out.put("lower_bound", t.lowerBound());
        out.put("upper_bound", t.upperBound());
        out.put("stopped_at_games", l.stoppedAtGames() < 0 ? null : l.stoppedAtGames());
        out.put("decision", l.stop() == null ? null : l.stop().decision() == Sprt.Decision.ACCEPT_H1 ? "H1" : "H0");
        out.put("stop_llr", l.stop() == null ? null : finite(l.stop().llr()));
        return out;
    }

    private static Map<String, Object> answer(LedgerTables.Answer a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("source", a.source());
        out.put("note", a.note());
        out.put("rows", a.rows());
        return out;
    }

    private static Double number(Params p, String name) {
        String v = p.get(name);
        if (v == null || v.isBlank()) return null;
        try {
            double d = Double.parseDouble(v.trim());
            if (!Double.isFinite(d)) throw ApiException.badParameter(name, "not a finite number: " + Text.clip(v));
            return d;
        } catch (NumberFormatException e) {
            throw ApiException.badParameter(name, "not a number: " + Text.clip(v));
        }
    }

    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
