package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import org.apache.spark.api.java.JavaSparkContext;
import org.rookery.endgame.generate.SplitSolver;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;

/**
 * The driver of one pawnless table split into index ranges across executors. One Spark job runs
 * the forward pass (a task per range writes its initial working values); then one job per ply k
 * (a task per range writes the decisions ply k makes from its positions decided at k), for every
 * ply some position was decided at, until a ply decides nothing later ("iterating until no
 * change"); then one job writes each range's stored values, which the driver copies into the
 * table in progress, compresses and moves into {@code OUT} with the header made from the tasks'
 * statistics. Every file a task writes is a function of the files before it, so a retried task,
 * or a ply run twice, writes the same bytes.
 */
final class PawnlessSplit {
    static final int RANGES_PER_TASK = 4;

    private final JavaSparkContext sc;
    private final Path out;
    private final Material m;
    private final TableIndex index;
    private final Path dir;
    private final int[] bounds;
    private final Consumer<String> progress;
    /** Plies whose job the driver runs twice, and whether executors' states are dropped between plies (for tests). */
    private final IntPredicate repeat;
    private final boolean forget;
    private final String build = UUID.randomUUID().toString();
    private int tasks;

    /**
     * A build of {@code m} into {@code out} in {@link #RANGES_PER_TASK} × {@code parallelism} ranges (fewer
     * for a tiny table): the positions a ply decides crowd into parts of the index (white to move
     * fills the first half, black the second), so ranges of equal size take unequal time, and
     * Spark evens that out by handing several ranges to each core.
     */
    PawnlessSplit(JavaSparkContext sc, Path out, Material m, int parallelism, Consumer<String> progress, IntPredicate repeat, boolean forget) {
        this.sc = sc;
        this.out = out;
        this.m = m;
        this.index = new TableIndex(m);
        this.dir = BuildTask.buildDir(out, m);
        this.progress = progress;
        this.repeat = repeat;
        this.forget = forget;
        long n = index.size();
        int r = (int) Math.max(1, Math.min((long) RANGES_PER_TASK * parallelism, n / 64));
        bounds = new int[r + 1];
        for (int i = 1; i <= r; i++) bounds[i] = (int) (n * i / r);
    }

    SparkTableBuild.Built build() throws IOException {
        long start = System.nanoTime();
        SparkTableBuild.deleteTree(dir);
        Files.createDirectories(dir);
        int ranges = bounds.length - 1;
        long[][] decided = new long[2][SplitSolver.PLIES];
        List<RangeTask.Result> results = run(RangeTask.Stage.FORWARD, 0, new int[0]);
        add(decided, results);
        progress.accept(String.format("%s: %d slots in %d ranges, forward pass %.2f s (%d dtm / %d dtz positions decided)",
            m, index.size(), ranges, secs(start), sum(decided[0], 0), sum(decided[1], 0)));
        List<Integer> done = new ArrayList<>();
        for (int k = 0; k <= Math.max(highest(decided[0]), highest(decided[1])); k++) {
            if (decided[0][k] == 0 && decided[1][k] == 0) continue;
            long t0 = System.nanoTime();
            int[] before = done.stream().mapToInt(Integer::intValue).toArray();
            results = run(RangeTask.Stage.PLY, k, before);
            if (repeat.test(k)) results = run(RangeTask.Stage.PLY, k, before);
            long[][] now = new long[2][SplitSolver.PLIES];
            add(now, results);
            add(decided, now);
            done.add(k);
            long busiest = 0, busy = 0;
            for (RangeTask.Result r : results) {
                busiest = Math.max(busiest, r.millis);
                busy += r.millis;
            }
            progress.accept(String.format("%s ply %d: %d dtm / %d dtz decisions (%.2f s; tasks %.2f s in all, the longest %.2f s)",
                m, k, sum(now[0], 0), sum(now[1], 0), secs(t0), busy / 1e3, busiest / 1e3));
        }
        results = run(RangeTask.Stage.STORE, 0, done.stream().mapToInt(Integer::intValue).toArray());
        long[][] counts = new long[2][5];
        int[] longestDtm = new int[2], longestDtz = new int[2];
        long positions = 0;
        TableFile.create(dir, index).close();
        Path part = TableFile.partPath(dir, m);
        for (RangeTask.Result r : results) {
            for (int c = 0; c < 2; c++) {
                for (int k = 0; k < 5; k++) counts[c][k] += r.counts[c][k];
                longestDtm[c] = Math.max(longestDtm[c], r.longestDtm[c]);
                longestDtz[c] = Math.max(longestDtz[c], r.longestDtz[c]);
            }
            positions += r.positions;
            int range = r.task.range;
            SliceBytes.mergeSlots(index, RangeFiles.stored(dir, range), bounds[range], bounds[range + 1], part);
        }
        Table t = TableFile.resume(dir, index);
        TableFile.finish(t, counts, longestDtm, longestDtz);
        Files.move(TableFile.path(dir, m), TableFile.path(out, m), StandardCopyOption.ATOMIC_MOVE);
        SparkTableBuild.deleteTree(dir);
        WorkingState.forget(); // the executors' state, where the driver is one of them (local mode)
        long millis = (System.nanoTime() - start) / 1_000_000;
        progress.accept(String.format("%s: %d positions, longest mate %d/%d plies (wtm/btm), longest dtz %d/%d, %.2f s in %d tasks (%d plies)",
            m, positions, longestDtm[0], longestDtm[1], longestDtz[0], longestDtz[1], millis / 1000.0, tasks, done.size()));
        return new SparkTableBuild.Built(m, tasks, positions, millis);
    }

    private List<RangeTask.Result> run(RangeTask.Stage stage, int ply, int[] done) {
        if (forget) WorkingState.forget();
        List<RangeTask> list = new ArrayList<>();
        for (int r = 0; r + 1 < bounds.length; r++) {
            list.add(new RangeTask(m.name(), out.toString(), build, stage, bounds, r, ply, done));
        }
        tasks += list.size();
        return sc.parallelize(list, list.size()).map(RangeTask::run).collect();
    }

    private static void add(long[][] into, List<RangeTask.Result> results) {
        for (RangeTask.Result r : results) {
            for (int c = 0; c < 2; c++) for (int k = 0; k < r.decided[c].length; k++) into[c][k] += r.decided[c][k];
        }
    }

    private static void add(long[][] into, long[][] from) {
        for (int c = 0; c < 2; c++) for (int k = 0; k < from[c].length; k++) into[c][k] += from[c][k];
    }

    private static long sum(long[] h, int from) {
        long s = 0;
        for (int i = from; i < h.length; i++) s += h[i];
        return s;
    }

    private static int highest(long[] h) {
        for (int i = h.length - 1; i >= 0; i--) if (h[i] != 0) return i;
        return -1;
    }

    private static double secs(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
