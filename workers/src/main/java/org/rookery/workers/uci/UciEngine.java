package org.rookery.workers.uci;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One UCI engine over an {@link EnginePipe}: start, {@code uci}/{@code isready} handshake with timeouts, options,
 * {@code ucinewgame}, {@code position}/{@code go} with a deadline, and a clean (or forced) stop
 * that also ends the engine's child processes. A reader thread timestamps every stdout line as it
 * arrives, so move times are measured at the pipe rather than when the runner gets round to them;
 * stderr goes to a per-engine log file, created only if the engine writes to it. The process runs
 * under a {@link ProcessTree}, so nothing it starts outlives it or this JVM.
 */
public final class UciEngine implements Engine {
    private final EngineConfig config;
    private final Path stderrLog;
    private final EngineIo io;
    private EnginePipe pipe;
    /**
     * The bytes of the last scored info line of the current search (bound scores from re-searches
     * are not final), copied on the reader thread into this reused buffer and parsed once per move;
     * {@link #scoredLength} -1 when the search has none. Both guarded by {@link #scoredLock}.
     */
    private byte[] scored = new byte[512];
    private int scoredLength = -1;
    private final Object scoredLock = new Object();
    private String idName = "";
    /** The options the engine declared in its handshake ({@code option name X type ...}), by name. */
    private final java.util.Set<String> offered = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Set when the engine was to play Chess960 but its handshake offered no UCI_Chess960 option. */
    private volatile boolean lacksChess960;

    /**
     * @param config what to run
     * @param stderrLog file that collects the engine's stderr (appended; created on the first byte), or null to discard it
     */
    public UciEngine(EngineConfig config, Path stderrLog) {
        this(config, stderrLog, EngineIo.NONE);
    }

    /** An engine whose lines {@code io} also sees ({@code -debug}, {@code -log engine=true}, {@code match_line=}). */
    public UciEngine(EngineConfig config, Path stderrLog, EngineIo io) {
        this.config = config;
        this.stderrLog = stderrLog;
        this.io = io;
    }

    @Override
    public List<String> takeMatchedLines() {
        return pipe == null ? List.of() : pipe.takeMatchedLines();
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
    public boolean isAlive() { return pipe != null && pipe.isAlive(); }

    /** Starts the process and completes the handshake; throws with a one-line reason on failure. */
    @Override
    public void start(long handshakeTimeoutMs) throws EngineException {
        pipe = EnginePipe.start(config, stderrLog, (EnginePipe.Filter) this::absorb, io);

        send("uci");
        EnginePipe.Line l = await("uciok", handshakeTimeoutMs);
        if (l == null) {
            close();
            throw new EngineException("engine " + config.name() + ": no \"uciok\" within " + handshakeTimeoutMs + " ms" + (!pipe.isAlive() ? " (process exited)" : ""));
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

    /**
     * Engines print many info lines per move; waking the game thread (or making a String) for each
     * one cost most of the runner's CPU. Only the last scored line matters, so the reader thread
     * copies its bytes and drops the rest.
     */
    private boolean absorb(byte[] line, int length) {
        if (!EnginePipe.startsWith(line, length, "info")) return false;
        if (EnginePipe.contains(line, length, " score ") && !EnginePipe.contains(line, length, "bound")) {
            synchronized (scoredLock) {
                if (scored.length < length) scored = new byte[Math.max(length, scored.length * 2)];
                System.arraycopy(line, 0, scored, 0, length);
                scoredLength = length;
            }
        }
        return true;
    }

    /** Waits for a line starting with {@code prefix}; collects id name on the way. Null on timeout or EOF. */
    private EnginePipe.Line await(String prefix, long timeoutMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            EnginePipe.Line l = pipe.poll(deadline - System.nanoTime());
            if (l == null || l.eof()) return null; // the pipe keeps the end visible to later calls
            String t = l.text().trim();
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
        pipe.send(command);
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
                pipe.clearStale();
                appendMoves(request);
                return search(deadlineNanos, "ponderhit");
            }
            stopPondering();
        }
        appendMoves(request);
        pipe.clearStale(); // stale output from an earlier search
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
        pipe.clearStale(); // stale output from an earlier search
        send(positionCommand);
        return search(deadlineNanos, "go " + goArguments);
    }

    /** Sends {@code command} (go or ponderhit) and reads until {@code bestmove}, the deadline, or the process's end. */
    private SearchResult search(long deadlineNanos, String command) {
        synchronized (scoredLock) {
            scoredLength = -1;
        }
        long sent = System.nanoTime();
        send(command);
        while (true) {
            EnginePipe.Line l = pipe.poll(deadlineNanos - System.nanoTime());
            if (l == null) return new SearchResult(SearchResult.Status.TIMEOUT, null, lastScored(), sent, System.nanoTime());
            if (l.eof()) return new SearchResult(SearchResult.Status.DISCONNECTED, null, lastScored(), sent, l.nanos());
            String t = l.text();
            if (t.startsWith("bestmove")) {
                String move = SearchInfo.word(t, 1);
                if (move == null) move = "";
                SearchResult r = new SearchResult(SearchResult.Status.OK, move, lastScored(), sent, l.nanos());
                String ponder = SearchInfo.word(t, 3);
                if (config.setup().ponder() && current != null && ponder != null && "ponder".equals(SearchInfo.word(t, 2))) {
                    startPondering(current, move, ponder);
                }
                return r;
            }
        }
    }

    /** The search's last scored info line, parsed once per move (not once per line). */
    private SearchInfo lastScored() {
        String line;
        synchronized (scoredLock) {
            if (scoredLength < 0) return SearchInfo.NONE;
            line = new String(scored, 0, scoredLength, StandardCharsets.UTF_8);
        }
        return SearchInfo.parse(line, SearchInfo.NONE);
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
        if (pipe == null) return;
        send("quit");
        pipe.close();
    }

    /** Kills the process and everything it started at once (a hung engine). */
    @Override
    public void kill() {
        if (pipe != null) pipe.kill();
    }

    /** The OS process id, for tests that check no engine process is left behind. */
    @Override
    public long pid() { return pipe == null ? -1 : pipe.pid(); }
}
