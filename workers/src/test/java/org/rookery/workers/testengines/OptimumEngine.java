package org.rookery.workers.testengines;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * A test-only UCI engine with a known optimum for tuning: it offers {@code option name X} (0 … 100)
 * and at each move reports a lost position ({@code score cp -1000}) with probability
 * {@code |X − 70| / 80}, else an even one, and plays a random legal move. With
 * {@code -resign movecount=1 score=500} the side further from X = 70 loses more often, so SPSA
 * should walk X towards 70.
 */
public final class OptimumEngine {
    /** The X at which the engine never gives up. */
    public static final int OPTIMUM = 70;

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        SplittableRandom rnd = new SplittableRandom(args.length > 0 ? Long.parseLong(args[0]) : System.nanoTime());
        ScriptedBoard board = new ScriptedBoard();
        double x = 0;
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.equals("uci")) {
                out.println("id name Optimum");
                out.println("option name X type spin default 0 min 0 max 100");
                out.println("option name Move Overhead type spin default 10 min 0 max 5000");
                out.println("uciok");
            } else if (line.equals("isready")) {
                out.println("readyok");
            } else if (line.startsWith("setoption name X value ")) {
                x = Double.parseDouble(line.substring("setoption name X value ".length()).trim());
            } else if (line.startsWith("position")) {
                board.position(line);
            } else if (line.startsWith("go")) {
                boolean lost = rnd.nextDouble() < Math.abs(x - OPTIMUM) / 80.0;
                out.println("info depth 1 score cp " + (lost ? -1000 : 0) + " nodes 1 pv");
                out.println("bestmove " + board.randomMove(rnd));
            } else if (line.equals("quit")) {
                return;
            }
        }
    }
}
