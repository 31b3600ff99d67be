package org.rookery.workers.xboard;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.clock.UciTimes;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;
import org.rookery.workers.uci.Engine;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.EngineException;
import org.rookery.workers.uci.EnginePipe;
import org.rookery.workers.uci.GameStart;
import org.rookery.workers.uci.MoveRequest;
import org.rookery.workers.uci.SearchInfo;
import org.rookery.workers.uci.SearchResult;

/**
 * An XBoard/CECP engine, run as cutechess runs one: {@code xboard}, {@code protover 2} and the
 * {@code feature} negotiation (two seconds for a first feature, as xboard gives protocol-1 engines;
 * after {@code done=0} until {@code done=1} or the handshake timeout); per game {@code new},
 * {@code variant fischerandom}, {@code force}, {@code setboard} (or edit mode when the engine has
 * no setboard), the time control, {@code post}, {@code easy}/{@code hard} and a {@code ping} sync;
 * per move (after a {@code ping} sync, as cutechess pings an engine before its turn) {@code time}/{@code otim}
 * in centiseconds and the opponent's move ({@code usermove} when announced, SAN when {@code san=1}), or
 * the moves (before the ping) and {@code go} when the engine was in force mode; {@code ?} when a
 * search overruns its time; at the end {@code force}, the moves it has not been told and {@code result R {reason}}. Replies {@code move M} (SAN or
 * coordinates) become UCI text for the runner; thinking lines become the move's statistics;
 * {@code resign}, {@code 1-0}/{@code 0-1}/{@code 1/2-1/2} come back as claims.
 */
public final class CecpEngine implements Engine {
    /** How long a silent engine is given to announce its first feature before it counts as protocol 1 (xboard's 2 s). */
    static final long FIRST_FEATURE_MS = 2_000;

    private final EngineConfig config;
    private final Path stderrLog;
    private final org.rookery.workers.uci.EngineIo io;
    private final CecpFeatures features = new CecpFeatures();
    private final San san = new San();
    private final Uci uci = new Uci();
    private EnginePipe pipe;
    private volatile String lastThinking;
    private volatile boolean lacksChess960;
    private List<String> timeCommands;
    /** Moves of the current game the engine has been told (its own included). */
    private int told;
    private long gameId = Long.MIN_VALUE;
    private boolean forceMode = true;
    private boolean chess960;
    private int pingId;

    /**
     * @param config what to run ({@code proto=xboard})
     * @param stderrLog file that collects the engine's stderr, or null to discard it
     */
    public CecpEngine(EngineConfig config, Path stderrLog) {
        this(config, stderrLog, org.rookery.workers.uci.EngineIo.NONE);
    }

    /** An engine whose lines {@code io} also sees ({@code -debug}, {@code -log engine=true}, {@code match_line=}). */
    public CecpEngine(EngineConfig config, Path stderrLog, org.rookery.workers.uci.EngineIo io) {
        this.config = config;
        this.stderrLog = stderrLog;
        this.io = io;
    }

    @Override
    public java.util.List<String> takeMatchedLines() {
        return pipe == null ? java.util.List.of() : pipe.takeMatchedLines();
    }

    @Override
    public EngineConfig config() { return config; }

    @Override
    public String idName() { return features.myName; }

    @Override
    public Set<String> offeredOptions() { return Set.copyOf(features.options); }

    @Override
    public boolean isAlive() { return pipe != null && pipe.isAlive(); }

    @Override
    public boolean lacksChess960() { return lacksChess960; }

    @Override
    public void start(long handshakeTimeoutMs) throws EngineException {
        try {
            timeCommands = CecpTimeCommands.of(config);
        } catch (IllegalArgumentException e) {
            throw new EngineException(e.getMessage(), true);
        }
        pipe = EnginePipe.start(config, stderrLog, (java.util.function.Predicate<String>) this::absorb, io);
        pipe.send("xboard");
        pipe.send("protover 2");
        long start = System.nanoTime();
        long firstDeadline = start + config.setup().scaled(FIRST_FEATURE_MS) * 1_000_000L; // tscale= stretches it, as cutechess's timeouts
        long fullDeadline = start + handshakeTimeoutMs * 1_000_000L;
        while (features.done == null || !features.done) {
            // xboard's rule: 2 s from protover, unless the engine said done=0 (then it waits for done=1).
            long deadline = features.done != null ? fullDeadline : Math.min(firstDeadline, fullDeadline);
            EnginePipe.Line l = pipe.poll(deadline - System.nanoTime());
            if (l == null) {
                if (features.done != null) {
                    close();
                    throw new EngineException("engine " + config.name() + ": feature done=0 but no done=1 within " + handshakeTimeoutMs + " ms");
                }
                break; // no done= at all: a protocol-1 engine or one that relies on the timeout, as xboard allows
            }
            if (l.eof()) {
                close();
                throw new EngineException("engine " + config.name() + ": the process exited during the xboard handshake");
            }
            String t = l.text().trim();
            if (t.startsWith("feature ")) features.accept(t, pipe::send);
        }
        if (config.chess960() && !features.variants.contains("fischerandom")) {
            lacksChess960 = true;
            close();
            throw new EngineException("engine " + config.name() + " does not announce the variant fischerandom, so it cannot play -variant fischerandom", true);
        }
        if (config.nodes() > 0 && !features.nps) {
            close();
            throw new EngineException("engine " + config.name() + " announces nps=0, so nodes= cannot limit it", true);
        }
        for (String init : config.setup().initStrings()) pipe.send(init); // initstr=: after the handshake, as cutechess does
        for (var opt : config.options().entrySet()) {
            if (opt.getKey().equals(EngineConfig.UCI_CHESS960)) continue; // UCI's switch; CECP uses "variant fischerandom"
            if (!features.options.contains(opt.getKey())) {
                close();
                throw new EngineException("engine " + config.name() + " has no option \"" + opt.getKey() + "\" (it announces: "
                    + (features.options.isEmpty() ? "none" : String.join(", ", new java.util.TreeSet<>(features.options))) + ")", true);
            }
            pipe.send("option " + opt.getKey() + "=" + opt.getValue());
        }
        if (!sync(handshakeTimeoutMs)) {
            close();
            throw new EngineException("engine " + config.name() + ": no \"pong\" within " + handshakeTimeoutMs + " ms after the handshake");
        }
    }

    /** Thinking lines are kept on the reader thread (only the last one of a move matters). */
    private boolean absorb(String line) {
        if (ThinkingLine.is(line)) {
            lastThinking = line;
            return true;
        }
        return line.startsWith("#") || line.startsWith("tellics") || line.startsWith("telluser");
    }

    /** {@code ping N} → {@code pong N} when the engine has ping; true at once when it has not. */
    private boolean sync(long timeoutMs) {
        if (!features.ping) return true;
        EnginePipe.Line l = ping(System.nanoTime() + timeoutMs * 1_000_000L);
        return l != null && !l.eof();
    }

    /** Sends {@code ping N} and reads up to its {@code pong N}: that line, the end of the pipe, or null at the deadline. */
    private EnginePipe.Line ping(long deadlineNanos) {
        int id = ++pingId;
        pipe.send("ping " + id);
        String want = "pong " + id;
        while (true) {
            EnginePipe.Line l = pipe.poll(deadlineNanos - System.nanoTime());
            if (l == null || l.eof() || l.text().trim().equals(want)) return l;
        }
    }

    @Override
    public boolean newGame(GameStart game, long timeoutMs) {
        if (!isAlive()) return false;
        chess960 = game.chess960();
        pipe.send("new");
        if (chess960) pipe.send("variant fischerandom");
        pipe.send("force");
        forceMode = true;
        if (!game.standardStart() || chess960) setBoard(game.startFen());
        for (String c : timeCommands) pipe.send(c);
        pipe.send("post");
        pipe.send(config.setup().ponder() ? "hard" : "easy");
        if (features.name) {
            pipe.send("computer");
            pipe.send("name " + game.opponent());
        }
        told = 0;
        gameId = Long.MIN_VALUE;
        return sync(timeoutMs);
    }

    /** {@code setboard FEN}, or with {@code setboard=0} the protocol's edit mode (castling follows from where kings and rooks stand). */
    private void setBoard(String fen) {
        if (features.setboard) {
            pipe.send("setboard " + fen);
            return;
        }
        String[] f = fen.split(" ");
        if (f.length > 1 && f[1].equals("b")) pipe.send("a2a3"); // the protocol's way to give Black the move before edit
        pipe.send("edit");
        pipe.send("#");
        StringBuilder white = new StringBuilder(), black = new StringBuilder();
        int rank = 7, file = 0;
        for (char c : f[0].toCharArray()) {
            if (c == '/') {
                rank--;
                file = 0;
            } else if (Character.isDigit(c)) {
                file += c - '0';
            } else {
                String square = "" + (char) ('a' + file) + (char) ('1' + rank);
                (Character.isUpperCase(c) ? white : black).append(Character.toUpperCase(c)).append(square).append('\n');
                file++;
            }
        }
        for (String s : white.toString().split("\n")) if (!s.isEmpty()) pipe.send(s);
        pipe.send("c");
        for (String s : black.toString().split("\n")) if (!s.isEmpty()) pipe.send(s);
        pipe.send(".");
    }

    @Override
    public SearchResult go(MoveRequest request, long deadlineNanos) {
        pipe.clearStale();
        lastThinking = null;
        List<String> moves = request.uciMoves();
        if (request.gameId() != gameId) {
            gameId = request.gameId();
            told = 0;
        }
        int n = moves.size();
        long sent = System.nanoTime();
        // cutechess's order: moves the engine is told in force mode go at once; then, as cutechess
        // pings an engine that was observing before its turn, ping/pong, then time/otim and the move
        // that starts the search (or go). The pong also marks the end of what a pondering engine
        // ("hard") said on the opponent's time, so none of it is taken for this move's thinking.
        boolean fromForce = forceMode || n - told != 1;
        if (fromForce) {
            if (!forceMode) pipe.send("force");
            for (; told < n; told++) pipe.send(moveCommand(request, told));
        }
        if (features.ping) {
            EnginePipe.Line l = ping(deadlineNanos);
            if (l == null) return new SearchResult(SearchResult.Status.TIMEOUT, null, SearchInfo.NONE, sent, System.nanoTime(), null);
            if (l.eof()) return new SearchResult(SearchResult.Status.DISCONNECTED, null, SearchInfo.NONE, sent, l.nanos(), null);
            lastThinking = null;
        }
        sendTimes(request);
        if (fromForce) {
            pipe.send("go");
            forceMode = false;
        } else {
            pipe.send(moveCommand(request, told++)); // out of force mode: the opponent's move starts the search
        }
        String drawClaim = null;
        while (true) {
            EnginePipe.Line l = pipe.poll(deadlineNanos - System.nanoTime());
            if (l == null) return new SearchResult(SearchResult.Status.TIMEOUT, null, info(), sent, System.nanoTime(), drawClaim);
            if (l.eof()) return new SearchResult(SearchResult.Status.DISCONNECTED, null, info(), sent, l.nanos(), drawClaim);
            String t = l.text().trim();
            String move = null;
            if (t.startsWith("move ")) move = t.substring(5).trim();
            else if (t.startsWith("My move is:")) move = t.substring(11).trim(); // protocol 1
            if (move != null) {
                told = n + 1; // the engine knows its own move
                return new SearchResult(SearchResult.Status.OK, toUci(request.position(), move), info(), sent, l.nanos(), drawClaim);
            }
            if (t.equals("resign") || t.startsWith("1-0") || t.startsWith("0-1")) {
                return new SearchResult(SearchResult.Status.CLAIM, null, info(), sent, l.nanos(), t);
            }
            if (t.startsWith("1/2-1/2")) drawClaim = t; // a claim that its next move draws, or of the position now
            // "offer draw", "Illegal move", "Error", pongs: not moves; a draw between engines comes from the rules or -draw
        }
    }

    private SearchInfo info() {
        String t = lastThinking;
        return t == null ? SearchInfo.NONE : ThinkingLine.parse(t, SearchInfo.NONE);
    }

    private void sendTimes(MoveRequest request) {
        if (!features.time || config.timeControl().kind() != TimeControl.Kind.CLOCK) return;
        UciTimes t = request.times();
        boolean white = request.side() == Piece.WHITE;
        long own = white ? t.wtimeMs() : t.btimeMs(), other = white ? t.btimeMs() : t.wtimeMs();
        pipe.send("time " + Math.max(0, own / 10));
        pipe.send("otim " + Math.max(0, other / 10));
    }

    /** Move {@code i} as the engine reads it: SAN when it asked (san=1), else coordinates; Chess960 castling as O-O / O-O-O. */
    private String moveCommand(MoveRequest request, int i) {
        String sanText = request.sanMoves().get(i);
        String text;
        if (features.san) text = sanText;
        else if (chess960 && sanText.startsWith("O-O")) text = sanText.replace("+", "").replace("#", "");
        else text = request.uciMoves().get(i);
        return features.usermove ? "usermove " + text : text;
    }

    /** The engine's move as UCI text in the game's variant; the raw text when it is no legal move (the runner says illegal). */
    private String toUci(Position pos, String move) {
        try {
            return Uci.toUci(pos, uci.parse(pos, move));
        } catch (NotationException e) {
            try {
                return Uci.toUci(pos, san.parse(pos, move));
            } catch (NotationException e2) {
                return move;
            }
        }
    }

    @Override
    public void gameOver(String result, String reason) {
        gameOver(result, reason, null);
    }

    @Override
    public void gameOver(String result, String reason, MoveRequest game) {
        if (!isAlive()) return;
        if (!forceMode) {
            pipe.send("force");
            forceMode = true;
        }
        if (game != null) {
            // The moves since its last turn (the opponent's last one, usually), in force mode, as cutechess sends them.
            if (game.gameId() != gameId) {
                gameId = game.gameId();
                told = 0;
            }
            for (; told < game.uciMoves().size(); told++) pipe.send(moveCommand(game, told));
        }
        pipe.send("result " + result + " {" + (reason == null ? "" : reason.replace('}', ')')) + "}");
        sync(2_000); // the engine's last words about this game are read before the next one
    }

    @Override
    public boolean reusable() {
        return switch (config.setup().restart()) {
            case ON -> false;
            case OFF -> true;
            case AUTO -> features.reuse;
        };
    }

    @Override
    public void setOption(String name, String value) {
        pipe.send("option " + name + "=" + value);
    }

    @Override
    public boolean stopSearch(long timeoutMs) {
        if (!isAlive()) return false;
        pipe.send("?"); // move now
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        while (true) {
            EnginePipe.Line l = pipe.poll(deadline - System.nanoTime());
            if (l == null || l.eof()) return false;
            if (l.text().startsWith("move ")) {
                forceMode = false;
                return true;
            }
        }
    }

    @Override
    public void close() {
        if (pipe == null) return;
        pipe.send("quit");
        pipe.close();
    }

    @Override
    public void kill() {
        if (pipe != null) pipe.kill();
    }

    @Override
    public long pid() { return pipe == null ? -1 : pipe.pid(); }
}
