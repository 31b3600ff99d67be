package org.rookery.contract.matches;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.rookery.contract.ContractException;
import org.rookery.core.board.Variant;

/**
 * What readers take from a {@code rookery.matches} record (docs/schema.md, "Match definition"):
 * the match id, the engines in order (the first is the engine under test), the first engine's time
 * control, the planned pairs and games, the SPRT and the creation time. Fields it does not know are
 * ignored, so definitions may grow; {@code rookery submit} builds the full record.
 *
 * @param timeControl the first engine's {@code tc} (each engine has its own limits), or null
 * @param pairs planned game pairs, or null
 * @param games planned games, or null
 * @param sprt the SPRT, or null for a fixed-length match
 * @param createdAt ISO-8601 creation time, or null
 * @param variant the variant the games are played in ({@code variant}: standard, or chess960 for
 *     {@code -variant fischerandom}); definitions written before the field are standard
 */
public record MatchDefinition(String matchId, List<String> engines, String timeControl, Integer pairs, Integer games,
        SprtSection sprt, String createdAt, Variant variant) {

    /** Copies the engine list. */
    public MatchDefinition {
        engines = List.copyOf(engines);
    }

    /**
     * Reads a definition; {@code key} (the record key) stands in for an absent {@code match_id}.
     * Engines are objects with a {@code name} (older records: plain names).
     */
    public static MatchDefinition parse(String key, JsonNode n) {
        if (n == null || !n.isObject()) throw new ContractException("a match definition must be a JSON object");
        List<String> engines = new ArrayList<>();
        JsonNode list = n.path("engines");
        if (!list.isArray()) throw new ContractException("\"engines\" must be an array");
        for (JsonNode e : list) {
            String name = e.isTextual() ? e.asText() : e.path("name").isTextual() ? e.path("name").asText() : null;
            if (name == null) throw new ContractException("every engine needs a \"name\"");
            engines.add(name);
        }
        String tc = text(list.path(0), "tc");
        String id = text(n, "match_id");
        if (id == null) id = key;
        if (id == null) throw new ContractException("\"match_id\" must be a string");
        return new MatchDefinition(id, engines, tc, whole(n, "pairs"), whole(n, "games"), SprtSection.parse(n.get("sprt")),
                text(n, "created_at"), variant(n));
    }

    private static Variant variant(JsonNode n) {
        try {
            return Variant.fromId(text(n, "variant"));
        } catch (IllegalArgumentException e) {
            throw new ContractException("\"variant\": " + e.getMessage());
        }
    }

    private static Integer whole(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) return null;
        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < 0) {
            throw new ContractException("\"" + field + "\" must be a whole number");
        }
        return v.intValue();
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
