package org.rookery.contract.matches;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;
import org.rookery.contract.fleet.QuarantineRule;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.contract.tasks.TaskAdjudication;
import org.rookery.core.board.Variant;

/**
 * The JSON form of a {@link MatchDefinition}, the value of a {@code rookery.matches} record:
 * {@code match_id}, the body ({@link #body}: what decides the games, the text the match id hashes),
 * {@code created_at} and {@code schema_version}. Null fields are not written (except {@code sprt},
 * which a match always states), so records written before a field re-encode unchanged. Reading
 * ignores unknown keys; a value of the wrong type is a {@link ContractException} naming the key.
 */
public final class MatchDefinitionCodec {
    private MatchDefinitionCodec() {
    }

    /** The version this codec writes: 2 added {@code schema_version} itself (records without it are version 1). */
    public static final int SCHEMA_VERSION = 2;

    /** The record value's text. */
    public static String write(MatchDefinition d) {
        return RecordJson.write(toJson(d));
    }

    /** The record value as a JSON object. */
    public static ObjectNode toJson(MatchDefinition d) {
        ObjectNode o = RecordJson.object();
        o.put("match_id", d.matchId());
        o.setAll(body(d));
        if (d.createdAt() != null) o.put("created_at", d.createdAt());
        // After the body, so the id (a hash of the body) of a definition is what it was before the field.
        o.put("schema_version", d.schemaVersion());
        return o;
    }

    /** Everything that decides the games, in wire order: the text a match id is the hash of. */
    public static ObjectNode body(MatchDefinition d) {
        ObjectNode o = RecordJson.object();
        putText(o, "event", d.event());
        putText(o, "site", d.site());
        putText(o, "tournament", d.tournament());
        ArrayNode engines = o.putArray("engines");
        for (MatchEngine e : d.engines()) {
            ObjectNode eo = engines.addObject();
            eo.put("name", e.name());
            if (e.limits() != null) eo.setAll(e.limits().toJson());
        }
        if (d.rounds() != null) o.put("rounds", d.rounds());
        if (d.gamesPerEncounter() != null) o.put("games_per_encounter", d.gamesPerEncounter());
        if (d.repeat() != null) o.put("repeat", d.repeat());
        if (d.noSwap() != null) o.put("noswap", d.noSwap());
        if (d.reverse() != null) o.put("reverse", d.reverse());
        if (d.adjudication() != null) o.set("adjudication", d.adjudication().toJson());
        if (d.seed() != null) o.put("seed", d.seed());
        if (d.sprt() != null) o.set("sprt", d.sprt().toJson());
        else o.putNull("sprt");
        if (d.spsa() != null) {
            ObjectNode s = o.putObject("spsa");
            ArrayNode ps = s.putArray("params");
            d.spsa().params().forEach(ps::add);
            s.put("rounding", d.spsa().rounding());
        }
        if (d.ratingInterval() != null) o.put("rating_interval", d.ratingInterval());
        if (d.football() != null) o.put("football", d.football());
        putText(o, "variant", d.variantId());
        if (d.quarantine() != null) o.set("quarantine", d.quarantine().toJson());
        if (d.pairs() != null) o.put("pairs", d.pairs());
        if (d.games() != null) o.put("games", d.games());
        return o;
    }

    /** Reads a record value; {@code key} (the record key) stands in for an absent {@code match_id}. */
    public static MatchDefinition read(String key, String value) {
        return read(key, RecordJson.parseObject(value));
    }

    /** Reads a record value's JSON; {@code key} stands in for an absent {@code match_id}. */
    public static MatchDefinition read(String key, JsonNode n) {
        if (n == null || !n.isObject()) throw new ContractException("a match definition must be a JSON object");
        // Engines first: a record without them is reported so, as before the typed record.
        List<MatchEngine> engines = engines(n);
        String id = RecordJson.textOrNull(n, "match_id");
        if (id == null) id = key;
        if (id == null) throw new ContractException("\"match_id\" must be a string");
        Integer version = whole(n, "schema_version");
        if (version != null && version < 1) throw new ContractException("\"schema_version\" must be 1 or more");
        String variant = RecordJson.textOrNull(n, "variant");
        try {
            Variant.fromId(variant);
        } catch (IllegalArgumentException e) {
            throw new ContractException("\"variant\": " + e.getMessage());
        }
        JsonNode q = n.get("quarantine");
        return new MatchDefinition(version == null ? 1 : version, id, RecordJson.textOrNull(n, "created_at"),
                RecordJson.textOrNull(n, "event"), RecordJson.textOrNull(n, "site"), RecordJson.textOrNull(n, "tournament"),
                engines, whole(n, "rounds"), whole(n, "games_per_encounter"), bool(n, "repeat"), bool(n, "noswap"),
                bool(n, "reverse"), adjudication(n), seed(n), SprtSection.parse(n.get("sprt")), spsa(n.get("spsa")),
                whole(n, "rating_interval"), bool(n, "football"), variant,
                q == null || q.isNull() ? null : QuarantineRule.parse(q), whole(n, "pairs"), whole(n, "games"));
    }

    /** Engines are objects with a {@code name} and limits (the oldest records: plain names). */
    private static List<MatchEngine> engines(JsonNode n) {
        JsonNode list = n.path("engines");
        if (!list.isArray()) throw new ContractException("\"engines\" must be an array");
        List<MatchEngine> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode e = list.get(i);
            if (e.isTextual()) {
                out.add(new MatchEngine(e.asText(), null));
                continue;
            }
            if (!e.path("name").isTextual()) throw new ContractException("\"engines[" + i + "].name\" must be a string");
            String name = e.get("name").asText();
            boolean limited = e.has("tc") || e.has("st") || e.has("nodes") || e.has("depth");
            try {
                out.add(new MatchEngine(name, limited ? EngineLimits.fromJson(e) : null));
            } catch (ContractException x) {
                throw new ContractException("\"engines[" + i + "]\" (" + name + "): " + x.getMessage());
            }
        }
        return out;
    }

    private static TaskAdjudication adjudication(JsonNode n) {
        JsonNode a = n.get("adjudication");
        if (a == null || a.isNull()) return null;
        if (!a.isObject()) throw new ContractException("\"adjudication\" must be an object");
        try {
            return TaskAdjudication.fromJson(a);
        } catch (ContractException e) {
            throw new ContractException("\"adjudication\": " + e.getMessage());
        }
    }

    private static SpsaSection spsa(JsonNode s) {
        if (s == null || s.isNull()) return null;
        if (!s.isObject()) throw new ContractException("\"spsa\" must be an object");
        JsonNode ps = s.path("params");
        if (!ps.isArray()) throw new ContractException("\"spsa.params\" must be an array");
        List<String> params = new ArrayList<>();
        for (JsonNode p : ps) {
            if (!p.isTextual()) throw new ContractException("\"spsa.params\" must be strings");
            params.add(p.asText());
        }
        String rounding = s.path("rounding").asText(null);
        if (!"randomized".equals(rounding) && !"deterministic".equals(rounding)) {
            throw new ContractException("\"spsa.rounding\" must be randomized or deterministic");
        }
        return new SpsaSection(params, rounding);
    }

    private static Long seed(JsonNode n) {
        JsonNode v = n.get("seed");
        if (v == null || v.isNull()) return null;
        if (!v.isIntegralNumber() || !v.canConvertToLong()) throw new ContractException("\"seed\" must be a whole number");
        return v.longValue();
    }

    private static Integer whole(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) return null;
        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < 0) {
            throw new ContractException("\"" + field + "\" must be a whole number");
        }
        return v.intValue();
    }

    private static Boolean bool(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) return null;
        if (!v.isBoolean()) throw new ContractException("\"" + field + "\" must be true or false");
        return v.booleanValue();
    }

    private static void putText(ObjectNode o, String field, String value) {
        if (value != null) o.put(field, value);
    }
}
