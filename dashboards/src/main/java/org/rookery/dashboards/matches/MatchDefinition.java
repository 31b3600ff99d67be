package org.rookery.dashboards.matches;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.rookery.stats.Sprt;

/**
 * The parts of a match definition (a {@code rookery.matches} record) the dashboard shows:
 * engines, time control, planned pairs and the SPRT. Fields it does not know are ignored and
 * missing ones are null, so definitions may grow.
 *
 * @param matchId the match id
 * @param engines engine registry names; the first is the engine under test
 * @param timeControl the time control as written, or null
 * @param pairs planned number of game pairs, or null
 * @param sprt the SPRT, or null for a fixed-length match
 * @param createdAt ISO-8601 creation time, or null
 */
public record MatchDefinition(String matchId, List<String> engines, String timeControl, Integer pairs, Sprt sprt,
        String createdAt) {

    /** Reads a definition; throws {@link IllegalArgumentException} for a malformed SPRT section. */
    public static MatchDefinition fromJson(String matchId, JsonNode n) {
        List<String> engines = new ArrayList<>();
        for (JsonNode e : n.path("engines")) {
            String name = e.isTextual() ? e.asText() : e.path("name").asText(null);
            if (name != null) engines.add(name);
        }
        String tc = text(n, "time_control");
        if (tc == null) tc = text(n, "tc");
        // Distributed matches give each engine its own limits; show the first engine's.
        if (tc == null) tc = text(n.path("engines").path(0), "tc");
        Integer pairs = n.hasNonNull("pairs") ? Integer.valueOf(n.get("pairs").asInt()) : null;
        Sprt sprt = null;
        JsonNode s = n.path("sprt");
        if (s.isObject()) {
            String model = s.path("model").asText("logistic");
            sprt = new Sprt(s.path("alpha").asDouble(0.05), s.path("beta").asDouble(0.05), s.path("elo0").asDouble(),
                    s.path("elo1").asDouble(), model.equalsIgnoreCase("normalized") ? Sprt.Model.NORMALIZED : Sprt.Model.LOGISTIC);
        }
        String id = text(n, "match_id");
        return new MatchDefinition(id != null ? id : matchId, List.copyOf(engines), tc, pairs, sprt, text(n, "created_at"));
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
