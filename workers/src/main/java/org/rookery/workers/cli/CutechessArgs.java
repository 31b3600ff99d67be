package org.rookery.workers.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a cutechess-cli / fastchess style command line into options: {@code -name} followed by
 * plain values ({@code -rounds 10}, {@code -event "x"}) or {@code key=value} pairs
 * ({@code -engine name=a cmd=./a option.Hash=64}). Knows nothing of their meaning.
 */
public final class CutechessArgs {
    private CutechessArgs() {}

    /** One option occurrence. */
    public record Opt(String name, List<String> values, Map<String, String> pairs, List<String> raw) {
        public Opt(String name, List<String> values, Map<String, String> pairs) {
            this(name, values, pairs, List.of());
        }

        public String single() {
            if (values.size() != 1 || !pairs.isEmpty()) {
                throw new IllegalArgumentException("-" + name + " takes exactly one value");
            }
            return values.get(0);
        }
    }

    public static List<Opt> parse(List<String> args) {
        List<Opt> out = new ArrayList<>();
        Opt current = null;
        for (String a : args) {
            if (isOptionName(a)) {
                current = new Opt(a.replaceFirst("^--?", ""), new ArrayList<>(), new LinkedHashMap<>(), new ArrayList<>());
                out.add(current);
                continue;
            }
            if (current == null) throw new IllegalArgumentException("unexpected \"" + a + "\" before any option");
            current.raw().add(a);
            if (current.name().equals("quick")) continue; // fastchess's -quick repeats cmd=; GauntletOptions reads its raw words
            int eq = a.indexOf('=');
            if (eq > 0 && !a.startsWith("\"")) {
                String key = a.substring(0, eq);
                if (current.pairs().containsKey(key) && (key.equals("arg") || key.equals("initstr") || key.equals("match_line"))) {
                    // cutechess: arg= passes one argument each time, initstr= sends one more line each time;
                    // fastchess: each match_line= is one more regex (a line never holds a newline, so it separates them).
                    char sep = key.equals("arg") ? EngineKeys.ARG_SEPARATOR : '\n';
                    current.pairs().put(key, current.pairs().get(key) + sep + a.substring(eq + 1));
                    continue;
                }
                if (current.pairs().containsKey(key) && !key.startsWith("option.")) {
                    throw new IllegalArgumentException("-" + current.name() + ": " + key + "= given twice");
                }
                current.pairs().put(key, a.substring(eq + 1));
            } else {
                current.values().add(a);
            }
        }
        return out;
    }

    private static boolean isOptionName(String a) {
        // "-5" or "-0.5" are values (e.g. negative numbers), not options.
        return a.length() > 1 && a.charAt(0) == '-' && (Character.isLetter(a.charAt(1)) || a.charAt(1) == '-' && a.length() > 2);
    }
}
