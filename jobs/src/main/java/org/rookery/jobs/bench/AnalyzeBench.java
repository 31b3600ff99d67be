package org.rookery.jobs.bench;

import java.io.File;
import java.io.IOException;
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
import org.rookery.jobs.ingest.IngestJob;
import org.rookery.jobs.spark.Sessions;
import org.rookery.jobs.stats.DrawRulesJob;

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
            double drawRulesSeconds) {
        /** Games per second of ingest plus draw-rules. */
        public double gamesPerSecond() {
            return games / (ingestSeconds + drawRulesSeconds);
        }
    }

    /**
     * Runs the benchmark on {@code corpus} (generated with {@code games} games when null) and prints
     * the figures and ratios.
     */
    public static void run(PrintWriter out, Path corpus, int games, long seed, List<String> masters)
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

            // Warm the JIT on a slice, so the first measured master is not the only one paying for it.
            Path slice = work.resolve("warmup.pgn");
            SyntheticGames.write(slice, seed + 1, 5000, 1);
            measure(masters.get(masters.size() - 1), slice, work.resolve("warm"));

            Path peer = pgnExtract();
            double peerSeconds = -1;
            if (peer == null) {
                out.println("pgn-extract not found: ratios skipped (install with: apt-get install -y pgn-extract)");
            } else {
                peerSeconds = timePgnExtract(peer, file);
            }
            List<Run> runs = new ArrayList<>();
            for (String master : masters) {
                Run r = measure(master, file, work.resolve("data-" + runs.size()));
                runs.add(r);
                out.println(String.format(Locale.ROOT,
                        "%-9s %,d games: ingest %.1f s + draw-rules %.1f s = %,.0f games/s (Spark start-up %.1f s not counted)",
                        r.master(), r.games(), r.ingestSeconds(), r.drawRulesSeconds(), r.gamesPerSecond(),
                        r.startupSeconds()));
                out.flush();
            }
            long n = runs.get(0).games();
            if (peerSeconds > 0) {
                double peerRate = n / peerSeconds;
                out.println(String.format(Locale.ROOT, "pgn-extract --repetition: %.1f s = %,.0f games/s (1 thread, C)",
                        peerSeconds, peerRate));
                for (Run r : runs) {
                    out.println(String.format(Locale.ROOT, "ratio %s / pgn-extract: %.2f", r.master(),
                            r.gamesPerSecond() / peerRate));
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
            IngestJob.Summary s = IngestJob.run(spark, new IngestJob.Options(List.of(file.toString()),
                    data.toString(), "bench", 0, 0), null);
            long t2 = System.nanoTime();
            DrawRulesJob.run(spark, data.toString(), null);
            long t3 = System.nanoTime();
            return new Run(master, s.games() + s.rejected(), (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9);
        } finally {
            spark.stop();
        }
    }

    /** pgn-extract on PATH, in /usr/bin or in /usr/games (where Debian puts it); null if absent. */
    public static Path pgnExtract() {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.add("/usr/bin");
        dirs.add("/usr/games");
        for (String d : dirs) {
            if (d.isEmpty()) {
                continue;
            }
            Path p = Path.of(d, "pgn-extract");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static double timePgnExtract(Path peer, Path file) throws IOException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(peer.toString(), "-s", "--repetition", "-o", "/dev/null", file.toString())
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
        return (System.nanoTime() - start) / 1e9;
    }

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
