package org.rookery.workers.uci;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.clock.TimeControl;

/**
 * How to start and limit one engine, as cutechess-cli's {@code -engine} options describe it.
 *
 * @param name display name (PGN White/Black)
 * @param command executable, or {@link #BUILTIN} for Rookery's own engine
 * @param args command-line arguments
 * @param workingDir directory to start in, or null
 * @param env extra environment variables
 * @param options UCI options sent with {@code setoption} after the handshake, in order
 * @param timeControl the engine's clock; {@link TimeControl#infinite()} when only nodes/depth limit it
 * @param nodes {@code go nodes} limit, 0 for none
 * @param depth {@code go depth} limit, 0 for none
 * @param setup protocol and the other cutechess engine keys ({@link EngineSetup#UCI} for a plain UCI engine)
 */
public record EngineConfig(String name, String command, List<String> args, Path workingDir, Map<String, String> env,
                           Map<String, String> options, TimeControl timeControl, long nodes, int depth, EngineSetup setup) {
    /** The {@code cmd=} value that runs Rookery's built-in engine in a child JVM. */
    public static final String BUILTIN = "builtin";

    /** The UCI option that switches an engine to Chess960 (king-takes-rook castling, Shredder-FEN). */
    public static final String UCI_CHESS960 = "UCI_Chess960";

    public EngineConfig {
        args = List.copyOf(args);
        env = Map.copyOf(env);
        options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
        if (setup == null) setup = EngineSetup.UCI;
    }

    /** A plain UCI engine (no protocol or other cutechess keys). */
    public EngineConfig(String name, String command, List<String> args, Path workingDir, Map<String, String> env,
                        Map<String, String> options, TimeControl timeControl, long nodes, int depth) {
        this(name, command, args, workingDir, env, options, timeControl, nodes, depth, EngineSetup.UCI);
    }

    /** This engine with one more {@code setoption} (replacing an earlier value of the same option). */
    public EngineConfig withOption(String option, String value) {
        Map<String, String> o = new LinkedHashMap<>(options);
        o.remove(option);
        o.put(option, value);
        return new EngineConfig(name, command, args, workingDir, env, o, timeControl, nodes, depth, setup);
    }

    /** Whether this engine is to play Chess960 (its {@code UCI_Chess960} option is set true). */
    public boolean chess960() {
        return "true".equalsIgnoreCase(options.get(UCI_CHESS960));
    }

    /** The full command line to start the process. */
    public List<String> commandLine() {
        List<String> cl = new java.util.ArrayList<>();
        if (BUILTIN.equals(command)) {
            String java = ProcessHandle.current().info().command().orElse("java");
            cl.add(java);
            cl.add("-XX:+UseSerialGC");
            cl.add("-Xss16m");
            cl.add("-cp");
            cl.add(System.getProperty("java.class.path"));
            cl.add("org.rookery.workers.engine.EngineMain");
        } else {
            cl.add(command);
        }
        cl.addAll(args);
        return cl;
    }

    /** Whether the engine has neither a clock nor a node/depth limit (then a stall timeout guards it). */
    public boolean unlimited() {
        return timeControl.isInfinite() && nodes == 0 && depth == 0;
    }
}
