package org.rookery.contract.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;

/**
 * When a worker is quarantined from a match: the {@code quarantine} section of a match definition
 * ({@code rookery submit -quarantine timelosses=T residual=R games=G}). A worker is judged once it
 * has played {@code minGames} games of the match; it passes the rule with more than
 * {@code timeLossesPer1000} time losses per 1,000 games, or a χ² residual (fishtest's, see
 * {@link org.rookery.stats.WorkerResiduals}) above {@code residual}. NaN turns a test off.
 */
public record QuarantineRule(double timeLossesPer1000, double residual, int minGames) {
    /** Rookery's defaults: 50 time losses per 1,000 games, residual 3.5 (near fishtest's z99 for 10–20 workers), 40 games. */
    public static final QuarantineRule DEFAULT = new QuarantineRule(50, 3.5, 40);

    /** Checks the ranges. */
    public QuarantineRule {
        if (!(timeLossesPer1000 >= 0) && !Double.isNaN(timeLossesPer1000)) throw new ContractException("quarantine timelosses must be >= 0");
        if (!(residual >= 0) && !Double.isNaN(residual)) throw new ContractException("quarantine residual must be >= 0");
        if (minGames < 1) throw new ContractException("quarantine games must be >= 1");
    }

    /** Why a worker with these figures passes the rule, or null when it does not (or has too few games). */
    public String verdict(long games, double timeLossesPer1000Played, double residualPlayed) {
        if (games < minGames) return null;
        if (!Double.isNaN(timeLossesPer1000) && timeLossesPer1000Played > timeLossesPer1000) {
            return String.format(java.util.Locale.ROOT, "%.1f time losses per 1,000 games over %d games (threshold %.1f)",
                    timeLossesPer1000Played, games, timeLossesPer1000);
        }
        if (!Double.isNaN(residual) && residualPlayed > residual) {
            return String.format(java.util.Locale.ROOT, "chi-square residual %.2f over %d games (threshold %.2f)", residualPlayed, games, residual);
        }
        return null;
    }

    /** The section as written in a definition; an off test is written as null. */
    public ObjectNode toJson() {
        ObjectNode o = RecordJson.object();
        putOrNull(o, "timelosses_per_1000", timeLossesPer1000);
        putOrNull(o, "residual", residual);
        o.put("min_games", minGames);
        return o;
    }

    private static void putOrNull(ObjectNode o, String field, double v) {
        if (Double.isNaN(v)) o.putNull(field);
        else o.put(field, v);
    }

    /** Reads the section; absent (definitions before it) is {@link #DEFAULT}. */
    public static QuarantineRule parse(JsonNode n) {
        if (n == null || n.isNull()) return DEFAULT;
        if (!n.isObject()) throw new ContractException("\"quarantine\" must be an object");
        JsonNode g = n.get("min_games");
        if (g == null || !g.canConvertToInt()) throw new ContractException("\"quarantine.min_games\" must be a whole number");
        return new QuarantineRule(number(n, "timelosses_per_1000"), number(n, "residual"), g.asInt());
    }

    private static double number(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) return Double.NaN;
        if (!v.isNumber()) throw new ContractException("\"quarantine." + field + "\" must be a number or null");
        return v.asDouble();
    }
}
