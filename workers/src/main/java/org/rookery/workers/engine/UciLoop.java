package org.rookery.workers.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.Uci;

/**
 * The UCI protocol over a pair of streams. The calling thread reads commands; each {@code go}
 * runs on its own search thread, so {@code stop}, {@code ponderhit} and {@code isready} are
 * answered while it searches. Commands that change what a search depends on ({@code position},
 * {@code go}, {@code setoption}, {@code ucinewgame}, {@code quit}) first stop a running search
 * and wait for its {@code bestmove}, so a GUI that skips {@code stop} still gets a consistent
 * engine.
 *
 * <p>Nothing a GUI sends can end the loop but {@code quit} or end of input: unknown words before
 * a command are skipped (the UCI rule), unknown commands and options, bad numbers, invalid FENs
 * and illegal moves each produce one {@code info string} line. An illegal move in {@code position
 * ... moves} leaves the position after the last legal move, as Stockfish does. The non-standard
 * {@code d} prints the current FEN as an {@code info string}.
 */
public final class UciLoop {
    public static final String NAME = "Rookery";
    public static final String AUTHOR = "the Rookery developers";

    private static final long SEARCH_STACK_BYTES = 16L << 20;

    private static final List<String> COMMANDS = List.of("uci", "debug", "isready", "setoption", "register",
        "ucinewgame", "position", "go", "stop", "ponderhit", "quit", "d");

    private final BufferedReader in;
    private final PrintWriter out;
    private final EngineSettings settings;
    private final TranspositionTable tt;
    private final Search search;
    private final Uci uci = new Uci();
    private Position position = new Position();
    private int hashMb;
    private int level;
    private long seed;
    private int moveOverheadMs;
    /** {@code UCI_Chess960}: positions are Chess960 and castling is written king-takes-rook. */
    private boolean chess960;

    private Thread searchThread;
    private SearchSignals signals;
    /** Whether the running search ends by itself (a limit of its own, not infinite or pondering). */
    private boolean searchBounded;

    public UciLoop(InputStream in, OutputStream out, EngineSettings settings) {
        this(new java.io.InputStreamReader(in, StandardCharsets.UTF_8), out, settings);
    }

    public UciLoop(Reader in, OutputStream out, EngineSettings settings) {
        this.in = in instanceof BufferedReader b ? b : new BufferedReader(in);
        this.out = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), false);
        this.settings = settings;
        this.hashMb = settings.hashMb();
        this.level = settings.level();
        this.seed = settings.seed();
        this.moveOverheadMs = settings.moveOverheadMs();
        this.tt = new TranspositionTable(hashMb);
        this.search = new Search(tt);
        search.setSkill(new SkillLevel(level));
        search.setSeed(seed);
        search.setMoveOverhead(moveOverheadMs);
    }

    /** "Rookery 0.1.0-SNAPSHOT": the name and the Maven version the engine was built as. */
    public static String engineName() {
        Properties p = new Properties();
        try (InputStream s = UciLoop.class.getResourceAsStream("engine.properties")) {
            if (s != null) p.load(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String v = p.getProperty("version", "");
        return v.isEmpty() || v.startsWith("${") ? NAME : NAME + " " + v;
    }

    /**
     * Reads and answers commands until {@code quit} or end of input. {@code quit} stops a running
     * search at once; at end of input a search with a limit of its own is allowed to finish, so
     * {@code echo "go depth 8" | rookery engine} prints its answer, while an infinite one is stopped.
     */
    public void run() throws IOException {
        boolean quit = false;
        try {
            String line;
            while ((line = in.readLine()) != null) {
                if (!handle(line)) {
                    quit = true;
                    break;
                }
            }
        } finally {
            if (!quit && searchBounded) awaitSearch();
            finishSearch();
            out.flush();
        }
    }

    /** Handles one line; false after {@code quit}. Never throws for any input. */
    boolean handle(String line) {
        String[] words = line.trim().split("\\s+");
        int at = 0;
        while (at < words.length && !COMMANDS.contains(words[at])) at++;
        if (at == words.length) {
            if (!line.isBlank()) info("unknown command: " + abbreviate(line.trim()));
            return true;
        }
        try {
            return dispatch(words, at);
        } catch (RuntimeException e) {
            // A bug must not take the engine down mid-game; say what happened and carry on.
            info("error handling '" + abbreviate(line.trim()) + "': " + e);
            return true;
        }
    }

    private boolean dispatch(String[] w, int at) {
        switch (w[at]) {
            case "uci": identify(); break;
            case "isready": send("readyok"); break;
            case "debug": case "register": break;
            case "setoption": finishSearch(); setOption(w, at + 1); break;
            case "ucinewgame": finishSearch(); search.newGame(); break;
            case "position": finishSearch(); setPosition(w, at + 1); break;
            case "go": finishSearch(); go(w, at + 1); break;
            case "stop": if (signals != null) signals.stop(); break;
            case "ponderhit": if (signals != null) signals.ponderhit(System.nanoTime()); break;
            case "d": info("fen " + position.toFen()); break;
            default: return false; // quit
        }
        return true;
    }

    private void identify() {
        send("id name " + engineName());
        send("id author " + AUTHOR);
        send("option name Hash type spin default " + settings.hashMb() + " min 1 max " + EngineSettings.MAX_HASH_MB);
        send("option name Threads type spin default 1 min 1 max 1");
        send("option name Skill Level type spin default " + settings.level() + " min " + SkillLevel.MIN + " max " + SkillLevel.MAX);
        send("option name Move Overhead type spin default " + settings.moveOverheadMs() + " min 0 max " + EngineSettings.MAX_MOVE_OVERHEAD_MS);
        send("option name Seed type spin default " + settings.seed() + " min 0 max " + Integer.MAX_VALUE);
        send("option name Clear Hash type button");
        send("option name UCI_Chess960 type check default false");
        send("uciok");
    }

    private void setOption(String[] w, int from) {
        int nameAt = indexOf(w, "name", from);
        if (nameAt < 0) {
            info("setoption needs 'name <id> [value <x>]'");
            return;
        }
        int valueAt = indexOf(w, "value", nameAt + 1);
        String name = join(w, nameAt + 1, valueAt < 0 ? w.length : valueAt);
        String value = valueAt < 0 ? "" : join(w, valueAt + 1, w.length);
        switch (name.toLowerCase(Locale.ROOT)) {
            case "hash": {
                Integer mb = spin(name, value, 1, EngineSettings.MAX_HASH_MB);
                if (mb == null || mb == tt.sizeMb()) return;
                try {
                    tt.resize(mb);
                    hashMb = mb;
                } catch (OutOfMemoryError e) {
                    info("not enough memory for a " + mb + " MB hash; keeping " + hashMb + " MB");
                }
                return;
            }
            case "threads": spin(name, value, 1, 1); return;
            case "skill level": {
                Integer k = spin(name, value, SkillLevel.MIN, SkillLevel.MAX);
                if (k != null) {
                    level = k;
                    search.setSkill(new SkillLevel(k));
                }
                return;
            }
            case "move overhead": {
                Integer ms = spin(name, value, 0, EngineSettings.MAX_MOVE_OVERHEAD_MS);
                if (ms != null) {
                    moveOverheadMs = ms;
                    search.setMoveOverhead(ms);
                }
                return;
            }
            case "seed": {
                Integer s = spin(name, value, 0, Integer.MAX_VALUE);
                if (s != null) {
                    seed = s;
                    search.setSeed(s);
                }
                return;
            }
            case "clear hash": search.newGame(); return;
            case "uci_chess960": {
                String v = value.trim().toLowerCase(Locale.ROOT);
                if (v.equals("true") || v.equals("false")) chess960 = v.equals("true");
                else info("option UCI_Chess960 needs true or false, got '" + abbreviate(value) + "'");
                return;
            }
            default: info("unknown option '" + abbreviate(name) + "' ignored");
        }
    }

    /** A spin value clamped into range (with a note), or null with a note when it is not a number. */
    private Integer spin(String name, String value, int min, int max) {
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            info("option " + name + " needs a whole number, got '" + abbreviate(value) + "'");
            return null;
        }
        if (v < min || v > max) {
            long c = Math.max(min, Math.min(max, v));
            info("option " + name + " value " + v + " out of range " + min + ".." + max + "; using " + c);
            v = c;
        }
        return (int) v;
    }

    private void setPosition(String[] w, int from) {
        if (from >= w.length) {
            info("position needs 'startpos' or 'fen <FEN>'");
            return;
        }
        Position p;
        int movesAt = indexOf(w, "moves", from);
        int end = movesAt < 0 ? w.length : movesAt;
        if (w[from].equals("startpos")) {
            p = Position.fromFen(Position.START_FEN, chess960);
        } else if (w[from].equals("fen")) {
            String fen = join(w, from + 1, end);
            try {
                p = Position.fromFen(fen, chess960);
            } catch (IllegalArgumentException e) {
                info("invalid FEN, position unchanged: " + e.getMessage());
                return;
            }
        } else {
            info("position needs 'startpos' or 'fen <FEN>', got '" + abbreviate(w[from]) + "'");
            return;
        }
        if (movesAt >= 0) {
            for (int i = movesAt + 1; i < w.length; i++) {
                int m;
                try {
                    m = uci.parse(p, w[i]);
                } catch (NotationException e) {
                    info("illegal move '" + abbreviate(w[i]) + "' in " + p.toFen() + "; it and the moves after it are ignored");
                    break;
                }
                p.makeMove(m);
            }
        }
        position = p;
    }

    private void go(String[] w, int from) {
        List<String> warnings = new ArrayList<>();
        SearchLimits limits = settings.effectiveLimits(SearchLimits.parse(w, from, warnings));
        for (String warning : warnings) info(warning);
        SearchSignals sig = new SearchSignals(limits.ponder());
        Position root = position.copy();
        signals = sig;
        searchBounded = limits.hasOwnLimit() && !limits.infinite() && !limits.ponder();
        // An explicit stack: the recursion is bounded by MAX_PLY, but the default size varies by platform.
        searchThread = new Thread(null, () -> runSearch(root, limits, sig), "rookery-search", SEARCH_STACK_BYTES);
        searchThread.setDaemon(true);
        searchThread.start();
    }

    private void runSearch(Position root, SearchLimits limits, SearchSignals sig) {
        Position backup = root.copy();
        SearchResult result;
        try {
            result = search.run(root, limits, sig, info -> send(info.toUci(backup)));
        } catch (RuntimeException | StackOverflowError e) {
            // Still answer with a legal move: a GUI waiting for bestmove would otherwise hang or forfeit.
            info("search failed: " + e);
            int[] moves = new int[Position.MAX_MOVES];
            int n = backup.generateLegal(moves, 0);
            result = new SearchResult(n == 0 ? Move.NONE : moves[0], Move.NONE, 0, 0, 0);
        }
        send(result.toUci(backup));
    }

    /** Stops a running search and waits until it has printed its bestmove. */
    private void finishSearch() {
        if (searchThread == null) return;
        signals.stop();
        awaitSearch();
    }

    private void awaitSearch() {
        Thread t = searchThread;
        if (t == null) return;
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        searchThread = null;
    }

    private void info(String text) {
        send("info string " + text);
    }

    private void send(String line) {
        synchronized (out) {
            out.print(line);
            out.print('\n');
            out.flush();
        }
    }

    private static int indexOf(String[] w, String word, int from) {
        for (int i = from; i < w.length; i++) if (w[i].equals(word)) return i;
        return -1;
    }

    private static String join(String[] w, int from, int to) {
        return from >= to ? "" : String.join(" ", java.util.Arrays.asList(w).subList(from, to));
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
