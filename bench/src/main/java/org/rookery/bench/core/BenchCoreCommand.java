package org.rookery.bench.core;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rookery.core.board.Position;
import org.rookery.core.perft.Perft;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rookery bench core}: perft speed against Stockfish's {@code go perft}, and PGN
 * parse+replay speed against pgn-extract, each peer run on the same machine in the same run, so
 * the printed ratios are comparable across machines.
 */
@Command(name = "bench core", mixinStandardHelpOptions = true,
    description = "Benchmarks with peers measured in the same run; prints ratios.")
public final class BenchCoreCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--quick", description = "Shallower perft depths and fewer games (a smoke run).")
    boolean quick;

    @Option(names = "--pgn", description = "PGN corpus for the replay benchmark (.pgn or .pgn.gz; default: the bundled self-play corpus).")
    Path pgn;

    @Option(names = "--repeat", description = "Times to replay the corpus (default: ${DEFAULT-VALUE}).")
    int repeat = 5;

    /** The six Chess Programming Wiki perft positions with the depths used here. */
    static final String[][] POSITIONS = {
        {"startpos", Position.START_FEN, "6"},
        {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "5"},
        {"cpw3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "7"},
        {"cpw4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", "5"},
        {"cpw5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "5"},
        {"cpw6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", "5"},
    };

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        out.println("# rookery bench core — " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
            + ", " + Runtime.getRuntime().availableProcessors() + " cores");
        perftBench(out);
        PgnReplayBench.run(out, pgn, quick ? 1 : repeat);
        out.flush();
        return 0;
    }

    private void perftBench(PrintWriter out) throws IOException {
        Perft perft = new Perft(12);
        // Warm the JIT so the first timed position is not penalised.
        for (String[] p : POSITIONS) perft.count(Position.fromFen(p[1]), 4);
        for (String[] p : POSITIONS) perft.countMakingLeaves(Position.fromFen(p[1]), 3);

        Path sfPath = StockfishPeer.locate();
        StockfishPeer sf = null;
        if (sfPath == null) {
            out.println("perft ratios skipped: " + org.rookery.core.tools.ExternalTools.installHint("stockfish"));
        } else {
            sf = StockfishPeer.start(sfPath);
        }
        try {
            out.println(String.format(Locale.ROOT, "%-9s %5s %12s %12s %12s %12s %7s",
                "position", "depth", "nodes", "bulk_Mnps", "make_Mnps", "sf_Mnps", "ratio"));
            long totalNodes = 0, totalBulkNs = 0, totalSfNs = 0, totalMakeNodes = 0, totalMakeNs = 0;
            for (String[] p : POSITIONS) {
                int depth = Integer.parseInt(p[2]) - (quick ? 1 : 0);
                Position pos = Position.fromFen(p[1]);
                long t0 = System.nanoTime();
                long nodes = perft.count(pos, depth);
                long bulkNs = System.nanoTime() - t0;
                int makeDepth = depth - 1;
                t0 = System.nanoTime();
                long makeNodes = perft.countMakingLeaves(pos, makeDepth);
                long makeNs = System.nanoTime() - t0;
                totalNodes += nodes;
                totalBulkNs += bulkNs;
                totalMakeNodes += makeNodes;
                totalMakeNs += makeNs;
                String sfCol = "-", ratioCol = "-";
                if (sf != null) {
                    long[] r = sf.perft(p[1], depth);
                    if (r[0] != nodes) out.println("WARNING: stockfish counts " + r[0] + " nodes for " + p[0] + ", rookery " + nodes);
                    totalSfNs += r[1];
                    sfCol = mnps(r[0], r[1]);
                    ratioCol = String.format(Locale.ROOT, "%.2f", (double) r[1] / bulkNs);
                }
                out.println(String.format(Locale.ROOT, "%-9s %5d %12d %12s %12s %12s %7s",
                    p[0], depth, nodes, mnps(nodes, bulkNs), mnps(makeNodes, makeNs), sfCol, ratioCol));
                out.flush();
            }
            out.println(String.format(Locale.ROOT, "perft total: rookery %s Mnps (bulk leaves), %s Mnps (making every leaf)%s",
                mnps(totalNodes, totalBulkNs), mnps(totalMakeNodes, totalMakeNs),
                sf == null ? "" : String.format(Locale.ROOT, ", %s %s Mnps; ratio rookery/stockfish %.2f",
                    sf.name(), mnps(totalNodes, totalSfNs), (double) totalSfNs / totalBulkNs)));
        } finally {
            if (sf != null) sf.close();
        }
    }

    static String mnps(long nodes, long ns) {
        return String.format(Locale.ROOT, "%.1f", ns == 0 ? 0.0 : nodes * 1e3 / ns);
    }
}
