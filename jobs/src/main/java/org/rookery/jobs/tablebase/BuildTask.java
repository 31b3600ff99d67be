package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.stream.Stream;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;

/**
 * One unit of a distributed build, run on an executor: either a whole table, generated straight
 * into the shared output directory, or slices [from, to) of one pawn wave of a split table, solved
 * in a private scratch directory and handed back as a slice file in the table's build directory.
 */
public final class BuildTask implements Serializable {
    private static final long serialVersionUID = 1L;

    public final String material;
    /** A whole table, or else slices [from, to) of one pawn wave. */
    public final boolean whole;
    public final int from, to;
    final String out;
    final int threads;

    private BuildTask(String material, boolean whole, int from, int to, String out, int threads) {
        this.material = material;
        this.whole = whole;
        this.from = from;
        this.to = to;
        this.out = out;
        this.threads = threads;
    }

    static BuildTask whole(Material m, Path out, int threads) {
        return new BuildTask(m.name(), true, 0, 0, out.toString(), threads);
    }

    static BuildTask slices(Material m, int from, int to, Path out, int threads) {
        return new BuildTask(m.name(), false, from, to, out.toString(), threads);
    }

    /** Where the driver assembles a split table and where slice files go: {@code OUT/.spark-build/NAME/}. */
    static Path buildDir(Path out, Material m) {
        return out.resolve(".spark-build").resolve(m.name());
    }

    /** The slice file of slices [from, to) in a table's build directory. */
    static Path sliceFile(Path buildDir, int from, int to) {
        return buildDir.resolve("slices-" + from + "-" + to);
    }

    /** Runs the task on this executor. */
    public BuildResult run() {
        // A split pawnless table's state is no longer needed here: those build after the other
        // tasks of their dependency wave, so this task belongs to a later wave.
        WorkingState.forget();
        try {
            return whole ? runWhole() : runSlices();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private BuildResult runWhole() throws IOException {
        Material m = Material.parse(material);
        try (Generator g = new Generator(Paths.get(out), threads, null)) {
            Generator.Result r = g.generate(m);
            return new BuildResult(this, r.counts, r.longestDtm, r.longestDtz, r.positions, r.millis, host());
        }
    }

    private BuildResult runSlices() throws IOException {
        Material m = Material.parse(material);
        TableIndex index = new TableIndex(m);
        Path outDir = Paths.get(out);
        Path build = buildDir(outDir, m);
        Path work = Files.createTempDirectory("rookery-tb-" + m.name() + "-");
        try {
            // The generator reads the children from its own directory: link them from the shared one.
            for (Material c : m.children()) {
                Path target = TableFile.path(outDir, c).toAbsolutePath();
                if (!Files.exists(target)) throw new IOException("missing table " + c + " (expected " + target + ")");
                Files.createSymbolicLink(TableFile.path(work, c), target);
            }
            // A sparse table in progress holding only what pawn moves out of this wave reach:
            // a push adds 1 or 2 to the advancement, so the one or two waves just before it.
            Table part = TableFile.create(work, index);
            part.close();
            int waveStart = from;
            while (waveStart > 0 && index.advancement(waveStart - 1) == index.advancement(from)) waveStart--;
            int first = waveStart;
            while (first > 0 && index.advancement(first - 1) <= index.advancement(from) + 2) first--;
            Path workPart = work.resolve(m.name() + TableFile.SUFFIX + ".part");
            SliceBytes.copy(index, build.resolve(m.name() + TableFile.SUFFIX + ".part"), workPart, first, waveStart);
            Generator.Result r;
            try (Generator g = new Generator(work, threads, null)) {
                r = g.generateSlices(m, from, to, false);
            }
            SliceBytes.extract(index, workPart, from, to, sliceFile(build, from, to));
            return new BuildResult(this, r.counts, r.longestDtm, r.longestDtz, r.positions, r.millis, host());
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The executor's host name, for progress lines; "?" when it cannot be resolved. */
    static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "?";
        }
    }

    @Override
    public String toString() {
        return whole ? material : material + "[" + from + "," + to + ")";
    }
}
