package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.rookery.endgame.generate.ResumeMark;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;

/**
 * Builds endgame tables on Spark with the endgame module's own generator, so the files are the
 * single-machine build's byte for byte.
 *
 * <p>The tables to build are grouped into {@link DependencyWaves}; the tables of one dependency
 * wave are independent and run as tasks of the same Spark jobs. A table under {@code splitSlots}
 * slots is one task generating the whole table in the shared output directory. A larger pawnless
 * table is split by index range ({@link PawnlessSplit}), one such table at a time after the other
 * tables of its dependency wave. A larger pawnful table is split: its pawn slices are solved wave
 * by wave (a wave is the slices of one pawn advancement, which only read more advanced slices), each wave's slices
 * cut into up to {@code parallelism} contiguous ranges, one task each. A task writes its slices
 * to a slice file in {@code OUT/.spark-build/NAME/}; the driver copies them into the table in
 * progress there before the next wave starts, and after the last wave checksums the table, writes
 * its header from the tasks' statistics and moves it into {@code OUT}. Executors therefore need
 * {@code OUT} on a filesystem they all share (see docs/cluster.md).
 */
public final class SparkTableBuild {
    /** One finished table. */
    public static final class Built {
        public final Material material;
        public final int tasks;
        public final long positions, millis;

        Built(Material material, int tasks, long positions, long millis) {
            this.material = material;
            this.tasks = tasks;
            this.positions = positions;
            this.millis = millis;
        }
    }

    private final JavaSparkContext sc;
    private final Path out;
    private final int threads;
    private final long splitSlots;
    private final int parallelism;
    private final Consumer<String> progress;

    /**
     * A build into {@code out} with {@code threads} generator threads per task; pawnful tables of at
     * least {@code splitSlots} slots are split into up to {@code parallelism} tasks per pawn wave.
     */
    public SparkTableBuild(JavaSparkContext sc, Path out, int threads, long splitSlots, int parallelism, Consumer<String> progress) {
        if (threads < 1) throw new IllegalArgumentException("--threads must be at least 1");
        if (parallelism < 1) throw new IllegalArgumentException("--parallelism must be at least 1");
        this.sc = sc;
        this.out = out.toAbsolutePath();
        this.threads = threads;
        this.splitSlots = splitSlots;
        this.parallelism = parallelism;
        this.progress = progress == null ? s -> { } : progress;
    }

    /** The targets and every table they need that {@code out} lacks, in dependency order. */
    public List<Material> plan(List<Material> targets) {
        List<Material> plan = new ArrayList<>();
        for (Material m : Material.withDependencies(targets)) if (!Files.exists(TableFile.path(out, m))) plan.add(m);
        return plan;
    }

    /** Plies whose Spark job a pawnless split table runs twice (for tests). */
    IntPredicate repeatPly = k -> false;
    /** Whether executors' working states are dropped before every job of a pawnless split table (for tests). */
    boolean forgetStates;

    /** Whether a table is split across tasks: by pawn-slice ranges, or a pawnless one by index ranges. */
    boolean split(Material m) {
        return new TableIndex(m).size() >= splitSlots;
    }

    /** Builds the planned tables; returns them in the order they were finished. */
    public List<Built> build(List<Material> targets) throws IOException {
        Files.createDirectories(out);
        List<Built> done = new ArrayList<>();
        List<List<Material>> waves = DependencyWaves.of(plan(targets));
        for (int w = 0; w < waves.size(); w++) {
            List<Material> wave = waves.get(w);
            progress.accept("dependency wave " + (w + 1) + " of " + waves.size() + ": " + wave);
            done.addAll(buildWave(wave));
        }
        Path root = out.resolve(".spark-build");
        if (Files.isDirectory(root)) {
            try (Stream<Path> s = Files.list(root)) {
                if (s.findAny().isEmpty()) Files.delete(root);
            }
        }
        return done;
    }

    /** The pawn waves of a split table as [start, end) slice ranges, most advanced first. */
    static List<int[]> pawnWaves(TableIndex index) {
        List<int[]> waves = new ArrayList<>();
        for (int s = 0; s < index.sliceCount(); ) {
            int e = s;
            while (e < index.sliceCount() && index.advancement(e) == index.advancement(s)) e++;
            waves.add(new int[] {s, e});
            s = e;
        }
        return waves;
    }

    private List<Built> buildWave(List<Material> wave) throws IOException {
        Map<Material, Assembly> split = new LinkedHashMap<>();
        List<BuildTask> wholes = new ArrayList<>();
        List<Material> pawnless = new ArrayList<>();
        for (Material m : wave) {
            if (!split(m)) wholes.add(BuildTask.whole(m, out, threads));
            else if (m.hasPawns()) split.put(m, new Assembly(m));
            else pawnless.add(m);
        }
        List<Built> done = new ArrayList<>();
        // Step i runs pawn wave i of every split table of this dependency wave, with the whole tables in step 0.
        for (int step = 0; ; step++) {
            List<BuildTask> tasks = new ArrayList<>(step == 0 ? wholes : List.of());
            for (Assembly a : split.values()) if (step < a.remaining()) tasks.addAll(a.tasks(step));
            if (tasks.isEmpty()) break;
            long start = System.nanoTime();
            List<BuildResult> results = sc.parallelize(tasks, tasks.size()).map(BuildTask::run).collect();
            double secs = (System.nanoTime() - start) / 1e9;
            for (BuildResult r : results) {
                if (r.task.whole) {
                    Material m = Material.parse(r.task.material);
                    done.add(new Built(m, 1, r.positions, r.millis));
                    progress.accept(String.format("%s: %d positions, longest mate %d/%d plies (wtm/btm), longest dtz %d/%d, %.2f s on %s (1 task)",
                        m, r.positions, r.longestDtm[0], r.longestDtm[1], r.longestDtz[0], r.longestDtz[1], r.millis / 1000.0, r.host));
                } else {
                    split.get(Material.parse(r.task.material)).add(r);
                }
            }
            for (Assembly a : split.values()) {
                if (step >= a.remaining()) continue;
                int[] pw = a.waves.get(a.first + step);
                progress.accept(String.format("%s: pawn wave %d of %d (slices %d-%d, advancement %d) in %d task(s), %.2f s",
                    a.m, a.first + step + 1, a.waves.size(), pw[0], pw[1] - 1, a.index.advancement(pw[0]), a.tasks(step).size(), secs));
                if (step == a.remaining() - 1) done.add(a.finish());
                else a.mark(pw[1]);
            }
        }
        // One at a time: every executor holds the whole table's working values of the one it builds.
        for (Material m : pawnless) done.add(new PawnlessSplit(sc, out, m, parallelism, progress, repeatPly, forgetStates).build());
        return done;
    }

    /** A split table being assembled in its build directory. */
    private final class Assembly {
        final Material m;
        final TableIndex index;
        final List<int[]> waves;
        final Path dir;
        final long start = System.nanoTime();
        long[][] counts = new long[2][5];
        int[] longestDtm = new int[2], longestDtz = new int[2];
        long positions;
        int tasks;
        /** The first pawn wave this run builds: 0, or where an interrupted build stopped. */
        final int first;

        Assembly(Material m) throws IOException {
            this.m = m;
            this.index = new TableIndex(m);
            this.waves = pawnWaves(index);
            this.dir = BuildTask.buildDir(out, m);
            // An interrupted build of this table continues after its last merged wave, as the
            // single-machine build does; anything else it left is thrown away.
            ResumeMark mark = ResumeMark.read(dir, index);
            int w = 0;
            if (mark != null) {
                while (w < waves.size() && waves.get(w)[0] != mark.nextSlice()) w++;
            }
            if (mark != null && w < waves.size()) {
                first = w;
                counts = mark.counts();
                longestDtm = mark.longestDtm();
                longestDtz = mark.longestDtz();
                positions = mark.positions();
                try (Stream<Path> s = Files.list(dir)) {
                    for (Path p : (Iterable<Path>) s::iterator) {
                        if (p.getFileName().toString().startsWith("slices-")) Files.delete(p);
                    }
                }
                progress.accept(String.format("%s: continuing an interrupted build at pawn wave %d of %d (slice %d)",
                    m, w + 1, waves.size(), mark.nextSlice()));
            } else {
                first = 0;
                deleteTree(dir);
                Files.createDirectories(dir);
                TableFile.create(dir, index).close();
            }
        }

        /** Pawn waves this run still builds. */
        int remaining() {
            return waves.size() - first;
        }

        /** Notes that every slice before {@code next} is merged into the table in progress. */
        void mark(int next) throws IOException {
            ResumeMark.write(dir, m, next, counts, longestDtm, longestDtz, positions);
        }

        /** Step {@code step}'s wave (counted from {@link #first}) cut into up to {@code parallelism} contiguous ranges. */
        List<BuildTask> tasks(int step) {
            int[] w = waves.get(first + step);
            int n = w[1] - w[0], k = Math.min(n, parallelism);
            List<BuildTask> list = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                int a = w[0] + (int) ((long) n * i / k), b = w[0] + (int) ((long) n * (i + 1) / k);
                list.add(BuildTask.slices(m, a, b, out, threads));
            }
            return list;
        }

        void add(BuildResult r) throws IOException {
            Path file = BuildTask.sliceFile(dir, r.task.from, r.task.to);
            SliceBytes.merge(index, file, r.task.from, r.task.to, dir.resolve(m.name() + TableFile.SUFFIX + ".part"));
            Files.delete(file);
            for (int c = 0; c < 2; c++) {
                for (int k = 0; k < 5; k++) counts[c][k] += r.counts[c][k];
                longestDtm[c] = Math.max(longestDtm[c], r.longestDtm[c]);
                longestDtz[c] = Math.max(longestDtz[c], r.longestDtz[c]);
            }
            positions += r.positions;
            tasks++;
        }

        Built finish() throws IOException {
            long millis = (System.nanoTime() - start) / 1_000_000;
            Table t = TableFile.resume(dir, index);
            TableFile.finish(t, counts, longestDtm, longestDtz);
            Files.move(TableFile.path(dir, m), TableFile.path(out, m), StandardCopyOption.ATOMIC_MOVE);
            deleteTree(dir);
            progress.accept(String.format("%s: %d positions, longest mate %d/%d plies (wtm/btm), longest dtz %d/%d, %.2f s in %d tasks",
                m, positions, longestDtm[0], longestDtm[1], longestDtz[0], longestDtz[1], millis / 1000.0, tasks));
            return new Built(m, tasks, positions, millis);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }
}
