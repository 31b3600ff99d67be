package org.rookery.endgame.generate;

import java.util.function.Consumer;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableSet;
import org.rookery.endgame.probe.Values;

/**
 * Solves one slice: a forward pass reads every zeroing move's value and counts the reversible
 * successors, then, for DTM and for DTZ, passes over increasing ply k turn each position decided
 * at k into a win at k+1 for its predecessors, or, once all a predecessor's reversible moves lead
 * to wins, into a loss. The forward pass splits the slice into index ranges over all workers.
 * The two metrics share nothing after it, so with several workers they are solved at the same
 * time by two halves of the workers: with two threads each metric has one, which needs no atomic
 * counter updates and no barrier per ply. Within a half of several workers the slice is split
 * into index ranges again; successor counters are then decremented atomically, and the only other
 * shared writes (a win at k+1) write the same value whichever worker does it.
 */
final class SliceSolver implements AutoCloseable {
    private static final long CHUNK = 1 << 15;

    private final TableIndex index;
    private final Table out;
    private final Parallel par;
    /** The workers of the DTM and of the DTZ passes when they run side by side, else null. */
    private final Parallel dtmWorkers, dtzWorkers;
    private final Successors[] succ;
    private final Predecessors[] pred;
    private final long[][] tmp;
    private final int[][][] hist; // [worker][metric][plies]
    /**
     * Per worker, the highest ply a retrograde pass booked into its {@code hist[w][0]} (the forward
     * pass books anywhere and is merged in full once): merging a ply's counts then reads only up
     * to it, not all {@link Work#UNDECIDED} entries, which for a pawn table of a thousand small
     * slices was a tenth of the work.
     */
    private final int[] top;
    /** Per worker, the forward pass's decoding cursor over its {@code succ[w].bb}. */
    private final TableIndex.Cursor[] cursors;
    /** Per worker, the retrograde passes' decoding cursor over its {@code pred[w].bb}. */
    private final TableIndex.Cursor[] retroCursors;
    private final short[] dtm, dtz;
    private final Counters cntDtm, cntDtz;
    private final LevelMarks marksDtm, marksDtz;
    private final Consumer<String> progress;
    private final String name;

    /** Totals over the slices this solver finished. */
    final long[][] counts = new long[2][5];
    final int[] longestDtm = new int[2];
    final int[] longestDtz = new int[2];
    long positions;
    int iterations;

    SliceSolver(TableIndex index, TableSet tables, Table out, Parallel par, Consumer<String> progress) {
        this.index = index;
        this.out = out;
        this.par = par;
        this.progress = progress;
        this.name = index.material().name();
        int t = par.threads;
        succ = new Successors[t];
        pred = new Predecessors[t];
        tmp = new long[t][256];
        hist = new int[t][2][Work.UNDECIDED + 2];
        top = new int[t];
        cursors = new TableIndex.Cursor[t];
        retroCursors = new TableIndex.Cursor[t];
        for (int i = 0; i < t; i++) {
            cursors[i] = new TableIndex.Cursor();
            retroCursors[i] = new TableIndex.Cursor();
        }
        for (int i = 0; i < t; i++) {
            succ[i] = new Successors(index, tables);
            pred[i] = new Predecessors(index);
        }
        long n = index.sliceSize();
        if (n > Integer.MAX_VALUE - 8) throw new IllegalArgumentException(name + ": slice of " + n + " slots is too large");
        dtm = new short[(int) n];
        dtz = new short[(int) n];
        cntDtm = new Counters((int) n);
        cntDtz = new Counters((int) n);
        marksDtm = new LevelMarks((int) n);
        marksDtz = new LevelMarks((int) n);
        if (t >= 2) {
            dtmWorkers = new Parallel(t / 2);
            dtzWorkers = new Parallel(t - t / 2);
        } else {
            dtmWorkers = dtzWorkers = null;
        }
    }

    void solve(int slice) {
        long base = slice * index.sliceSize();
        int n = dtm.length;
        int[] hm = new int[Work.UNDECIDED + 2], hz = new int[Work.UNDECIDED + 2];
        long t0 = System.nanoTime();
        marksDtm.clear();
        marksDtz.clear();
        par.ranges(n, CHUNK, (w, from, to) -> {
            init(w, base, (int) from, (int) to);
            marksDtm.markAll(dtm, (int) from, (int) to);
            marksDtz.markAll(dtz, (int) from, (int) to);
        });
        long t1 = System.nanoTime();
        int all = par.threads;
        merge(hm, 0, 0, 0, all);
        merge(hz, 1, 0, 0, all);
        long[] ends = new long[2];
        boolean same = java.util.Arrays.equals(dtm, dtz);
        if (!same) cntDtz.copyFrom(cntDtm);
        if (same) {
            // No zeroing move's value differs between the metrics (every capture leads to a draw, or
            // there is none): both passes would un-move the same positions at the same plies to the
            // same values, so DTM is solved once, by all workers, and DTZ is its copy.
            int levels = retro(base, dtm, cntDtm, marksDtm, hm, "dtm and dtz", par, 0);
            System.arraycopy(dtm, 0, dtz, 0, n);
            iterations += 2 * levels;
            ends[0] = ends[1] = System.nanoTime();
        } else if (dtmWorkers == null) {
            iterations += retro(base, dtm, cntDtm, marksDtm, hm, "dtm", par, 0);
            ends[0] = System.nanoTime();
            iterations += retro(base, dtz, cntDtz, marksDtz, hz, "dtz", par, 0);
            ends[1] = System.nanoTime();
        } else {
            int[] levels = new int[2];
            par.run(w -> {
                if (w == 0) {
                    levels[0] = retro(base, dtm, cntDtm, marksDtm, hm, "dtm", dtmWorkers, 0);
                    ends[0] = System.nanoTime();
                } else if (w == 1) {
                    levels[1] = retro(base, dtz, cntDtz, marksDtz, hz, "dtz", dtzWorkers, dtmWorkers.threads);
                    ends[1] = System.nanoTime();
                }
            });
            iterations += levels[0] + levels[1];
        }
        long t2 = System.nanoTime();
        long[][][] wc = new long[par.threads][2][5];
        int[][] wm = new int[par.threads][2], wz = new int[par.threads][2];
        par.ranges(n, CHUNK, (w, from, to) -> store(base, (int) from, (int) to, wc[w], wm[w], wz[w]));
        if (progress != null) {
            progress.accept(String.format("%s: forward pass %.2f s, dtm levels done at %.2f s, dtz at %.2f s, stored at %.2f s",
                name, (t1 - t0) / 1e9, (ends[0] - t0) / 1e9, (ends[1] - t0) / 1e9, (System.nanoTime() - t0) / 1e9));
        }
        for (int w = 0; w < par.threads; w++) {
            for (int c = 0; c < 2; c++) {
                for (int k = 0; k < 5; k++) {
                    counts[c][k] += wc[w][c][k];
                    positions += wc[w][c][k];
                }
                longestDtm[c] = Math.max(longestDtm[c], wm[w][c]);
                longestDtz[c] = Math.max(longestDtz[c], wz[w][c]);
            }
        }
    }

    /** Writes slots [from, to) of the slice to the table, adding their statistics to one worker's totals. */
    private void store(long base, int from, int to, long[][] counted, int[] longM, int[] longZ) {
        int half = (int) (index.sliceSize() / 2); // slots of one side to move; white's come first in a slice
        for (int i = from; i < to; i++) {
            short m = Work.stored(dtm[i]), z = Work.stored(dtz[i]);
            out.put(base + i, m, z);
            if (m == Values.BROKEN) continue;
            int stm = i < half ? 0 : 1;
            counted[stm][Category.ofDtz(z).ordinal()]++;
            if (m > 0) longM[stm] = Math.max(longM[stm], m);
            if (z > 0) longZ[stm] = Math.max(longZ[stm], z);
        }
    }

    private void init(int w, long base, int from, int to) {
        Successors s = succ[w];
        long[] slots = tmp[w];
        int[][] h = hist[w];
        TableIndex.Cursor cursor = cursors[w];
        for (int i = from; i < to; i++) {
            long r = ForwardValues.of(index, s, base + i, slots, h, cursor);
            dtm[i] = ForwardValues.dtm(r);
            dtz[i] = ForwardValues.dtz(r);
            cntDtm.set(i, ForwardValues.internal(r));
        }
    }

    /**
     * Adds workers [first, end)'s counts of plies above {@code above} for one metric into
     * {@code into}; returns their sum.
     */
    private long merge(int[] into, int metric, int above, int first, int end) {
        return merge(into, metric, above, first, end, Integer.MAX_VALUE);
    }

    /** {@link #merge} of counts at plies up to {@code upTo} only (the rest are known to be zero). */
    private long merge(int[] into, int metric, int above, int first, int end, int upTo) {
        long sum = 0;
        for (int w = first; w < end; w++) {
            int[] h = hist[w][metric];
            for (int j = above, stop = Math.min(h.length - 1, upTo); j <= stop; j++) {
                if (h[j] != 0) {
                    into[j] += h[j];
                    sum += h[j];
                    h[j] = 0;
                }
            }
        }
        return sum;
    }

    /**
     * Solves one metric with the workers of {@code group}, whose ids here start at {@code first};
     * returns the number of ply levels passed over.
     */
    private int retro(long base, short[] val, Counters cnt, LevelMarks marks, int[] global, String metric, Parallel group, int first) {
        long start = System.nanoTime();
        int max = highest(global);
        int levels = 0;
        boolean atomic = group.threads > 1;
        for (int w = first; w < first + group.threads; w++) top[w] = 0;
        for (int ply = 0; ply <= max; ply++) {
            if (global[ply] == 0) continue;
            final int k = ply;
            group.ranges(val.length, CHUNK, (w, from, to) -> level(first + w, base, val, cnt, marks, k, atomic, (int) from, (int) to));
            int booked = 0;
            for (int w = first; w < first + group.threads; w++) booked = Math.max(booked, top[w]);
            long decided = merge(global, 0, k + 1, first, first + group.threads, booked);
            max = Math.max(max, booked);
            levels++;
            if (progress != null) {
                progress.accept(String.format("%s %s ply %d: %d newly decided (%.1f s)", name, metric, k, decided, (System.nanoTime() - start) / 1e9));
            }
        }
        return levels;
    }

    private static int highest(int[] h) {
        for (int i = h.length - 1; i >= 0; i--) if (h[i] != 0) return i;
        return -1;
    }

    private void level(int w, long base, short[] val, Counters cnt, LevelMarks marks, int k, boolean atomic, int from, int to) {
        Predecessors p = pred[w];
        int[] h = hist[w][0];
        int hi = top[w];
        short winK = (short) k, lossK = Values.loss(k);
        for (int i = from; i < to; i++) {
            if ((i & (LevelMarks.BLOCK - 1)) == 0 && !marks.has(i >>> LevelMarks.SHIFT, k)) {
                i += LevelMarks.BLOCK - 1;
                continue;
            }
            short v = val[i];
            boolean lost = v == lossK;
            if (!lost && (k == 0 || v != winK)) continue;
            int t = index.decode(base + i, p.bb, retroCursors[w]);
            // a lost position's predecessors only take a minimum, so repeats need not be removed
            int n = p.scan(t, base + i, !lost);
            for (int j = 0; j < n; j++) {
                int at = (int) (p.out[j] - base);
                if (lost) {
                    if (val[at] > k + 1) {
                        if (k + 1 >= Work.MAX_PLIES) throw new IllegalStateException("distance exceeds the working encoding");
                        val[at] = (short) (k + 1);
                        marks.mark(at, k + 1, atomic);
                        h[k + 1]++;
                        if (k + 1 > hi) hi = k + 1;
                    }
                } else {
                    int left = atomic ? cnt.decrementAtomic(at) : cnt.decrement(at);
                    if (left == 0) {
                        int u = val[at];
                        if (u >= Work.UNDECIDED && u < Work.DRAWN) {
                            int plies = Math.max(k + 1, u - Work.UNDECIDED);
                            val[at] = Values.loss(plies);
                            marks.mark(at, plies, atomic);
                            h[plies]++;
                            if (plies > hi) hi = plies;
                        }
                    }
                }
            }
        }
        top[w] = hi;
    }

    @Override
    public void close() {
        if (dtmWorkers != null) {
            dtmWorkers.close();
            dtzWorkers.close();
        }
    }
}
