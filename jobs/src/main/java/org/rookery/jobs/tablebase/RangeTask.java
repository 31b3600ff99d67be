package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import org.rookery.endgame.generate.SplitSolver;

/**
 * One index range of a pawnless table split across executors, at one stage of its build: the
 * forward pass (writes the range's initial working values), one ply (writes the decisions ply k
 * makes from the range's positions decided at k), or the store (writes the range's final stored
 * values). Ply and store tasks read the whole table's values from their executor's
 * {@link WorkingState}, brought up to the plies in {@link #done}.
 */
final class RangeTask implements Serializable {
    private static final long serialVersionUID = 1L;

    enum Stage { FORWARD, PLY, STORE }

    final String material, out, build;
    final Stage stage;
    /** Range r is slots [bounds[r], bounds[r + 1]). */
    final int[] bounds;
    final int range;
    /** The ply of a {@link Stage#PLY} task. */
    final int ply;
    /** The plies run before this task, in order. */
    final int[] done;

    RangeTask(String material, String out, String build, Stage stage, int[] bounds, int range, int ply, int[] done) {
        this.material = material;
        this.out = out;
        this.build = build;
        this.stage = stage;
        this.bounds = bounds;
        this.range = range;
        this.ply = ply;
        this.done = done;
    }

    /** What a task returns to the driver. */
    static final class Result implements Serializable {
        private static final long serialVersionUID = 1L;

        final RangeTask task;
        /** Positions (with repeats across ranges) decided per metric and ply, up to the last ply decided. */
        final int[][] decided;
        /** For the store: the header's statistics of the range. */
        final long[][] counts = new long[2][5];
        final int[] longestDtm = new int[2], longestDtz = new int[2];
        long positions;
        final long millis;
        final String host;

        Result(RangeTask task, int[][] decided, long millis) {
            this.task = task;
            this.decided = decided;
            this.millis = millis;
            this.host = BuildTask.host();
        }
    }

    Result run() {
        try {
            long start = System.nanoTime();
            WorkingState state = WorkingState.of(build, material, out, bounds);
            Path dir = BuildTask.buildDir(Paths.get(out), state.index.material());
            int from = bounds[range], to = bounds[range + 1];
            switch (stage) {
                case FORWARD: {
                    short[] dtm = new short[to - from], dtz = new short[to - from];
                    int[][] hist = SplitSolver.histogram();
                    new SplitSolver(state.index, state.children).forward(from, to, dtm, dtz, hist);
                    RangeFiles.writeValues(RangeFiles.init(dir, range), dtm, dtz, to - from);
                    return new Result(this, trim(hist), millis(start));
                }
                case PLY: {
                    state.acquire(done);
                    try {
                        Collected c = new Collected();
                        new SplitSolver(state.index, state.children).ply(ply, state.values(), from, to, c);
                        int n = c.n;
                        RangeFiles.writeDecisions(RangeFiles.ply(dir, ply, range), c.all, n);
                        int[][] hist = SplitSolver.histogram();
                        for (int i = 0; i < n; i++) {
                            hist[RangeFiles.metric(c.all[i])][SplitSolver.decidedPly(RangeFiles.value(c.all[i]))]++;
                        }
                        return new Result(this, trim(hist), millis(start));
                    } finally {
                        state.release();
                    }
                }
                default: {
                    state.acquire(done);
                    try {
                        short[] dtm = new short[to - from], dtz = new short[to - from];
                        Result r = new Result(this, new int[2][0], 0);
                        r.positions = SplitSolver.store(state.index, state.values(), from, to, dtm, dtz, r.counts, r.longestDtm, r.longestDtz);
                        RangeFiles.writeValues(RangeFiles.stored(dir, range), dtm, dtz, to - from);
                        return r;
                    } finally {
                        state.release();
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The decisions of a ply in the order the solver makes them, which the state alone fixes. */
    private static final class Collected implements SplitSolver.Decisions {
        long[] all = new long[1 << 12];
        int n;

        @Override
        public void decide(int slot, int metric, short value) {
            if (n == all.length) all = Arrays.copyOf(all, all.length * 2);
            all[n++] = RangeFiles.decision(slot, metric, value);
        }
    }

    private static int[][] trim(int[][] hist) {
        int[][] out = new int[2][];
        for (int m = 0; m < 2; m++) {
            int end = hist[m].length;
            while (end > 0 && hist[m][end - 1] == 0) end--;
            out[m] = Arrays.copyOf(hist[m], end);
        }
        return out;
    }

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Override
    public String toString() {
        return material + " " + stage + (stage == Stage.PLY ? " " + ply : "") + " range " + range;
    }
}
