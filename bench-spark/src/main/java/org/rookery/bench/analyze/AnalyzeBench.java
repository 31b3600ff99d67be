package org.rookery.bench.analyze;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.rookery.contract.schema.Rejected;
import org.rookery.core.tools.ExternalTools;
import org.rookery.jobs.ingest.Compression;
import org.rookery.jobs.ingest.IngestJob;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;
import org.rookery.jobs.spark.Sessions;
import org.rookery.jobs.stats.DrawRulesJob;
import org.rookery.jobs.synthetic.SyntheticGames;

/**
 * {@code rookery bench analyze}: games per second of {@code analyze ingest} followed by
 * {@code analyze draw-rules} (PGN to Parquet, then the repetition and 50/75-move search) on Spark
 * {@code local[1]} and {@code local[2]}, against {@code pgn-extract --repetition} on the same file
 * in the same run, so the printed ratios compare like with like on whatever machine runs it.
 *
 * <p>The corpus is synthetic (see {@link SyntheticGames}) unless {@code --corpus} names a file:
 * nothing can be downloaded where Rookery is built. Spark's start-up is timed separately, since a
 * long job pays it once.
 */
public final class AnalyzeBench {
    private AnalyzeBench() {
    }

    /** One measured configuration. */
    public record Run(String master, long games, double startupSeconds, double ingestSeconds,
            double drawRulesSeconds, double cpuSeconds, double ingestCpuSeconds) {
        /** Games per second of ingest plus draw-rules. */
        public double gamesPerSecond() {
            return games / (ingestSeconds + drawRulesSeconds);
        }
    }

    /**
     * Runs the benchmark on {@code corpus} (generated with {@code games} games when null) and prints
     * the figures and ratios.
     */
    public static void run(PrintWriter out, Path corpus, int games, long seed, List<String> masters, int rounds)
            throws IOException {
        Path work = Files.createTempDirectory("rookery-bench-analyze");
        try {
            Path file = corpus;
            String origin;
            if (file == null) {
                file = work.resolve("corpus.pgn");
                long t = System.nanoTime();
                SyntheticGames.write(file, seed, games, Runtime.getRuntime().availableProcessors());
                origin = String.format(Locale.ROOT, "synthetic, seed %d, generated in %.1f s", seed,
                        (System.nanoTime() - t) / 1e9);
            } else {
                origin = "from " + file;
            }
            out.println(String.format(Locale.ROOT, "# rookery bench analyze: %s (%.1f MB, %s), %d cores, %s %s",
                    file.getFileName(), Files.size(file) / 1e6, origin, Runtime.getRuntime().availableProcessors(),
                    System.getProperty("java.vm.name"), System.getProperty("java.version")));
            out.flush();

            // Warm the JIT on a slice first: the first configuration measured cold ran up to 2x slower.
            Path slice = work.resolve("warmup.pgn");
            SyntheticGames.write(slice, seed + 1, 20_000, Runtime.getRuntime().availableProcessors());
            measure(masters.get(masters.size() - 1), slice, work.resolve("warm"));

            Path peer = ExternalTools.locate("pgn-extract");
            double peerSeconds = -1;
            // pgn-extract reads plain PGN only: it gets the file decompressed beforehand, untimed.
            Path peerFile = file;
            Compression kind = Compression.of(file.getFileName().toString());
            if (peer != null && !kind.splittable()) {
                peerFile = work.resolve("peer.pgn");
                try (InputStream in = kind.decode(Files.newInputStream(file))) {
                    Files.copy(in, peerFile);
                }
                out.println("pgn-extract reads " + file.getFileName() + " decompressed beforehand (not timed)");
            }
            if (peer == null) {
                out.println("ratios skipped: " + ExternalTools.installHint("pgn-extract"));
            } else {
                // Best of the rounds, like the Spark runs.
                peerSeconds = Double.MAX_VALUE;
                for (int round = 0; round < rounds; round++) {
                    peerSeconds = Math.min(peerSeconds, timePgnExtract(peer, peerFile));
                }
            }
            // Each master in every round, interleaved, best run kept: the machine may be shared.
            List<Run> runs = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                for (int m = 0; m < masters.size(); m++) {
                    Run r = measure(masters.get(m), file, work.resolve("data-" + round + "-" + m));
                    out.println(String.format(Locale.ROOT,
                            "%-9s %,d games: ingest %.1f s + draw-rules %.1f s = %,.0f games/s (Spark start-up %.1f s not counted);"
                                    + " CPU per game: ingest %.0f us + draw-rules %.0f us",
                            r.master(), r.games(), r.ingestSeconds(), r.drawRulesSeconds(), r.gamesPerSecond(),
                            r.startupSeconds(), 1e6 * r.ingestCpuSeconds() / r.games(),
                            1e6 * (r.cpuSeconds() - r.ingestCpuSeconds()) / r.games()));
                    out.flush();
                    if (round == 0) {
                        runs.add(r);
                    } else if (r.gamesPerSecond() > runs.get(m).gamesPerSecond()) {
                        runs.set(m, r);
                    }
                }
            }
            long n = runs.get(0).games();
            if (peerSeconds > 0) {
                double peerRate = n / peerSeconds;
                for (Run r : runs) {
                    out.println(String.format(Locale.ROOT, "best %-9s %,.0f games/s", r.master(), r.gamesPerSecond()));
                }
                out.println(String.format(Locale.ROOT, "pgn-extract --repetition: %.1f s = %,.0f games/s (1 thread, C)",
                        peerSeconds, peerRate));
                for (Run r : runs) {
                    out.println(String.format(Locale.ROOT, "ratio %s / pgn-extract: %.2f", r.master(),
                            r.gamesPerSecond() / peerRate));
                }
            }
            // On a shared machine wall-clock ratios depend on what else runs; CPU per game does not.
            if (lastPeerCpu > 0) {
                int cores = Runtime.getRuntime().availableProcessors();
                out.println(String.format(Locale.ROOT, "CPU per game: pgn-extract %.0f us", 1e6 * lastPeerCpu / n));
                for (Run r : runs) {
                    out.println(String.format(Locale.ROOT,
                            "CPU per game: %s %.0f us; if its CPU were spread over %d idle cores: at best %.2f x pgn-extract",
                            r.master(), 1e6 * r.cpuSeconds() / n, Math.min(cores, parallelism(r.master(), cores)),
                            Math.min(cores, parallelism(r.master(), cores)) * lastPeerCpu / r.cpuSeconds()));
                }
            }
            if (runs.size() > 1) {
                out.println(String.format(Locale.ROOT, "scaling %s / %s: %.2f", runs.get(runs.size() - 1).master(),
                        runs.get(0).master(), runs.get(runs.size() - 1).gamesPerSecond() / runs.get(0).gamesPerSecond()));
            }
            out.flush();
        } finally {
            deleteTree(work);
        }
    }

    private static Run measure(String master, Path file, Path data) throws IOException {
        long t0 = System.nanoTime();
        SparkSession spark = Sessions.create("bench", master, Map.of());
        try {
            long t1 = System.nanoTime();
            long c1 = processCpuNanos();
            IngestJob.Summary s = IngestJob.run(spark, new IngestJob.Options(List.of(file.toString()),
                    data.toString(), "bench", 0, 0), null);
            long t2 = System.nanoTime();
            long c2 = processCpuNanos();
            DrawRulesJob.run(spark, data.toString(), null);
            long t3 = System.nanoTime();
            long c3 = processCpuNanos();
            // The games of the input, as pgn-extract counts them: fragments (text between games that
            // is no game, such as a run of NUL bytes) are rejected rows but not games.
            long games = s.games() + (s.rejected() == 0 ? 0 : gameRejects(spark, data.toString()));
            return new Run(master, games, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9,
                    (c3 - c1) / 1e9, (c2 - c1) / 1e9);
        } finally {
            spark.stop();
        }
    }

    /** The {@code rejected} rows of kind {@code game}; read after the timed part. */
    private static long gameRejects(SparkSession spark, String data) {
        return spark.read().parquet(Tables.path(data, Schemas.REJECTED))
                .where(org.apache.spark.sql.functions.col(Rejected.KIND).equalTo(Rejected.KIND_GAME)).count();
    }

    /** Cores a local master uses: local[N] → N, local[*] → all. */
    private static int parallelism(String master, int cores) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("local\\[(\\d+)").matcher(master);
        return m.find() ? Integer.parseInt(m.group(1)) : cores;
    }

    /** CPU time of this JVM, all threads (in local mode the executors are threads here too). */
    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }

    /** Wall seconds of one run; its CPU seconds go to {@link #lastPeerCpu} when GNU time is there. */
    private static double timePgnExtract(Path peer, Path file) throws IOException {
        Path gnuTime = Path.of("/usr/bin/time");
        Path cpuFile = Files.createTempFile("rookery-bench", ".time");
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(gnuTime)) {
            cmd.addAll(List.of(gnuTime.toString(), "-o", cpuFile.toString(), "-f", "%U %S"));
        }
        cmd.addAll(List.of(peer.toString(), "-s", "--repetition", "-o", "/dev/null", file.toString()));
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!p.waitFor(30, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("pgn-extract did not finish in 30 minutes");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while timing pgn-extract");
        }
        double wall = (System.nanoTime() - start) / 1e9;
        try {
            String[] f = Files.readString(cpuFile).trim().split("\\s+");
            double cpu = Double.parseDouble(f[f.length - 2]) + Double.parseDouble(f[f.length - 1]);
            lastPeerCpu = lastPeerCpu < 0 ? cpu : Math.min(lastPeerCpu, cpu);
        } catch (RuntimeException | IOException e) {
            // No GNU time: only wall-clock figures are printed.
        } finally {
            Files.deleteIfExists(cpuFile);
        }
        return wall;
    }

    /** Least CPU seconds of pgn-extract's runs, or -1 when unknown. */
    private static double lastPeerCpu = -1;

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
