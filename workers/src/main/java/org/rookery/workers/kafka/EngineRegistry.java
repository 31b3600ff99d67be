package org.rookery.workers.kafka;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.EngineSetup;

/**
 * The engines a worker agrees to run, from its own {@code engines.yaml}: registry name → command,
 * arguments, working directory, environment, options and protocol (with cutechess's engine keys). Tasks name engines only; a name
 * missing here is refused, so nothing a producer of tasks writes can make a worker run a program
 * its operator did not list. {@code builtin} (Rookery's own engine) is allowed unless the file
 * sets {@code allow_builtin: false}.
 *
 * <pre>
 * allow_builtin: true
 * engines:
 *   stockfish:
 *     cmd: /usr/games/stockfish
 *     args: []
 *     options: {Hash: 16, Threads: 1}
 *     bench: 43423          # optional: the node count 'stockfish bench 16 1 6' must print
 *     bench_args: [16, 1, 6]
 *   fairymax:
 *     cmd: /usr/games/fairymax
 *     proto: xboard         # CECP, as the gauntlet's proto=xboard; also initstr, whitepov, trust, ponder, restart, tscale
 * </pre>
 */
public final class EngineRegistry {
    /**
     * One registered engine.
     *
     * @param bench the node count its {@code bench} must give (the build's signature), or null
     * @param benchArgs words after {@code bench} (Stockfish: hash, threads, depth), for a shorter bench
     */
    public record Entry(String name, String command, List<String> args, Path dir, Map<String, String> env,
                        Map<String, String> options, Long bench, List<String> benchArgs, EngineSetup setup) {
        /** A UCI entry. */
        public Entry(String name, String command, List<String> args, Path dir, Map<String, String> env,
                     Map<String, String> options, Long bench, List<String> benchArgs) {
            this(name, command, args, dir, env, options, bench, benchArgs, EngineSetup.UCI);
        }

        /** A UCI entry without a bench signature. */
        public Entry(String name, String command, List<String> args, Path dir, Map<String, String> env, Map<String, String> options) {
            this(name, command, args, dir, env, options, null, List.of());
        }

        /** The engine limited as a task says, speaking the entry's protocol. */
        public EngineConfig configure(EngineLimits limits) {
            return new EngineConfig(name, command, args, dir, env, options, limits.timeControl(), limits.nodes(), limits.depth(), setup);
        }
    }

    /** The keys of one engine in engines.yaml, in the order the error lists them. */
    static final List<String> KEYS = List.of("cmd", "args", "dir", "env", "options", "bench", "bench_args", "proto", "initstr",
        "whitepov", "trust", "ponder", "restart", "tscale");

    private final Map<String, Entry> entries;
    /** Each entry's bench, run once per worker (the first task that needs it). */
    private final Map<String, EngineBench.Result> benches = new java.util.concurrent.ConcurrentHashMap<>();

    private EngineRegistry(Map<String, Entry> entries) {
        this.entries = Map.copyOf(entries);
    }

    private static Entry builtin() {
        return new Entry(EngineConfig.BUILTIN, EngineConfig.BUILTIN, List.of(), null, Map.of(), Map.of());
    }

    /** Only Rookery's built-in engine (a worker started without {@code --engines}). */
    public static EngineRegistry builtinOnly() {
        return new EngineRegistry(Map.of(EngineConfig.BUILTIN, builtin()));
    }

    /** Exactly these entries (tests, embedding), without the built-in engine unless listed. */
    public static EngineRegistry of(List<Entry> list) {
        Map<String, Entry> m = new LinkedHashMap<>();
        for (Entry e : list) m.put(e.name(), e);
        return new EngineRegistry(m);
    }

    public Optional<Entry> find(String name) {
        return Optional.ofNullable(entries.get(name));
    }

    public Set<String> names() { return entries.keySet(); }

    /** The entry's bench on this worker, measured the first time it is asked for (slots share it). */
    public EngineBench.Result bench(Entry e) {
        return benches.computeIfAbsent(e.name(), k -> EngineBench.run(e));
    }

    /** Reads a registry file; any problem is an IllegalArgumentException naming the file and the engine. */
    public static EngineRegistry load(Path file) throws IOException {
        String where = "--engines " + file;
        if (!Files.isReadable(file)) throw new IllegalArgumentException(where + ": cannot read the file");
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(where + ": not valid YAML: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) throw new IllegalArgumentException(where + ": expected a mapping with 'engines:'");
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!k.equals("engines") && !k.equals("allow_builtin")) throw new IllegalArgumentException(where + ": unknown key '" + k + "' (known: engines, allow_builtin)");
        }
        Map<String, Entry> m = new LinkedHashMap<>();
        JsonNode allow = root.get("allow_builtin");
        if (allow != null && !allow.isBoolean()) throw new IllegalArgumentException(where + ": allow_builtin must be true or false");
        if (allow == null || allow.asBoolean()) m.put(EngineConfig.BUILTIN, builtin());
        JsonNode engines = root.get("engines");
        if (engines != null && !engines.isNull()) {
            if (!engines.isObject()) throw new IllegalArgumentException(where + ": 'engines' must map names to engines");
            for (var it = engines.fields(); it.hasNext(); ) {
                var e = it.next();
                m.put(e.getKey(), entry(where + ": engine '" + e.getKey() + "'", e.getKey(), e.getValue(), file));
            }
        }
        if (m.isEmpty()) throw new IllegalArgumentException(where + ": no engine is registered");
        return new EngineRegistry(m);
    }

    private static Entry entry(String where, String name, JsonNode n, Path file) {
        if (!name.matches("[A-Za-z0-9._+-]{1,64}")) throw new IllegalArgumentException(where + ": a name has letters, digits, . _ + - only");
        if (!n.isObject()) throw new IllegalArgumentException(where + ": expected a mapping with cmd:");
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!KEYS.contains(k)) {
                throw new IllegalArgumentException(where + ": unknown key '" + k + "' (known: " + String.join(" ", KEYS) + ")");
            }
        }
        JsonNode cmdNode = n.get("cmd");
        if (cmdNode == null || !cmdNode.isTextual() || cmdNode.asText().isBlank()) throw new IllegalArgumentException(where + ": cmd is required");
        String cmd = cmdNode.asText();
        Path dir = null;
        if (n.hasNonNull("dir")) {
            dir = file.toAbsolutePath().getParent().resolve(n.get("dir").asText());
            if (!Files.isDirectory(dir)) throw new IllegalArgumentException(where + ": dir " + dir + " is not a directory");
        }
        if (!cmd.equals(EngineConfig.BUILTIN)) {
            Path p = Path.of(cmd);
            boolean ok = cmd.contains("/") ? Files.isExecutable(p.isAbsolute() || dir == null ? p : dir.resolve(p)) : onPath(cmd);
            if (!ok) throw new IllegalArgumentException(where + ": cmd " + cmd + " is not an executable file or a command on PATH");
        }
        List<String> args = new ArrayList<>();
        JsonNode a = n.get("args");
        if (a != null && !a.isNull()) {
            if (!a.isArray()) throw new IllegalArgumentException(where + ": args must be a list");
            for (JsonNode x : a) {
                if (!x.isValueNode()) throw new IllegalArgumentException(where + ": args must be a list of words");
                args.add(x.asText());
            }
        }
        Long bench = null;
        JsonNode b = n.get("bench");
        if (b != null && !b.isNull()) {
            if (!b.canConvertToLong() || !b.isIntegralNumber() || b.asLong() < 1) throw new IllegalArgumentException(where + ": bench must be a node count (a positive whole number)");
            bench = b.asLong();
        }
        List<String> benchArgs = new ArrayList<>();
        JsonNode ba = n.get("bench_args");
        if (ba != null && !ba.isNull()) {
            if (!ba.isArray()) throw new IllegalArgumentException(where + ": bench_args must be a list");
            for (JsonNode x : ba) benchArgs.add(x.asText());
        }
        EngineSetup setup = RegistrySetup.of(where, n);
        if (bench != null && setup.protocol() != EngineSetup.Protocol.UCI) {
            throw new IllegalArgumentException(where + ": bench is measured with the UCI 'bench' command; an engine with proto: xboard has none");
        }
        return new Entry(name, cmd, args, dir, stringMap(where, "env", n.get("env")), stringMap(where, "options", n.get("options")),
            bench, List.copyOf(benchArgs), setup);
    }

    private static Map<String, String> stringMap(String where, String key, JsonNode n) {
        Map<String, String> m = new LinkedHashMap<>();
        if (n == null || n.isNull()) return m;
        if (!n.isObject()) throw new IllegalArgumentException(where + ": " + key + " must be a mapping");
        for (var it = n.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getValue().isValueNode()) throw new IllegalArgumentException(where + ": " + key + "." + e.getKey() + " must be a plain value");
            m.put(e.getKey(), e.getValue().asText());
        }
        return m;
    }

    private static boolean onPath(String cmd) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, cmd))) return true;
        }
        return false;
    }
}
