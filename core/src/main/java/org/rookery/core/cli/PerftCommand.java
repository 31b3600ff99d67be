package org.rookery.core.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;
import org.rookery.core.perft.ParallelPerft;
import org.rookery.core.perft.PerftSuite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code rookery perft}: leaf counts for one position, or a whole perft-suite file checked. */
@Command(name = "perft", mixinStandardHelpOptions = true,
    description = {"Count leaf nodes of the legal move tree (perft).",
        "With --epd, check every line of a perft suite (FEN ;D1 n ;D2 n ...) and end with 'passed P failed F'."})
public final class PerftCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--depth", description = "Depth to count (required without --epd).")
    Integer depth;

    @Option(names = "--fen", description = "Position (default: the initial position).")
    String fen = Position.START_FEN;

    @Option(names = "--divide", description = "Print one line per root move: 'e2e4: 12345'.")
    boolean divide;

    @Option(names = "--threads", description = "Threads to split root moves over (default: ${DEFAULT-VALUE}).")
    int threads = 1;

    @Option(names = "--epd", description = "Perft suite file to check.")
    Path epd;

    @Option(names = "--max-depth", description = "With --epd: deepest depth to check per line (default: all given).")
    Integer maxDepth;

    @Option(names = "--chess960", description = "Read every position as Chess960 (otherwise only where its castling field says so).")
    boolean chess960;

    @Option(names = "--no-bulk", description = "Make and unmake every leaf move instead of counting the last ply.")
    boolean noBulk;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (threads < 1) throw new UsageError("--threads must be at least 1, got " + threads);
        if (epd != null) return runSuite(out);
        if (depth == null) throw new UsageError("perft needs --depth N (or --epd FILE)");
        if (depth < 0 || depth > 15) throw new UsageError("--depth must be between 0 and 15, got " + depth);
        Position pos;
        try {
            pos = Position.fromFen(fen, chess960);
        } catch (FenException e) {
            throw new UsageError("--fen: " + e.getMessage());
        }
        long start = System.nanoTime();
        long nodes;
        if (divide && depth > 0) {
            int[] moves = new int[Position.MAX_MOVES];
            int n = pos.generateLegal(moves, 0);
            int[] root = java.util.Arrays.copyOf(moves, n);
            long[] counts = ParallelPerft.divide(pos, root, depth, threads, !noBulk);
            nodes = 0;
            for (int i = 0; i < n; i++) {
                out.println(Uci.toUci(pos, root[i]) + ": " + counts[i]);
                nodes += counts[i];
            }
        } else if (noBulk) {
            nodes = new org.rookery.core.perft.Perft(depth).countMakingLeaves(pos, depth);
        } else {
            nodes = ParallelPerft.count(pos, depth, threads);
        }
        long ns = System.nanoTime() - start;
        long ms = ns / 1_000_000;
        long nps = ns == 0 ? 0 : (long) (nodes * 1e9 / ns);
        out.println("nodes " + nodes + " time_ms " + ms + " nps " + nps);
        out.flush();
        return 0;
    }

    private int runSuite(PrintWriter out) throws IOException {
        if (!Files.isReadable(epd)) throw new UsageError("--epd: cannot read " + epd);
        int passed = 0, failed = 0, lineNo = 0;
        try (BufferedReader r = Files.newBufferedReader(epd, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                lineNo++;
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) continue;
                PerftSuite entry;
                Position pos;
                try {
                    entry = PerftSuite.parseLine(trimmed);
                    pos = Position.fromFen(entry.fen(), chess960);
                } catch (IllegalArgumentException e) {
                    out.println(epd + ":" + lineNo + ": " + e.getMessage());
                    failed++;
                    continue;
                }
                boolean ok = true;
                int last = maxDepth == null ? entry.maxDepth() : Math.min(maxDepth, entry.maxDepth());
                for (int d = 1; d <= last; d++) {
                    long expected = entry.expectedAt(d);
                    if (expected < 0) continue;
                    long actual = ParallelPerft.count(pos, d, threads);
                    if (actual != expected) {
                        out.println("mismatch: " + entry.fen() + " depth " + d + " expected " + expected + " actual " + actual);
                        ok = false;
                    }
                }
                if (ok) passed++;
                else failed++;
                out.flush();
            }
        }
        out.println("passed " + passed + " failed " + failed);
        out.flush();
        return failed == 0 ? 0 : 1;
    }
}
