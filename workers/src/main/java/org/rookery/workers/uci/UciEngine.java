package org.rookery.workers.uci;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One UCI engine process: start, {@code uci}/{@code isready} handshake with timeouts, options,
 * {@code ucinewgame}, {@code position}/{@code go} with a deadline, and a clean (or forced) stop
 * that also ends the engine's child processes. A reader thread timestamps every stdout line as it
 * arrives, so move times are measured at the pipe rather than when the runner gets round to them;
 * stderr goes to a per-engine log file, created only if the engine writes to it. The process runs
 * under a {@link ProcessTree}, so nothing it starts outlives it or this JVM.
 */
public final class UciEngine implements AutoCloseable {
    private static final String EOF = "\u0000eof";

    private final EngineConfig config;
    private final Path stderrLog;
    private ProcessTree tree;
    private Process process;
    private BufferedWriter stdin;
    private final BlockingQueue<Line> lines = new LinkedBlockingQueue<>();
    private volatile boolean dead;
    /** The last scored info line of the current search (bound scores from re-searches are not final). */
    private volatile String lastScored;
    private String idName = "";
    /** The options the engine declared in its handshake ({@code option name X type ...}), by name. */
    private final java.util.Set<String> offered = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Set when the engine was to play Chess960 but its handshake offered no UCI_Chess960 option. */
    private volatile boolean lacksChess960;

    private record Line(String text, long nanos) {}

    /**
     * @param config what to run
     * @param stderrLog file that collects the engine's stderr (appended; created on the first byte), or null to discard it
     */
    public UciEngine(EngineConfig config, Path stderrLog) {
        this.config = config;
        this.stderrLog = stderrLog;
    }

    public EngineConfig config() { return config; }

    /** The engine's own {@code id name}. */
    public String idName() { return idName; }

    /** The option names the engine offered during the handshake (what {@code setoption} may name). */
    public java.util.Set<String> offeredOptions() { return java.util.Set.copyOf(offered); }

    /** Whether {@link #start} failed because the engine does not offer {@code UCI_Chess960} (not a crash: no restart helps). */
    public boolean lacksChess960() { return lacksChess960; }

    public boolean isAlive() { return !dead && process != null && process.isAlive(); }

    /** Starts the process and completes the handshake; throws with a one-line reason on failure. */
    public void start(long handshakeTimeoutMs) throws EngineException {
        ProcessBuilder pb = new ProcessBuilder(config.commandLine());
        if (config.workingDir() != null) pb.directory(config.workingDir().toFile());
        pb.environment().putAll(config.env());
        pb.redirectError(stderrLog != null ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.DISCARD);
        try {
            tree = ProcessTree.start(pb);
        } catch (IOException e) {
            dead = true;
            throw new EngineException("engine " + config.name() + ": cannot start \"" + config.command() + "\": " + e.getMessage());
        }
        process = tree.process();
        // Whenever the engine ends, so does everything it started (children it left running included).
        ProcessTree started = tree;
        process.onExit().thenRunAsync(started::kill);
        if (stderrLog != null) StderrLog.follow(process.getErrorStream(), stderrLog, config.name());
        stdin = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(this::pump, "uci-" + config.name() + "-stdout");
        reader.setDaemon(true);
        reader.start();

        send("uci");
        Line l = await("uciok", handshakeTimeoutMs);
        if (l == null) {
            close();
            throw new EngineException("engine " + config.name() + ": no \"uciok\" within " + handshakeTimeoutMs + " ms" + (dead ? " (process exited)" : ""));
        }
        if (config.chess960() && !offered.contains(EngineConfig.UCI_CHESS960)) {
            lacksChess960 = true;
            close();
            throw new EngineException("engine " + config.name() + " does not offer the UCI option " + EngineConfig.UCI_CHESS960
                + ", so it cannot play -variant fischerandom");
        }
        for (var opt : config.options().entrySet()) send("setoption name " + opt.getKey() + " value " + opt.getValue());
        if (!ready(handshakeTimeoutMs)) {
            close();
            throw new EngineException("engine " + config.name() + ": no \"readyok\" within " + handshakeTimeoutMs + " ms after the options");
        }
    }

    private void pump() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String s;
            while ((s = r.readLine()) != null) {
                // Engines print many info lines per move; waking the game thread for each one cost
                // most of the runner's CPU. Only the last scored line matters, so the reader keeps it.
                if (s.startsWith("info")) {
                    if (s.contains(" score ") && !s.contains("bound")) lastScored = s;
                    continue;
                }
                lines.add(new Line(s, System.nanoTime()));
            }
        } catch (IOException e) {
            // the process went away; signalled below
        } finally {
            dead = true;
            lines.add(new Line(EOF, System.nanoTime()));
        }
    }

    /** Waits for a line starting with {@code prefix}; collects id name on the way. Null on timeout or EOF. */
    private Line await(String prefix, long timeoutMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) return null;
            Line l;
            try {
                l = lines.poll(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
            if (l == null) return null;
            if (l.text == EOF) {
                lines.add(l); // keep the end visible to later calls
                return null;
            }
            String t = l.text.trim();
            if (t.startsWith("id name ")) idName = t.substring(8).trim();
            if (t.startsWith("option name ")) {
                // The name runs up to " type " and may contain spaces (Stockfish's "Skill Level").
                int type = t.indexOf(" type ");
                offered.add((type > 0 ? t.substring(12, type) : t.substring(12)).trim());
            }
            if (t.startsWith(prefix)) return l;
        }
    }

    private void send(String command) {
        if (dead) return;
        try {
            stdin.write(command);
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            dead = true;
        }
    }

    /** Sends {@code setoption} between games (a tuner's new values); the next ready check waits for it. */
    public void setOption(String name, String value) {
        send("setoption name " + name + " value " + value);
    }

    /** {@code isready} → {@code readyok} within the timeout. */
    public boolean ready(long timeoutMs) {
        send("isready");
        return await("readyok", timeoutMs) != null;
    }

    /** {@code ucinewgame} then a ready check. */
    public boolean newGame(long timeoutMs) {
        send("ucinewgame");
        return ready(timeoutMs);
    }

    /**
     * Sends {@code position} and {@code go}, then reads until {@code bestmove}, the deadline, or
     * the process's end. Info lines update the last evaluation.
     */
    public SearchResult go(String positionCommand, String goArguments, long deadlineNanos) {
        lines.removeIf(l -> l.text != EOF); // stale output from an earlier search
        lastScored = null;
        send(positionCommand);
        long sent = System.nanoTime();
        send("go " + goArguments);
        while (true) {
            long left = deadlineNanos - System.nanoTime();
            Line l = null;
            if (left > 0) {
                try {
                    l = lines.poll(left, TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (l == null) return new SearchResult(SearchResult.Status.TIMEOUT, null, parsed(lastScored), sent, System.nanoTime());
            if (l.text == EOF) {
                lines.add(l);
                return new SearchResult(SearchResult.Status.DISCONNECTED, null, parsed(lastScored), sent, l.nanos);
            }
            String t = l.text;
            if (t.startsWith("bestmove")) {
                String[] parts = t.trim().split("\\s+");
                String move = parts.length > 1 ? parts[1] : "";
                return new SearchResult(SearchResult.Status.OK, move, parsed(lastScored), sent, l.nanos);
            }
        }
    }

    private static SearchInfo parsed(String line) {
        return line == null ? SearchInfo.NONE : SearchInfo.parse(line, SearchInfo.NONE);
    }

    /** Asks a running search to stop and waits briefly for its bestmove; false if the engine ignored it. */
    public boolean stopSearch(long timeoutMs) {
        send("stop");
        return await("bestmove", timeoutMs) != null;
    }

    /** Sends {@code quit}, then ends the process and everything it started, forcibly if they linger. */
    @Override
    public void close() {
        if (process == null) return;
        send("quit");
        try {
            process.waitFor(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tree.kill();
        dead = true;
        try {
            stdin.close();
        } catch (IOException ignored) {
            // the pipe is already broken
        }
    }

    /** Kills the process and everything it started at once (a hung engine). */
    public void kill() {
        if (process == null) return;
        tree.kill();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        dead = true;
    }

    /** The OS process id, for tests that check no engine process is left behind. */
    public long pid() { return process == null ? -1 : process.pid(); }
}
