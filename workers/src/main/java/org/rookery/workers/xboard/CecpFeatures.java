package org.rookery.workers.xboard;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a CECP engine announced with {@code feature} (protocol 2), with the protocol's defaults for
 * what it did not: {@code ping}, {@code setboard}, {@code san}, {@code usermove}, {@code time},
 * {@code reuse}, {@code myname}, {@code variants}, {@code name}, {@code nps}, {@code done} and the
 * {@code option="NAME -type ..."} declarations. Each feature is answered {@code accepted} or
 * {@code rejected}, as the protocol asks.
 */
public final class CecpFeatures {
    boolean ping, setboard, san, usermove, time = true, reuse = true, name, nps = true, sigint = true;
    String myName = "";
    /** The variants the engine names ({@code normal} when it named none). */
    final Set<String> variants = new LinkedHashSet<>(List.of("normal"));
    /** The option names from {@code feature option="NAME -type ..."}, in order. */
    final Set<String> options = new LinkedHashSet<>();
    /** null until {@code done=} came; then whether it was 1. */
    Boolean done;

    /** The features Rookery knows; the others are rejected. */
    private static final Set<String> KNOWN = Set.of("ping", "setboard", "san", "usermove", "time", "reuse", "myname",
        "variants", "name", "nps", "done", "option", "sigint", "sigterm", "colors", "analyze", "playother", "draw", "ics",
        "pause", "debug", "memory", "smp", "egt", "exclude", "highlight", "setscore", "xedit", "acceptance");

    /**
     * Reads one {@code feature} line: {@code name=value} pairs, a value being a whole number or a
     * double-quoted string. Sends each answer through {@code reply}.
     */
    void accept(String line, Consumer<String> reply) {
        int i = line.indexOf("feature") + "feature".length();
        int n = line.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) i++;
            int eq = line.indexOf('=', i);
            if (eq < 0) return;
            String key = line.substring(i, eq).trim();
            int v = eq + 1;
            String value;
            if (v < n && line.charAt(v) == '"') {
                int close = line.indexOf('"', v + 1);
                if (close < 0) close = n;
                value = line.substring(v + 1, close);
                i = close + 1;
            } else {
                int end = v;
                while (end < n && !Character.isWhitespace(line.charAt(end))) end++;
                value = line.substring(v, end);
                i = end;
            }
            set(key, value, reply);
        }
    }

    private void set(String key, String value, Consumer<String> reply) {
        boolean on = value.equals("1");
        switch (key) {
            case "ping" -> ping = on;
            case "setboard" -> setboard = on;
            case "san" -> san = on;
            case "usermove" -> usermove = on;
            case "time" -> time = on;
            case "reuse" -> reuse = on;
            case "name" -> name = on;
            case "nps" -> nps = on;
            case "sigint" -> sigint = on;
            case "myname" -> myName = value;
            case "variants" -> {
                variants.clear();
                for (String v : value.split(",")) if (!v.isBlank()) variants.add(v.trim());
            }
            case "option" -> {
                // "NAME -type ...": the name runs up to " -" followed by the type.
                int dash = value.indexOf(" -");
                options.add((dash > 0 ? value.substring(0, dash) : value).trim());
            }
            case "done" -> {
                done = on;
                return; // not answered (cutechess answers "accepted done"; engines ignore both)
            }
            default -> {
                if (!KNOWN.contains(key)) {
                    reply.accept("rejected " + key);
                    return;
                }
            }
        }
        reply.accept("accepted " + key);
    }
}
