package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.rookery.workers.uci.EngineSetup;

/**
 * The protocol and cutechess engine keys of one engines.yaml entry ({@code proto}, {@code initstr},
 * {@code whitepov}, {@code trust}, {@code ponder}, {@code restart}, {@code tscale}), read as the
 * gauntlet reads {@code -engine proto=xboard ...}: they say how the program is run, so in a
 * distributed match they are the worker operator's, never the submitter's.
 */
final class RegistrySetup {
    private RegistrySetup() {}

    /** The entry's setup; {@link EngineSetup#UCI} when it sets none of the keys. A bad value is a one-line error naming {@code where}. */
    static EngineSetup of(String where, JsonNode n) {
        String proto = text(where, n, "proto", "uci");
        EngineSetup.Protocol protocol = switch (proto) {
            case "uci" -> EngineSetup.Protocol.UCI;
            case "xboard", "cecp", "winboard" -> EngineSetup.Protocol.XBOARD;
            default -> throw new IllegalArgumentException(where + ": proto must be uci or xboard, got \"" + proto + "\"");
        };
        List<String> init = new ArrayList<>();
        JsonNode i = n.get("initstr");
        if (i != null && !i.isNull()) {
            if (i.isTextual()) {
                init.addAll(List.of(i.asText().split("\n")));
            } else if (i.isArray()) {
                for (JsonNode x : i) {
                    if (!x.isValueNode()) throw new IllegalArgumentException(where + ": initstr must be a line or a list of lines");
                    init.add(x.asText());
                }
            } else {
                throw new IllegalArgumentException(where + ": initstr must be a line or a list of lines");
            }
        }
        boolean trust = flag(where, n, "trust");
        if (trust && protocol == EngineSetup.Protocol.UCI) {
            throw new IllegalArgumentException(where + ": trust applies to CECP result claims; UCI engines make none (use proto: xboard)");
        }
        JsonNode rn = n.get("restart");
        // YAML 1.1 reads a bare on/off as a boolean.
        String restart = rn != null && rn.isBoolean() ? (rn.asBoolean() ? "on" : "off") : text(where, n, "restart", "auto");
        EngineSetup.Restart r = switch (restart) {
            case "auto" -> EngineSetup.Restart.AUTO;
            case "on" -> EngineSetup.Restart.ON;
            case "off" -> EngineSetup.Restart.OFF;
            default -> throw new IllegalArgumentException(where + ": restart must be auto, on or off, got \"" + restart + "\"");
        };
        double tscale = 1.0;
        JsonNode t = n.get("tscale");
        if (t != null && !t.isNull()) {
            if (!t.isNumber() || !(t.asDouble() > 0)) throw new IllegalArgumentException(where + ": tscale must be a positive number, got " + t);
            tscale = t.asDouble();
        }
        return new EngineSetup(protocol, init, flag(where, n, "whitepov"), trust, flag(where, n, "ponder"), r, null, null, 0, tscale);
    }

    private static String text(String where, JsonNode n, String key, String dflt) {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) return dflt;
        if (!v.isTextual()) throw new IllegalArgumentException(where + ": " + key + " must be a word, got " + v);
        return v.asText().trim();
    }

    private static boolean flag(String where, JsonNode n, String key) {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) return false;
        if (!v.isBoolean()) throw new IllegalArgumentException(where + ": " + key + " must be true or false, got " + v);
        return v.asBoolean();
    }
}
