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
 * {@code score:CP} reports that score with every move, {@code frc} offers {@code UCI_Chess960}, castles
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
                int cp = kind.equals("score") ? (int) arg : 0;
                out.println("info depth 1 score cp " + cp + " nodes 1 pv");
                out.println("bestmove " + board.randomMove(rnd));
            } else if (line.equals("quit")) {
                return;
            }
        }
    }
}
