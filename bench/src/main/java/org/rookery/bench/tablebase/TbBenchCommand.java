package org.rookery.bench.tablebase;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.rookery.core.board.Position;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Boards;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.Tablebase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code tb bench}: generation time and peak heap per table (dependencies missing from the work
 * directory are built first and reported apart), then probe latency from memory over random
 * positions of every table in the directory.
 */
@Command(name = "tb bench", mixinStandardHelpOptions = true,
    description = "Measure generation time per table and probe latency (ns/probe).")
public final class TbBenchCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(paramLabel = "MATERIAL", arity = "0..*", description = "Tables to time (default: every table with at most --pieces pieces).")
    List<String> materials = new ArrayList<>();

    @Option(names = "--pieces", paramLabel = "N", description = "Time every material with at most N pieces (default 4 when no MATERIAL is named).")
    Integer pieces;

    @Option(names = "--work", paramLabel = "DIR", description = "Directory for the tables (default: a fresh temporary directory).")
    Path work;

    @Option(names = "--threads", paramLabel = "T")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--probes", paramLabel = "N", description = "Probes to time (default 2000000).")
    int probes = 2_000_000;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Material> targets = new ArrayList<>();
        for (String s : materials) targets.add(Material.parse(s).canonical());
        if (pieces != null || targets.isEmpty()) targets.addAll(Material.upTo(pieces == null ? 4 : pieces));
        Path dir = work != null ? work : Files.createTempDirectory("rookery-tb-bench");
        out.println("bench: tables in " + dir + ", " + threads + " thread(s)");
        out.printf("%-10s %12s %9s %10s %12s %s%n", "material", "positions", "seconds", "heap MiB", "positions/s", "");
        out.flush();
        try (Generator g = new Generator(dir, threads, null)) {
            List<Material> plan = g.plan(targets);
            for (Material m : plan) {
                Generator.Result r = g.generate(m);
                out.printf("%-10s %,12d %9.2f %10d %,12.0f %s%n", m, r.positions, r.millis / 1000.0, r.peakHeapBytes >> 20,
                    r.positions / Math.max(1e-3, r.millis / 1000.0), targets.contains(m) ? "" : "(dependency)");
                out.flush();
            }
        }
        probeLatency(dir, out);
        return 0;
    }

    private void probeLatency(Path dir, PrintWriter out) throws Exception {
        List<Position> sample = new ArrayList<>();
        try (Tablebase tb = Tablebase.open(dir)) {
            SplittableRandom rnd = new SplittableRandom(1);
            long[] bb = new long[12];
            for (Table t : tb.tables()) {
                TableIndex index = t.index();
                for (int found = 0, tries = 0; found < 200 && tries < 100_000; tries++) {
                    long idx = rnd.nextLong(index.size());
                    if (!index.valid(idx, bb)) continue;
                    sample.add(Boards.position(bb, index.decode(idx, bb)));
                    found++;
                }
            }
            if (sample.isEmpty()) return;
            // random positions of every table: nearly every probe decompresses its two blocks
            time(tb, sample, "compressed, random (block cache misses)", out);
            // a few positions probed over and over: every block comes from the per-thread cache
            time(tb, sample.subList(0, Math.min(8, sample.size())), "compressed, cached blocks", out);
        }
        try (Tablebase tb = Tablebase.open(dir, true)) {
            time(tb, sample, "in memory", out);
        }
    }

    private void time(Tablebase tb, List<Position> sample, String what, PrintWriter out) {
        long sink = 0;
        for (int i = 0; i < 200_000; i++) sink += tb.probe(sample.get(i % sample.size()));
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long blocks = Tablebase.blocksDecompressed();
        long cpu = mx.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (int i = 0; i < probes; i++) sink += tb.probe(sample.get(i % sample.size()));
        long ns = System.nanoTime() - start;
        cpu = mx.getCurrentThreadCpuTime() - cpu;
        blocks = Tablebase.blocksDecompressed() - blocks;
        // CPU time per probe is the figure that survives a machine shared with other work
        out.printf("probe (%s): %.0f ns/probe wall, %.0f ns/probe CPU, %.2f blocks decompressed/probe, over %,d probes of %,d random positions from %d tables (%d)%n",
            what, (double) ns / probes, (double) cpu / probes, (double) blocks / probes, probes, sample.size(), tb.tables().size(), sink & 1);
        out.flush();
    }
}
