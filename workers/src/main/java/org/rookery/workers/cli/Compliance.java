package org.rookery.workers.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.rookery.core.board.Position;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.Uci;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.EngineException;
import org.rookery.workers.uci.EnginePipe;

/**
 * {@code rookery gauntlet --compliance ENGINE [ARGS]}: fastchess's UCI compliance check, its steps
 * and their wording ({@code Step N: ...}, then {@code Passed}/{@code Failed Step N: ...}), ending
 * with {@code Engine passed all compliance checks.} or at the first failed step. A bestmove must
 * also be a legal move of its position, which fastchess does not check.
 */
final class Compliance {
    private static final long READY_MS = 5_000, MOVE_MS = 5_000;
    private static final String FEN = "3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27";
    private static final String BLACK_FEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

    private final PrintStream out, err;
    private final boolean colour;
    private EnginePipe pipe;
    private volatile String lastInfo = "";
    private String idName, idAuthor, bestMove;
    /** The position the last {@code position} command set, to check bestmove against. */
    private final Position pos = new Position();
    private int step;

    Compliance(PrintStream out, PrintStream err, boolean colour) {
        this.out = out;
        this.err = err;
        this.colour = colour;
    }

    /** Runs the check; true when the engine passed every step. */
    boolean run(String command, String args) {
        String cmd = command;
        Path found = GauntletOptions.resolve(command, null);
        if (found != null) cmd = found.toString();
        EngineConfig cfg = new EngineConfig(Path.of(command).getFileName().toString(), cmd, GauntletOptions.splitArgs(args),
            null, Map.of(), Map.of(), TimeControl.infinite(), 0, 0);
        List<Object[]> steps = new ArrayList<>();
        step(steps, "Start the engine", () -> start(cfg));
        step(steps, "Check if engine is ready", this::ready);
        step(steps, "Check id name", () -> idName != null);
        step(steps, "Check id author", () -> idAuthor != null);
        step(steps, "Send ucinewgame", () -> send("ucinewgame") && ready());
        step(steps, "Set position to startpos", () -> position("position startpos", Position.START_FEN));
        step(steps, "Check if engine is ready after startpos", this::ready);
        step(steps, "Set position to fen", () -> position("position fen " + FEN, FEN));
        step(steps, "Check if engine is ready after fen", this::ready);
        step(steps, "Send go wtime 100", () -> go("go wtime 100"));
        step(steps, "Read bestmove", this::bestMove);
        step(steps, "Check if engine prints an info line", () -> !lastInfo.isEmpty());
        step(steps, "Verify info line contains score", () -> lastInfo.contains(" score "));
        step(steps, "Set position to black to move", () -> position("position fen " + BLACK_FEN, BLACK_FEN));
        for (String go : List.of("go btime 100", "go wtime 100 winc 100 btime 100 binc 100", "go btime 100 binc 100 wtime 100 winc 100")) {
            step(steps, "Send " + go, () -> go(go));
            step(steps, "Read bestmove after " + go, this::bestMove);
            step(steps, "Check if engine prints an info line after " + go, () -> !lastInfo.isEmpty());
            step(steps, "Check if engine prints an info line with the score after " + go, () -> lastInfo.contains(" score "));
        }
        // a short game
        step(steps, "Send ucinewgame", () -> send("ucinewgame") && ready());
        step(steps, "Set position to startpos", () -> position("position startpos", Position.START_FEN));
        step(steps, "Send go wtime 100 btime 100", () -> go("go wtime 100 btime 100"));
        step(steps, "Read bestmove after go wtime 100 btime 100", this::bestMove);
        step(steps, "Set position to startpos moves e2e4 e7e5", () -> position("position startpos moves e2e4 e7e5", Position.START_FEN, "e2e4", "e7e5"));
        step(steps, "Send go wtime 100 btime 100", () -> go("go wtime 100 btime 100"));
        step(steps, "Read bestmove after position startpos moves e2e4 e7e5", this::bestMove);
        try {
            for (Object[] s : steps) {
                step++;
                String description = (String) s[0];
                out.print("Step " + step + ": " + description + "...");
                out.flush();
                if (!((BooleanSupplier) s[1]).getAsBoolean()) {
                    out.println();
                    err.println(mark(false) + " Step " + step + ": " + description);
                    return false;
                }
                out.println("\r" + mark(true) + " Step " + step + ": " + description);
            }
            out.println("Engine passed all compliance checks.");
            return true;
        } finally {
            if (pipe != null) {
                pipe.send("quit");
                pipe.close();
            }
        }
    }

    private static void step(List<Object[]> steps, String description, BooleanSupplier action) {
        steps.add(new Object[] {description, action});
    }

    private String mark(boolean passed) {
        String word = passed ? "Passed" : "Failed";
        return colour ? (passed ? "\u001b[1;32m " : "\u001b[1;31m ") + word + "\u001b[0m" : " " + word;
    }

    private boolean start(EngineConfig cfg) {
        try {
            pipe = EnginePipe.start(cfg, null, l -> {
                if (l.startsWith("info")) {
                    if (!l.startsWith("info string")) lastInfo = l;
                    return true;
                }
                return false;
            });
        } catch (EngineException e) {
            err.println(e.getMessage());
            return false;
        }
        pipe.send("uci");
        return await("uciok", 10_000) != null;
    }

    private boolean send(String line) {
        if (pipe == null || !pipe.isAlive()) return false;
        pipe.send(line);
        return true;
    }

    private boolean ready() {
        return send("isready") && await("readyok", READY_MS) != null;
    }

    private boolean position(String command, String fen, String... moves) {
        pos.setFen(fen, false);
        for (String m : moves) pos.makeMove(new Uci().parse(pos, m));
        return send(command);
    }

    private boolean go(String command) {
        lastInfo = "";
        bestMove = null;
        return send(command);
    }

    private boolean bestMove() {
        String line = await("bestmove", MOVE_MS);
        if (line == null) return false;
        String[] t = line.trim().split("\\s+");
        if (t.length < 2) return false;
        bestMove = t[1];
        try {
            new Uci().parse(pos, bestMove);
            return true;
        } catch (NotationException e) {
            err.println("bestmove " + bestMove + " is not a legal move in the position");
            return false;
        }
    }

    /** The first line starting with {@code prefix} within the timeout (id lines noted on the way), or null. */
    private String await(String prefix, long timeoutMs) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        while (true) {
            EnginePipe.Line l = pipe.poll(deadline - System.nanoTime());
            if (l == null || l.eof()) return null;
            String t = l.text().trim();
            if (t.startsWith("id name ")) idName = t.substring(8);
            if (t.startsWith("id author ")) idAuthor = t.substring(10);
            if (t.startsWith(prefix)) return t;
        }
    }
}
