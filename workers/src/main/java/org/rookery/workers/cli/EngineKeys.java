package org.rookery.workers.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rookery.workers.uci.EngineSetup;

/**
 * The cutechess engine keys beyond command, limits and options: {@code conf=} (an entry of
 * cutechess's {@code engines.json}), {@code proto=}, {@code initstr=}, {@code stderr=},
 * {@code whitepov}, {@code trust}, {@code ponder}, {@code restart=}, {@code arg=}, {@code book=},
 * {@code bookdepth=} and {@code tscale=}.
 */
final class EngineKeys {
    private EngineKeys() {}

    /** Engine keys cutechess writes without a value ({@code -engine cmd=x whitepov ponder}). */
    static final Set<String> FLAGS = Set.of("whitepov", "trust", "ponder", "debug");

    /** The keys this class reads. */
    static final Set<String> KEYS = Set.of("conf", "proto", "initstr", "stderr", "whitepov", "trust", "ponder", "restart", "arg",
        "book", "bookdepth", "tscale", "debug");

    /** Separates repeated {@code arg=} values inside one key (no argument contains it). */
    static final char ARG_SEPARATOR = '\u0001';

    /** Where {@code conf=} looks for {@code engines.json}: the working directory, then cutechess's own configuration directory. */
    static List<Path> enginesJsonPlaces() {
        List<Path> places = new ArrayList<>();
        String override = System.getProperty("rookery.enginesJson");
        if (override != null) places.add(Path.of(override));
        places.add(Path.of("engines.json"));
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path config = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        places.add(config.resolve("cutechess").resolve("engines.json"));
        return places;
    }

    /**
     * {@code kv} with a {@code conf=NAME} entry's fields underneath (the keys given on the command
     * line win, as in cutechess): name, command (split into cmd= and args=), workingDirectory,
     * stderrFile, protocol, initStrings, whitepov, ponder, restart, validateClaims=false (trust) and
     * options [{name, value}].
     */
    static Map<String, String> withConf(String where, Map<String, String> kv) throws IOException {
        String conf = kv.get("conf");
        if (conf == null) return kv;
        Path file = null;
        for (Path p : enginesJsonPlaces()) {
            if (Files.isRegularFile(p)) {
                file = p;
                break;
            }
        }
        if (file == null) {
            throw new IllegalArgumentException(where + ": conf=" + conf + ": no engines.json (looked in " + enginesJsonPlaces() + ")");
        }
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null || !root.isArray()) throw new IllegalArgumentException(file + ": expected a JSON array of engine configurations");
        for (JsonNode e : root) {
            if (!conf.equals(e.path("name").asText(null))) continue;
            Map<String, String> out = new LinkedHashMap<>();
            out.put("name", conf);
            List<String> command = GauntletOptions.splitArgs(e.path("command").asText(""));
            if (command.isEmpty()) throw new IllegalArgumentException(file + ": engine \"" + conf + "\" has no command");
            out.put("cmd", command.get(0));
            if (command.size() > 1) out.put("args", quoteAll(command.subList(1, command.size())));
            text(e, "workingDirectory", out, "dir");
            text(e, "stderrFile", out, "stderr");
            text(e, "protocol", out, "proto");
            text(e, "restart", out, "restart");
            if (e.has("initStrings")) {
                List<String> lines = new ArrayList<>();
                for (JsonNode l : e.get("initStrings")) lines.add(l.asText());
                out.put("initstr", String.join("\n", lines));
            }
            if (e.path("whitepov").asBoolean(false)) out.put("whitepov", "true");
            if (e.path("ponder").asBoolean(false)) out.put("ponder", "true");
            if (e.has("validateClaims") && !e.get("validateClaims").asBoolean(true)) out.put("trust", "true");
            for (JsonNode o : e.path("options")) {
                String name = o.path("name").asText(null);
                JsonNode value = o.has("value") ? o.get("value") : o.get("default");
                if (name != null && value != null && !value.isNull()) out.put("option." + name, value.asText());
            }
            Map<String, String> merged = new LinkedHashMap<>(out);
            for (var k : kv.entrySet()) if (!k.getKey().equals("conf")) merged.put(k.getKey(), k.getValue());
            return merged;
        }
        throw new IllegalArgumentException(where + ": conf=" + conf + ": no engine of that name in " + file);
    }

    private static void text(JsonNode e, String field, Map<String, String> out, String key) {
        String v = e.path(field).asText("");
        if (!v.isEmpty()) out.put(key, v);
    }

    private static String quoteAll(List<String> args) {
        StringBuilder sb = new StringBuilder();
        for (String a : args) sb.append(sb.length() > 0 ? " " : "").append(a.contains(" ") ? "\"" + a + "\"" : a);
        return sb.toString();
    }

    /** The {@link EngineSetup} {@code kv} describes; one-line errors name the key. */
    static EngineSetup setup(String where, Map<String, String> kv) {
        String proto = kv.getOrDefault("proto", "uci");
        EngineSetup.Protocol protocol = switch (proto) {
            case "uci" -> EngineSetup.Protocol.UCI;
            case "xboard", "cecp", "winboard" -> EngineSetup.Protocol.XBOARD;
            default -> throw new IllegalArgumentException(where + ": proto= must be uci or xboard, got \"" + proto + "\"");
        };
        List<String> init = kv.containsKey("initstr") ? List.of(kv.get("initstr").replace("\\n", "\n").split("\n")) : List.of();
        if (flag(where, kv, "debug")) {
            // cutechess's engine flag debug (also set by -debug all): UCI "debug on" before the game; CECP has no such command.
            if (protocol != EngineSetup.Protocol.UCI) throw new IllegalArgumentException(where + ": debug sends UCI's \"debug on\"; CECP has no debug command");
            List<String> withDebug = new java.util.ArrayList<>(init);
            withDebug.add("debug on");
            init = List.copyOf(withDebug);
        }
        String restartText = kv.getOrDefault("restart", "auto");
        EngineSetup.Restart restart = switch (restartText) {
            case "auto" -> EngineSetup.Restart.AUTO;
            case "on" -> EngineSetup.Restart.ON;
            case "off" -> EngineSetup.Restart.OFF;
            default -> throw new IllegalArgumentException(where + ": restart= must be auto, on or off, got \"" + restartText + "\"");
        };
        Path stderr = kv.containsKey("stderr") ? Path.of(kv.get("stderr")) : null;
        Path book = null;
        if (kv.containsKey("book")) {
            book = Path.of(kv.get("book"));
            if (!Files.isRegularFile(book)) throw new IllegalArgumentException(where + ": book=" + book + " is not a file");
            try {
                if (Files.size(book) % 16 != 0) {
                    throw new IllegalArgumentException(where + ": book=" + book + " is not a Polyglot book (its size is no multiple of 16 bytes)");
                }
            } catch (IOException e) {
                throw new IllegalArgumentException(where + ": book=" + book + ": " + e.getMessage());
            }
        }
        int bookDepth = 0;
        if (kv.containsKey("bookdepth")) {
            if (book == null) throw new IllegalArgumentException(where + ": bookdepth= needs book=FILE");
            try {
                bookDepth = Integer.parseInt(kv.get("bookdepth").trim());
            } catch (NumberFormatException e) {
                bookDepth = -1;
            }
            if (bookDepth <= 0) throw new IllegalArgumentException(where + ": bookdepth= must be a positive number of moves, got \"" + kv.get("bookdepth") + "\"");
        }
        double scale = 1.0;
        if (kv.containsKey("tscale")) {
            try {
                scale = Double.parseDouble(kv.get("tscale").trim());
            } catch (NumberFormatException e) {
                scale = -1;
            }
            if (!(scale > 0) || Double.isInfinite(scale)) throw new IllegalArgumentException(where + ": tscale= must be a positive number, got \"" + kv.get("tscale") + "\"");
        }
        if (protocol == EngineSetup.Protocol.UCI && kv.containsKey("trust")) {
            throw new IllegalArgumentException(where + ": trust applies to CECP result claims; UCI engines make none (use proto=xboard)");
        }
        return new EngineSetup(protocol, init, flag(where, kv, "whitepov"), flag(where, kv, "trust"), flag(where, kv, "ponder"),
            restart, stderr, book, bookDepth, scale);
    }

    /** The engine's arguments: {@code args=} split like a shell, then each {@code arg=} as one argument. */
    static List<String> arguments(Map<String, String> kv) {
        List<String> out = new ArrayList<>(GauntletOptions.splitArgs(kv.getOrDefault("args", "")));
        if (kv.containsKey("arg")) {
            for (String a : kv.get("arg").split(String.valueOf(ARG_SEPARATOR), -1)) out.add(a);
        }
        return out;
    }

    private static boolean flag(String where, Map<String, String> kv, String key) {
        String v = kv.get(key);
        if (v == null) return false;
        return GauntletOptions.bool(where.substring(1) + " " + key, v);
    }
}
