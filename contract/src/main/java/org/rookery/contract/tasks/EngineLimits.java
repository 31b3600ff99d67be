package org.rookery.contract.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;
import org.rookery.core.clock.TimeControl;

/**
 * How a match limits one engine: its clock ({@code tc}, or {@code st} seconds per move), node or
 * depth limits and time margin, written as cutechess-cli writes them. This is all a match may say
 * about an engine besides its registry name; the command, arguments and UCI options come from
 * each worker's registry. A tuning run's task adds the registry entry its player name stands for
 * ({@code engine}: θ+ and θ− are two players of one entry) and the option values it is to play
 * with ({@code setoption}): values, never commands.
 *
 * @param engine    the registry entry, or null when it is the player's own name
 * @param setOption UCI option values sent before each game, on top of the registry's options
 * @param nps       reference nodes per second ({@code nps=}): the worker scales the clock by it over its measured speed; 0 = none
 */
public record EngineLimits(String tc, String st, long nodes, int depth, long timeMarginMs, String engine,
                           Map<String, String> setOption, long nps) {
    /** Longest option name or value a task may carry. */
    static final int MAX_OPTION_CHARS = 256;

    public EngineLimits {
        setOption = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(setOption));
    }

    /** Limits of a gauntlet engine: no other entry, no option values. */
    public EngineLimits(String tc, String st, long nodes, int depth, long timeMarginMs) {
        this(tc, st, nodes, depth, timeMarginMs, null, Map.of(), 0);
    }

    /** Limits without a speed reference. */
    public EngineLimits(String tc, String st, long nodes, int depth, long timeMarginMs, String engine, Map<String, String> setOption) {
        this(tc, st, nodes, depth, timeMarginMs, engine, setOption, 0);
    }

    /**
     * These limits with a reference speed ({@code nps=REF} of {@code rookery submit}): each worker
     * scales the clock by REF over its own measured nps of the engine; 0 plays the clock as given.
     */
    public EngineLimits withNps(long reference) {
        return new EngineLimits(tc, st, nodes, depth, timeMarginMs, engine, setOption, reference);
    }

    /** From an engine's {@code -engine}/{@code -each} keys (already validated by GauntletOptions). */
    public static EngineLimits fromKeys(Map<String, String> kv) {
        return new EngineLimits(kv.get("tc"), kv.get("st"), kv.containsKey("nodes") ? Long.parseLong(kv.get("nodes").trim()) : 0,
            kv.containsKey("depth") ? Integer.parseInt(kv.get("depth").trim()) : 0,
            kv.containsKey("timemargin") ? Long.parseLong(kv.get("timemargin").trim()) : 0);
    }

    /** These limits played as registry entry {@code entry} with these option values. */
    public EngineLimits playing(String entry, Map<String, String> values) {
        return new EngineLimits(tc, st, nodes, depth, timeMarginMs, entry, values, nps);
    }

    /** The registry entry that plays under {@code player}. */
    public String entry(String player) {
        return engine != null ? engine : player;
    }

    public ObjectNode toJson() {
        ObjectNode o = RecordJson.object();
        if (tc != null) o.put("tc", tc);
        if (st != null) o.put("st", st);
        if (nodes > 0) o.put("nodes", nodes);
        if (depth > 0) o.put("depth", depth);
        if (timeMarginMs > 0) o.put("timemargin", timeMarginMs);
        // Written only when set, so definitions and tasks without it (and their ids) are unchanged.
        if (nps > 0) o.put("nps", nps);
        if (engine != null) o.put("engine", engine);
        if (!setOption.isEmpty()) {
            ObjectNode so = o.putObject("setoption");
            setOption.forEach(so::put);
        }
        return o;
    }

    /** Parses and checks limits from a record; a problem is a {@link ContractException}. */
    public static EngineLimits fromJson(JsonNode o) {
        EngineLimits l = new EngineLimits(RecordJson.textOrNull(o, "tc"), RecordJson.textOrNull(o, "st"),
            o.has("nodes") ? TaskFields.integer(o, "nodes", 1, Integer.MAX_VALUE) : 0,
            o.has("depth") ? TaskFields.integer(o, "depth", 1, 1000) : 0,
            o.has("timemargin") ? TaskFields.integer(o, "timemargin", 0, 3_600_000) : 0,
            o.hasNonNull("engine") ? TaskFields.text(o, "engine") : null, options(o),
            o.has("nps") ? TaskFields.integer(o, "nps", 1, Integer.MAX_VALUE) : 0);
        l.timeControl();
        if (l.tc == null && l.st == null && l.nodes == 0 && l.depth == 0) throw new ContractException("an engine has no limit (tc, st, nodes or depth)");
        return l;
    }

    /** The clock these limits describe. */
    public TimeControl timeControl() {
        if (tc != null && st != null) throw new ContractException("an engine has both tc and st");
        try {
            TimeControl t = tc != null ? TimeControl.parse(tc) : st != null ? TimeControl.parseMoveTime(st) : TimeControl.infinite();
            return timeMarginMs > 0 ? t.withTimeMarginMillis(timeMarginMs) : t;
        } catch (IllegalArgumentException e) {
            throw new ContractException("bad time control: " + e.getMessage());
        }
    }

    private static Map<String, String> options(JsonNode o) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        if (!o.has("setoption")) return out;
        JsonNode so = o.get("setoption");
        if (!so.isObject()) throw new ContractException("\"setoption\" must be an object of option values");
        var fields = so.fields();
        while (fields.hasNext()) {
            var f = fields.next();
            String name = f.getKey();
            if (!f.getValue().isTextual() && !f.getValue().isNumber()) throw new ContractException("setoption " + TaskFields.abbreviate(name) + ": the value must be a string or number");
            String value = f.getValue().asText();
            // One line of the UCI protocol each: a line break would let a task send a command.
            if (!safe(name) || !safe(value) || name.contains(" value ")) {
                throw new ContractException("setoption \"" + TaskFields.abbreviate(name) + "\": option names and values are one line of printable text, at most "
                    + MAX_OPTION_CHARS + " characters");
            }
            out.put(name, value);
        }
        return out;
    }

    private static boolean safe(String s) {
        return !s.isBlank() && s.length() <= MAX_OPTION_CHARS && s.chars().allMatch(c -> c >= 0x20 && c < 0x7f);
    }
}
