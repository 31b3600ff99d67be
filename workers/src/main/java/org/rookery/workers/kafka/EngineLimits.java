package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.rookery.core.clock.TimeControl;

/**
 * How a match limits one engine: its clock ({@code tc}, or {@code st} seconds per move), node or
 * depth limits and time margin, written as cutechess-cli writes them. This is all a match may say
 * about an engine besides its registry name; the command, arguments and UCI options come from
 * each worker's registry.
 */
public record EngineLimits(String tc, String st, long nodes, int depth, long timeMarginMs) {
    /** From an engine's {@code -engine}/{@code -each} keys (already validated by GauntletOptions). */
    public static EngineLimits fromKeys(Map<String, String> kv) {
        return new EngineLimits(kv.get("tc"), kv.get("st"), kv.containsKey("nodes") ? Long.parseLong(kv.get("nodes").trim()) : 0,
            kv.containsKey("depth") ? Integer.parseInt(kv.get("depth").trim()) : 0,
            kv.containsKey("timemargin") ? Long.parseLong(kv.get("timemargin").trim()) : 0);
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        if (tc != null) o.put("tc", tc);
        if (st != null) o.put("st", st);
        if (nodes > 0) o.put("nodes", nodes);
        if (depth > 0) o.put("depth", depth);
        if (timeMarginMs > 0) o.put("timemargin", timeMarginMs);
        return o;
    }

    /** Parses and checks limits from a record; a problem is a {@link BadRecordException}. */
    public static EngineLimits fromJson(JsonNode o) {
        EngineLimits l = new EngineLimits(Json.textOrNull(o, "tc"), Json.textOrNull(o, "st"),
            o.has("nodes") ? Json.integer(o, "nodes", 1, Integer.MAX_VALUE) : 0,
            o.has("depth") ? Json.integer(o, "depth", 1, 1000) : 0,
            o.has("timemargin") ? Json.integer(o, "timemargin", 0, 3_600_000) : 0);
        l.timeControl();
        if (l.tc == null && l.st == null && l.nodes == 0 && l.depth == 0) throw new BadRecordException("an engine has no limit (tc, st, nodes or depth)");
        return l;
    }

    /** The clock these limits describe. */
    public TimeControl timeControl() {
        if (tc != null && st != null) throw new BadRecordException("an engine has both tc and st");
        try {
            TimeControl t = tc != null ? TimeControl.parse(tc) : st != null ? TimeControl.parseMoveTime(st) : TimeControl.infinite();
            return timeMarginMs > 0 ? t.withTimeMarginMillis(timeMarginMs) : t;
        } catch (IllegalArgumentException e) {
            throw new BadRecordException("bad time control: " + e.getMessage());
        }
    }
}
