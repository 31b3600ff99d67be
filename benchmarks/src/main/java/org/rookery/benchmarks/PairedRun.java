package org.rookery.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * A paired A/B run of one benchmark workload from two built trees, in one JVM and one thread.
 *
 * <p>Each tree's {@code core} and {@code benchmarks} classes load in their own class loader; the
 * two alternate (A then B, then B then A) in samples of about half a CPU-second each, timed by
 * thread CPU time. On a machine shared with other builds, separate processes measured side by side
 * differ by ±30 % from one round to the next; here both see the same load and the quartiles of
 * the per-round ratio stay within a few per cent.
 *
 * <pre>
 * java -cp benchmarks/target/classes:$(cat benchmarks/target/classpath.txt) \
 *     org.rookery.benchmarks.PairedRun BASE_TREE NEW_TREE ROUNDS perft FEN DEPTH [make]
 * ... PairedRun TREE TREE ROUNDS perft2 FEN_A DEPTH_A FEN_B DEPTH_B
 * ... PairedRun BASE_TREE NEW_TREE ROUNDS replay
 * ... PairedRun BASE_TREE NEW_TREE ROUNDS comments
 * ... PairedRun BASE_TREE NEW_TREE ROUNDS syzygy (wdl | dtz)
 * </pre>
 *
 * {@code replay} is {@link PgnReplayBenchmark}'s parse and replay; {@code comments} only parses
 * 2,000 games whose every ply carries a brace comment, with a variation and a rest-of-line
 * comment every tenth ply (the reader's bounded-text scanners). {@code syzygy} is
 * {@link SyzygyProbeBenchmark}'s WDL or DTZ probe over its 4,096 positions (tables from
 * {@code -Dsyzygy.path}), the trees' {@code endgame} classes loaded as well.
 *
 * {@code perft2} compares two positions instead of two trees (usually one tree given twice): the
 * first tree counts FEN_A, the second FEN_B, and the ratio is of leaves per CPU second, so a
 * Chess960 position is measured against a standard one under the same load.
 *
 * Prints the ratio new/base of throughput (above 1: the new tree is faster).
 */
public final class PairedRun {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final double WARMUP_SECONDS = 3;
    private static final double SAMPLE_SECONDS = 0.5;

    private PairedRun() {}

    /** One run of the workload; returns its result, which must agree between the trees. */
    private interface Work {
        long run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: PairedRun BASE_TREE NEW_TREE ROUNDS (perft FEN DEPTH [make] | perft2 FEN_A DEPTH_A FEN_B DEPTH_B | replay | comments | syzygy wdl|dtz)");
            System.exit(2);
        }
        try {
            run(args);
        } catch (IllegalArgumentException e) {
            System.err.println("PairedRun: " + e.getMessage());
            System.exit(2);
        }
    }

    private static void run(String[] args) throws Exception {
        int rounds;
        try {
            rounds = Integer.parseInt(args[2]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ROUNDS is not a number: " + args[2]);
        }
        if (rounds < 1) throw new IllegalArgumentException("rounds must be at least 1: " + args[2]);
        String[] spec = Arrays.copyOfRange(args, 3, args.length);
        boolean twoPositions = spec[0].equals("perft2");
        if (twoPositions && spec.length != 5) throw new IllegalArgumentException("perft2 needs FEN_A DEPTH_A FEN_B DEPTH_B");
        Work base = twoPositions ? load(args[0], new String[] {"perft", spec[1], spec[2]}) : load(args[0], spec);
        Work next = twoPositions ? load(args[1], new String[] {"perft", spec[3], spec[4]}) : load(args[1], spec);
        long[] rb = new long[1];
        long[] rn = new long[1];
        // Warm both until C2 has settled, and size a sample to about SAMPLE_SECONDS of work.
        double wb = 0;
        double wn = 0;
        int warm = 0;
        while (wb < WARMUP_SECONDS || wn < WARMUP_SECONDS) {
            wb += time(base, rb, 1);
            wn += time(next, rn, 1);
            warm++;
        }
        if (!twoPositions && rb[0] != rn[0]) {
            throw new IllegalStateException("the trees disagree: " + rb[0] + " against " + rn[0]);
        }
        int reps = Math.max(1, (int) Math.ceil(SAMPLE_SECONDS * warm / Math.min(wb, wn)));
        double[] ratio = new double[rounds];
        double sb = 0;
        double sn = 0;
        for (int r = 0; r < rounds; r++) {
            double tb;
            double tn;
            if ((r & 1) == 0) {
                tb = time(base, rb, reps);
                tn = time(next, rn, reps);
            } else {
                tn = time(next, rn, reps);
                tb = time(base, rb, reps);
            }
            sb += tb;
            sn += tn;
            // Throughput (results per CPU second) new over base; the results are equal unless perft2.
            ratio[r] = (rn[0] / tn) / (rb[0] / tb);
        }
        Arrays.sort(ratio);
        System.out.printf(Locale.ROOT,
                "%s result=%d/%d rounds=%d reps=%d base=%.3fs new=%.3fs total-ratio=%.4f median-ratio=%.4f q1=%.4f q3=%.4f%n",
                String.join(" ", spec), rb[0], rn[0], rounds, reps, sb, sn, (rn[0] / sn) / (rb[0] / sb),
                ratio[rounds / 2], ratio[rounds / 4], ratio[3 * rounds / 4]);
    }

    private static Work load(String tree, String[] spec) throws Exception {
        Path core = Path.of(tree, "core/target/classes");
        Path bench = Path.of(tree, "benchmarks/target/classes");
        if (!Files.isDirectory(core) || !Files.isDirectory(bench)) {
            throw new IllegalArgumentException(tree + ": no built core and benchmarks classes");
        }
        URL jmh = org.openjdk.jmh.annotations.State.class.getProtectionDomain().getCodeSource().getLocation();
        // The platform loader as parent, so this tree's classes never come from the launcher's.
        java.util.List<URL> urls = new java.util.ArrayList<>(java.util.List.of(bench.toUri().toURL(), core.toUri().toURL(), jmh));
        if (spec[0].equals("syzygy")) {
            Path endgame = Path.of(tree, "endgame/target/classes");
            if (!Files.isDirectory(endgame)) throw new IllegalArgumentException(tree + ": no built endgame classes");
            urls.add(endgame.toUri().toURL());
            // endgame's libraries (picocli, zstd-jni) from this launcher's class path; Rookery's own come from the tree
            for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
                if (entry.endsWith(".jar") && !Path.of(entry).getFileName().toString().startsWith("rookery-")) urls.add(Path.of(entry).toUri().toURL());
            }
        }
        ClassLoader cl = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        if (spec[0].equals("perft") && spec.length >= 3) {
            Class<?> perftClass = cl.loadClass("org.rookery.core.perft.Perft");
            Class<?> positionClass = cl.loadClass("org.rookery.core.board.Position");
            Object perft = perftClass.getConstructor(int.class).newInstance(16);
            Object position = positionClass.getMethod("fromFen", String.class).invoke(null, spec[1]);
            boolean make = spec.length > 3 && spec[3].equals("make");
            Method m = perftClass.getMethod(make ? "countMakingLeaves" : "count", positionClass, int.class);
            int depth = Integer.parseInt(spec[2]);
            return () -> (Long) m.invoke(perft, position, depth);
        }
        if (spec[0].equals("replay")) {
            Class<?> c = cl.loadClass("org.rookery.benchmarks.PgnReplayBenchmark");
            Object b = c.getConstructor().newInstance();
            c.getMethod("setUp").invoke(b);
            Method m = c.getMethod("parseAndReplay1000Games");
            return () -> (Long) m.invoke(b);
        }
        if (spec[0].equals("comments")) {
            byte[] pgn = commentedGames();
            Class<?> reader = cl.loadClass("org.rookery.core.pgn.PgnReader");
            Class<?> gameClass = cl.loadClass("org.rookery.core.pgn.PgnGame");
            Object game = gameClass.getConstructor().newInstance();
            var open = reader.getConstructor(java.io.InputStream.class, String.class);
            Method next = reader.getMethod("next", gameClass);
            Method plies = gameClass.getMethod("plyCount");
            Method variations = gameClass.getMethod("variationCount");
            return () -> {
                long n = 0;
                try (AutoCloseable r = (AutoCloseable) open.newInstance(new java.io.ByteArrayInputStream(pgn), "paired")) {
                    while ((Boolean) next.invoke(r, game)) {
                        n += (Integer) plies.invoke(game) + (Integer) variations.invoke(game);
                    }
                }
                return n;
            };
        }
        if (spec[0].equals("syzygy") && spec.length == 2 && (spec[1].equals("wdl") || spec[1].equals("dtz"))) {
            Class<?> c = cl.loadClass("org.rookery.benchmarks.SyzygyProbeBenchmark");
            Object b = c.getConstructor().newInstance();
            c.getMethod("setUp").invoke(b);
            Method m = c.getMethod(spec[1]);
            return () -> {
                long sum = 0;
                // one pass over the benchmark's 4,096 positions; the sum of values must agree between trees
                for (int i = 0; i < 4096; i++) sum += (Integer) m.invoke(b);
                return 1_000_000_000L + sum; // positive: the ratio divides by it
            };
        }
        throw new IllegalArgumentException("unknown workload: " + String.join(" ", spec));
    }

    private static byte[] commentedGames() {
        String[] sans = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"};
        StringBuilder sb = new StringBuilder();
        for (int g = 0; g < 2000; g++) {
            sb.append("[Event \"paired\"]\n[Result \"*\"]\n\n");
            for (int ply = 0; ply < 80; ply++) {
                if (ply % 2 == 0) sb.append(ply / 2 + 1).append(". ");
                sb.append(sans[ply % sans.length]).append(" {[%clk 0:01:").append(10 + ply % 50)
                  .append("] [%eval 0.").append(ply % 90).append("] a note on the move, ünïcode} ");
                if (ply % 10 == 9) {
                    sb.append("(").append(ply / 2 + 1).append("... Nf6 {side line} 2. c4 (2. d4 d5)) ; rest of line\n");
                }
            }
            sb.append("*\n\n");
        }
        return sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Thread CPU seconds for {@code reps} runs: on a loaded machine wall time mostly measures waiting. */
    private static double time(Work w, long[] result, int reps) throws Exception {
        long t0 = CPU.getCurrentThreadCpuTime();
        for (int i = 0; i < reps; i++) {
            result[0] = w.run();
        }
        return (CPU.getCurrentThreadCpuTime() - t0) / 1e9;
    }
}
