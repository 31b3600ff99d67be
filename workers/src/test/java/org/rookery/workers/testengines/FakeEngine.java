package org.rookery.workers.testengines;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * A test-only UCI engine that plays random legal moves and misbehaves on cue, so the match runner's
 * failure handling can be tested: {@code crash:N} exits at its N-th go, {@code hang:N} never
 * answers its N-th go (and ignores stop), {@code illegal:N} answers an illegal move,
 * {@code garbage:N} answers unparsable text after garbage lines, {@code slowstart:MS} sleeps
 * before {@code uciok}, {@code slow:MS} thinks MS per move, {@code noisy} sprinkles garbage lines,
 * {@code score:CP} reports that score with every move, {@code stats:MS} thinks MS per move and prints
 * the info lines {@link #statsLines} scripts for its N-th go (a bound line, the scored line the
 * runner must record, then an unscored currmove line), so tests know every counter.
 * {@code frc} offers {@code UCI_Chess960}, castles
 * (king-takes-rook) whenever it can and answers an illegal move to any {@code go} before the option was set true.
 */
public final class FakeEngine {
    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "random";
        String kind = mode.contains(":") ? mode.substring(0, mode.indexOf(':')) : mode;
        long arg = mode.contains(":") ? Long.parseLong(mode.substring(mode.indexOf(':') + 1)) : 0;
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        SplittableRandom rnd = new SplittableRandom(args.length > 1 ? Long.parseLong(args[1]) : 1);
        ScriptedBoard board = new ScriptedBoard();
        int goes = 0;
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.equals("uci")) {
                if (kind.equals("slowstart")) Thread.sleep(arg);
                out.println("id name Fake " + mode);
                out.println("id author test");
                out.println("option name Hash type spin default 1 min 1 max 64");
                if (kind.equals("frc")) out.println("option name UCI_Chess960 type check default false");
                out.println("uciok");
            } else if (line.equals("isready")) {
                out.println("readyok");
            } else if (line.equals("setoption name UCI_Chess960 value true") && kind.equals("frc")) {
                board.chess960 = true;
                board.preferCastling = true;
            } else if (line.startsWith("position")) {
                board.position(line);
            } else if (line.startsWith("go")) {
                goes++;
                if (kind.equals("noisy")) out.println("this is not UCI at all \u0001\u0002");
                if (kind.equals("crash") && goes >= arg) System.exit(3);
                if (kind.equals("hang") && goes >= arg) {
                    Thread.sleep(Long.MAX_VALUE);
                }
                if (kind.equals("slow")) Thread.sleep(arg);
                if (kind.equals("frc") && !board.chess960) {
                    out.println("bestmove a1a1"); // UCI_Chess960 was never set: the runner must see the game lost
                    continue;
                }
                if (kind.equals("illegal") && goes >= arg) {
                    out.println("bestmove a1a1");
                    continue;
                }
                if (kind.equals("garbage") && goes >= arg) {
                    out.println("info depth x score cp y");
                    out.println("bestmove ???garbage???");
                    continue;
                }
                if (kind.equals("stats")) {
                    Thread.sleep(arg);
                    String move = board.randomMove(rnd);
                    for (String l : statsLines(goes, move)) out.println(l);
                    out.println("bestmove " + move);
                    continue;
                }
                int cp = kind.equals("score") ? (int) arg : 0;
                out.println("info depth 1 score cp " + cp + " nodes 1 pv");
                out.println("bestmove " + board.randomMove(rnd));
            } else if (line.equals("quit")) {
                return;
            }
        }
    }

    /**
     * The info lines of the {@code go}-th search in {@code stats} mode, ending with bestmove
     * {@code move}: the second is the last scored, unbounded line, whose values a runner records
     * ({@link #statsOf}); the others must not override it.
     */
    public static java.util.List<String> statsLines(int go, String move) {
        long[] v = statsOf(go);
        String score = go % 7 == 0 ? "mate " + (go % 2 == 0 ? 3 : -2) : "cp " + v[6];
        return java.util.List.of(
            "info depth " + (v[0] - 1) + " seldepth 2 score cp 999 lowerbound nodes 5 nps 5 time 1 pv " + move,
            "info depth " + v[0] + " seldepth " + v[1] + " multipv 1 score " + score + " nodes " + v[2] + " nps " + v[3]
                + " hashfull " + v[4] + " tbhits " + v[5] + " time " + v[7] + " pv " + move
                + " e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7",
            "info depth " + v[0] + " currmove " + move + " currmovenumber 1");
    }

    /** The recorded values of search {@code go}: depth, seldepth, nodes, nps, hashfull, tbhits, cp, time. */
    public static long[] statsOf(int go) {
        return new long[] {3 + go % 5, 10 + go % 9, 1000L * go + 17, 250_000L + go, go % 1000, go / 3, go * 3 - 40, go % 4};
    }
}
