package org.rookery.workers.uci;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
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
public final class UciEngine implements Engine {
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

    @Override
    public EngineConfig config() { return config; }

    /** The engine's own {@code id name}. */
    @Override
    public String idName() { return idName; }

    /** The option names the engine offered during the handshake (what {@code setoption} may name). */
    @Override
    public java.util.Set<String> offeredOptions() { return java.util.Set.copyOf(offered); }

    /** Whether {@link #start} failed because the engine does not offer {@code UCI_Chess960} (not a crash: no restart helps). */
    @Override
    public boolean lacksChess960() { return lacksChess960; }

    @Override
    public boolean isAlive() { return !dead && process != null && process.isAlive(); }

    /** Starts the process and completes the handshake; throws with a one-line reason on failure. */
    @Override
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
                + ", so it cannot play -variant fischerandom", true);
        }
        for (String init : config.setup().initStrings()) send(init); // initstr=: right after the handshake, as cutechess does
        for (var opt : config.options().entrySet()) {
            if (!offered.contains(opt.getKey()) && !opt.getKey().equals(EngineConfig.UCI_CHESS960)) {
                close();
                throw new EngineException("engine " + config.name() + " has no option \"" + opt.getKey() + "\" (it offers: "
                    + (offered.isEmpty() ? "none" : String.join(", ", new java.util.TreeSet<>(offered))) + ")", true);
            }
            send("setoption name " + opt.getKey() + " value " + opt.getValue());
        }
        // ponder: the engine must be told it may ponder (UCI 'Ponder'), as cutechess and fastchess do.
        if (config.setup().ponder() && offered.contains("Ponder") && !config.options().containsKey("Ponder")) {
            send("setoption name Ponder value true");
        }
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
    @Override
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
        endPonder();
        send("ucinewgame");
        return ready(timeoutMs);
    }

    @Override
    public boolean newGame(GameStart game, long timeoutMs) {
        positionFor = -1;
        return newGame(timeoutMs);
    }

    /** The move the engine ponders on ({@code go ponder} sent after it), or null when it is not pondering. */
    private String ponderMove;
    /** The number of game moves the pondered position has (the engine's move and the predicted reply included). */
    private int ponderPlies;
    private final StringBuilder position = new StringBuilder(512);
    /** The game and move count {@link #position} was built for, so each move appends only what is new. */
    private long positionFor = -1;
    private int positionPlies;

    @Override
    public SearchResult go(MoveRequest request, long deadlineNanos) {
        current = request;
        String goArgs = goArguments(config, request.times());
        List<String> moves = request.uciMoves();
        if (ponderMove != null) {
            boolean hit = request.gameId() == positionFor && moves.size() == ponderPlies
                && moves.get(moves.size() - 1).equals(ponderMove);
            ponderMove = null;
            if (hit) {
                // The opponent played the predicted move: the search goes on, now on the engine's own clock.
                lines.removeIf(l -> l.text != EOF);
                appendMoves(request);
                return search(deadlineNanos, "ponderhit");
            }
            stopPondering();
        }
        appendMoves(request);
        lines.removeIf(l -> l.text != EOF); // stale output from an earlier search
        send(position.toString());
        return search(deadlineNanos, "go " + goArgs);
    }

    private void appendMoves(MoveRequest request) {
        List<String> moves = request.uciMoves();
        if (positionFor != request.gameId() || positionPlies > moves.size()) {
            position.setLength(0);
            position.append("position fen ").append(request.startFen());
            positionPlies = 0;
            positionFor = request.gameId();
        }
        for (; positionPlies < moves.size(); positionPlies++) {
            if (positionPlies == 0) position.append(" moves");
            position.append(' ').append(moves.get(positionPlies));
        }
    }

    /** After a bestmove with a ponder move: the engine thinks on the opponent's time, on the move it expects. */
    private void startPondering(MoveRequest request, String best, String expected) {
        String base = position.toString();
        String pondered = base + (request.uciMoves().isEmpty() ? " moves " : " ") + best + " " + expected;
        send(pondered);
        send("go ponder " + goArguments(config, request.times()));
        ponderMove = expected;
        ponderPlies = request.uciMoves().size() + 2;
    }

    private void stopPondering() {
        send("stop");
        await("bestmove", 2_000); // the pondering search's answer, which does not count
    }

    private void endPonder() {
        if (ponderMove != null) {
            ponderMove = null;
            stopPondering();
        }
    }

    @Override
    public void gameOver(String result, String reason) {
        endPonder();
    }

    @Override
    public boolean reusable() {
        return config.setup().restart() != EngineSetup.Restart.ON;
    }

    /** The arguments after {@code go}: the clock, nodes and depth limits, {@code infinite} when none. */
    static String goArguments(EngineConfig cfg, org.rookery.core.clock.UciTimes times) {
        StringBuilder sb = new StringBuilder();
        if (!cfg.timeControl().isInfinite()) sb.append(times.toGoArguments());
        if (cfg.nodes() > 0) sb.append(sb.length() > 0 ? " " : "").append("nodes ").append(cfg.nodes());
        if (cfg.depth() > 0) sb.append(sb.length() > 0 ? " " : "").append("depth ").append(cfg.depth());
        if (sb.length() == 0) sb.append("infinite");
        return sb.toString();
    }

    /** The request of the search in progress, for starting a ponder search when its bestmove names a ponder move. */
    private MoveRequest current;

    /**
     * Sends {@code position} and {@code go}, then reads until {@code bestmove}, the deadline, or
     * the process's end. Info lines update the last evaluation.
     */
    public SearchResult go(String positionCommand, String goArguments, long deadlineNanos) {
        current = null;
        lines.removeIf(l -> l.text != EOF); // stale output from an earlier search
        send(positionCommand);
        return search(deadlineNanos, "go " + goArguments);
    }

    /** Sends {@code command} (go or ponderhit) and reads until {@code bestmove}, the deadline, or the process's end. */
    private SearchResult search(long deadlineNanos, String command) {
        lastScored = null;
        long sent = System.nanoTime();
        send(command);
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
                SearchResult r = new SearchResult(SearchResult.Status.OK, move, parsed(lastScored), sent, l.nanos);
                if (config.setup().ponder() && current != null && parts.length > 3 && parts[2].equals("ponder")) {
                    startPondering(current, move, parts[3]);
                }
                return r;
            }
        }
    }

    private static SearchInfo parsed(String line) {
        return line == null ? SearchInfo.NONE : SearchInfo.parse(line, SearchInfo.NONE);
    }

    /** Asks a running search to stop and waits briefly for its bestmove; false if the engine ignored it. */
    @Override
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
    @Override
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
    @Override
    public long pid() { return process == null ? -1 : process.pid(); }
}
