package org.rookery.endgame.generate;

import java.util.Arrays;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.TableSet;
import org.rookery.endgame.probe.Values;

/**
 * Solves a pawnless table split into index ranges, the unit of work of a distributed build. The
 * forward pass of a range needs nothing but the child tables. Each ply k then reads the whole
 * table's working values after ply k - 1 (read only, both metrics) and, for the positions of one
 * range decided at exactly k, lists what ply k decides about their predecessors, with the rules
 * of {@link SliceSolver}'s passes: a loss at k makes a predecessor not yet won in at most k + 1
 * plies a win in k + 1; a win at k makes an undecided predecessor a loss once all its reversible
 * successors are wins. The single-machine build counts those successors down; ranges on other
 * machines cannot share a counter, so here the predecessor's successors are generated again and
 * looked up (a pull check). Every decision is then a function of the values after ply k - 1 alone,
 * so ranges may be solved in any order, twice, or on any machine, and give the same decisions.
 *
 * <p>One instance per thread. A decision is handed to a {@link Decisions} sink; nothing else is
 * allocated per position.
 */
public final class SplitSolver {
    /** Receives one decision of a ply: {@code slot}'s {@code metric} (0 DTM, 1 DTZ) becomes {@code value}. */
    public interface Decisions {
        void decide(int slot, int metric, short value);
    }

    /** Length of a ply histogram per metric: every ply a working value can hold, and one more. */
    public static final int PLIES = Work.UNDECIDED + 2;

    private final TableIndex index;
    private final Successors succ;
    private final Predecessors pred;
    private final long[] slots = new long[256];
    /** Predecessors already pull-checked, and already made wins, in the current ply and metric: one bit per slot each. */
    private final long[] pulled, won;

    /** A solver of {@code index}'s table, a pawnless one, reading zeroing moves from {@code children}. */
    public SplitSolver(TableIndex index, TableSet children) {
        if (index.hasPawns()) throw new IllegalArgumentException(index.material() + ": only pawnless tables are split by index range");
        if (index.size() > Integer.MAX_VALUE - 8) throw new IllegalArgumentException(index.material() + ": " + index.size() + " slots is too large");
        this.index = index;
        this.succ = new Successors(index, children);
        this.pred = new Predecessors(index);
        this.pulled = new long[(int) ((index.size() + 63) >>> 6)];
        this.won = new long[pulled.length];
    }

    /** A histogram to book decided plies into: [metric][ply]. */
    public static int[][] histogram() {
        return new int[2][PLIES];
    }

    /**
     * The forward pass of slots [from, to): their working values go to {@code dtm[i - from]} and
     * {@code dtz[i - from]}, the plies they decide to {@code hist}.
     */
    public void forward(int from, int to, short[] dtm, short[] dtz, int[][] hist) {
        for (int i = from; i < to; i++) {
            long r = ForwardValues.of(index, succ, i, slots, hist);
            dtm[i - from] = ForwardValues.dtm(r);
            dtz[i - from] = ForwardValues.dtz(r);
        }
    }

    /**
     * Ply {@code k} for the positions of slots [from, to): {@code state} holds the whole table's
     * working values after ply k - 1, which are only read. Every decision goes to {@code out}, once,
     * in an order that depends on nothing but the state (another range's call may decide the same
     * slot again, always with the same value).
     *
     * <p>The state's hints (0 at first) speed up the pull checks and are shared by the threads
     * solving the same ply, racing freely: for a slot whose check failed a hint holds 1 + a
     * successor that was not yet a win then. While that successor is still no win in at most k
     * plies the slot cannot be lost, and its successors are not generated again. Decisions never
     * depend on the hints, only the work does.
     */
    public void ply(int k, SplitState state, int from, int to, Decisions out) {
        if (k + 1 >= Work.MAX_PLIES) throw new IllegalStateException("distance exceeds the working encoding");
        int[] hints = state.hints;
        for (int metric = 0; metric < 2; metric++) {
            short[] val = state.values(metric);
            Arrays.fill(pulled, 0L);
            Arrays.fill(won, 0L);
            short winK = (short) k, lossK = Values.loss(k);
            for (int i = from; i < to; i++) {
                if (((i & ((1 << SplitState.SHIFT) - 1)) == 0 || i == from) && !state.marked(metric, i >>> SplitState.SHIFT, k)) {
                    i = Math.min(to, ((i >>> SplitState.SHIFT) + 1) << SplitState.SHIFT) - 1; // the loop's i++ enters the next block
                    continue;
                }
                short v = val[i];
                boolean lost = v == lossK;
                if (!lost && (k == 0 || v != winK)) continue;
                int t = index.decode(i, pred.bb);
                // repeated predecessors are skipped by the bitsets
                int n = pred.scan(t, i, false);
                for (int j = 0; j < n; j++) {
                    int at = (int) pred.out[j];
                    int u = val[at];
                    if (lost) {
                        if (u > k + 1 && first(won, at)) out.decide(at, metric, (short) (k + 1));
                    } else if (u >= Work.UNDECIDED && u < Work.DRAWN && first(pulled, at) && allWinsBy(at, val, hints, k)) {
                        out.decide(at, metric, Values.loss(Math.max(k + 1, u - Work.UNDECIDED)));
                    }
                }
            }
        }
    }

    /** Sets a slot's bit; whether it was clear. */
    private static boolean first(long[] bits, int at) {
        long bit = 1L << at;
        int w = at >>> 6;
        if ((bits[w] & bit) != 0) return false;
        bits[w] |= bit;
        return true;
    }

    /** Whether every reversible successor of slot {@code at} is a win in at most {@code k} plies. */
    private boolean allWinsBy(int at, short[] val, int[] hints, int k) {
        if (hints != null) {
            int h = hints[at];
            if (h != 0 && !winBy(val[h - 1], k)) return false;
        }
        int stm = index.decode(at, succ.bb);
        succ.scan(stm, at);
        int blocker = -1;
        for (int m = 0; m < succ.count; m++) {
            long s = succ.slot[m];
            if (s < 0) continue;
            int w = val[(int) s];
            if (winBy(w, k)) continue;
            blocker = (int) s;
            // a successor not won at all is the better hint: a longer win is found sooner
            if (w < 1 || w >= Work.UNDECIDED) break;
        }
        if (blocker < 0) return true;
        if (hints != null) hints[at] = blocker + 1;
        return false;
    }

    private static boolean winBy(int w, int k) {
        return w >= 1 && w <= k;
    }

    /** Whether a working value is decided, and at which ply: -1 for undecided, drawn or no position. */
    public static int decidedPly(short v) {
        if (v > 0 && v < Work.UNDECIDED) return v;
        if (v < 0 && v != Values.BROKEN) return Values.plies(v);
        return -1;
    }

    /**
     * The stored values of slots [from, to) of the final working values in {@code state} into {@code outDtm} and
     * {@code outDtz} (from index 0), adding the table header's statistics: positions per side to
     * move and category into {@code counts}, longest wins into {@code longestDtm} and {@code longestDtz}.
     * Returns the number of positions.
     */
    public static long store(TableIndex index, SplitState state, int from, int to, short[] outDtm, short[] outDtz,
                             long[][] counts, int[] longestDtm, int[] longestDtz) {
        short[] dtm = state.dtm, dtz = state.dtz;
        long half = index.size() / 2; // white to move fills the first half, as in SliceSolver
        long positions = 0;
        for (int i = from; i < to; i++) {
            short m = Work.stored(dtm[i]), z = Work.stored(dtz[i]);
            outDtm[i - from] = m;
            outDtz[i - from] = z;
            if (m == Values.BROKEN) continue;
            int stm = i < half ? 0 : 1;
            counts[stm][Category.ofDtz(z).ordinal()]++;
            positions++;
            if (m > 0) longestDtm[stm] = Math.max(longestDtm[stm], m);
            if (z > 0) longestDtz[stm] = Math.max(longestDtz[stm], z);
        }
        return positions;
    }
}
