package org.rookery.workers.kafka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rookery.workers.engine.Bench;
import org.rookery.workers.uci.EngineConfig;

/**
 * An engine's {@code bench}: its node count (the signature of the build: fishtest's "bench") and its
 * speed on this machine. The built-in engine runs {@link Bench} in-process; any other runs
 * {@code CMD ARGS... bench BENCH_ARGS...} and is read the way Stockfish prints it
 * ({@code Nodes searched : N}, {@code Nodes/second : R}), or as {@code rookery engine --bench} does.
 */
public final class EngineBench {
    private EngineBench() {}

    /** Longest a bench may run. */
    static final long TIMEOUT_SECONDS = 300;

    /** A bench's outcome. */
    public record Result(long nodes, long nps) {}

    private static final Pattern SF_NODES = Pattern.compile("Nodes searched\\s*:\\s*(\\d+)");
    private static final Pattern SF_NPS = Pattern.compile("Nodes/second\\s*:\\s*(\\d+)");
    private static final Pattern ROOKERY = Pattern.compile("bench depth \\d+: nodes (\\d+) time_ms \\d+ nps (\\d+)");

    /** Runs the entry's bench; a bench that fails or prints no node count is an IllegalStateException naming the engine. */
    public static Result run(EngineRegistry.Entry e) {
        if (e.command().equals(EngineConfig.BUILTIN)) {
            Bench.Result r = Bench.run(Bench.DEFAULT_DEPTH, 16, new PrintWriter(Writer.nullWriter()));
            return new Result(r.nodes(), r.nps());
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(e.command());
        cmd.addAll(e.args());
        cmd.add("bench");
        cmd.addAll(e.benchArgs());
        String where = "engine " + e.name() + ": '" + String.join(" ", cmd) + "'";
        String text;
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            if (e.dir() != null) pb.directory(e.dir().toFile());
            pb.environment().putAll(e.env());
            Process p = pb.start();
            p.getOutputStream().close();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            Thread reader = new Thread(() -> copy(p.getInputStream(), bytes), "rookery-bench-" + e.name());
            reader.setDaemon(true);
            reader.start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(where + " ran longer than " + TIMEOUT_SECONDS + " s");
            }
            reader.join(5000);
            text = bytes.toString(StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw new IllegalStateException(where + " could not start: " + ex.getMessage());
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(where + " was interrupted");
        }
        return parse(where, text);
    }

    /** The node count and speed in a bench's output. */
    static Result parse(String where, String text) {
        Matcher r = ROOKERY.matcher(text);
        if (r.find()) return new Result(Long.parseLong(r.group(1)), Long.parseLong(r.group(2)));
        Matcher n = SF_NODES.matcher(text);
        if (!n.find()) throw new IllegalStateException(where + " printed no node count ('Nodes searched : N')");
        long nodes = Long.parseLong(n.group(1));
        // Stockfish prints the total last: take the last of each.
        while (n.find()) nodes = Long.parseLong(n.group(1));
        Matcher s = SF_NPS.matcher(text);
        long nps = 0;
        while (s.find()) nps = Long.parseLong(s.group(1));
        return new Result(nodes, nps);
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        try (in) {
            in.transferTo(out);
        } catch (IOException ignored) {
            // the process ended; what was read is what there is
        }
    }
}
