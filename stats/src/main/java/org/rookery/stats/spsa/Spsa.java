package org.rookery.stats.spsa;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The state of one SPSA run: θ per parameter and how many pairs were handed out. Results may
 * arrive in any order (as on fishtest's fleet): each is applied to the current θ with the
 * {@code a_k} and {@code c_k} of the iteration its pair was handed out at. Thread-safe.
 */
public final class Spsa {
    private final List<SpsaParameter> params;
    private final SpsaSchedule schedule;
    private final Rounding rounding;
    private final double[] theta;
    private long handedOut;
    private long applied;

    public Spsa(List<SpsaParameter> params, SpsaSchedule schedule, Rounding rounding) {
        if (params.isEmpty()) throw new IllegalArgumentException("no parameter to tune: give -param or -params");
        this.params = List.copyOf(params);
        this.schedule = schedule;
        this.rounding = rounding;
        this.theta = new double[params.size()];
        for (int i = 0; i < theta.length; i++) theta[i] = params.get(i).start();
    }

    /**
     * A run continued from its log: θ as the last counted result left it, {@code handedOut} pairs
     * handed out and {@code applied} of them counted.
     */
    public static Spsa resumed(List<SpsaParameter> params, SpsaSchedule schedule, Rounding rounding, double[] theta, long handedOut,
            long applied) {
        Spsa s = new Spsa(params, schedule, rounding);
        if (theta.length != s.theta.length) throw new IllegalArgumentException("θ has " + theta.length + " values, the run " + s.theta.length + " parameters");
        if (handedOut < applied || handedOut > schedule.pairs()) {
            throw new IllegalArgumentException(handedOut + " pairs handed out and " + applied + " counted do not fit a run of " + schedule.pairs());
        }
        System.arraycopy(theta, 0, s.theta, 0, theta.length);
        s.handedOut = handedOut;
        s.applied = applied;
        return s;
    }

    public List<SpsaParameter> params() { return params; }

    /** Pairs handed out so far. */
    public synchronized long handedOut() { return handedOut; }

    public SpsaSchedule schedule() { return schedule; }

    /** θ now. */
    public synchronized double[] theta() { return theta.clone(); }

    /** Results applied so far. */
    public synchronized long applied() { return applied; }

    /** Whether all N pairs have been handed out. */
    public synchronized boolean exhausted() { return handedOut >= schedule.pairs(); }

    /** The next pair to play, or null once N pairs were handed out; {@code rng} draws Δ and the rounding. */
    public synchronized SpsaProbe next(RandomGenerator rng) {
        if (handedOut >= schedule.pairs()) return null;
        long k = ++handedOut;
        int n = theta.length;
        int[] flips = new int[n];
        double[] ck = new double[n], plus = new double[n], minus = new double[n];
        for (int i = 0; i < n; i++) {
            SpsaParameter p = params.get(i);
            flips[i] = rng.nextBoolean() ? 1 : -1;
            ck[i] = schedule.ck(p, k);
            plus[i] = played(p, theta[i] + ck[i] * flips[i], rng);
            minus[i] = played(p, theta[i] - ck[i] * flips[i], rng);
        }
        return new SpsaProbe(k, flips, ck, theta, plus, minus);
    }

    /**
     * Counts a pair's result: {@code θ_i += a_k · R / (c_k,i · Δ_i)}, clipped to {@code [MIN, MAX]}.
     *
     * @param result wins minus losses of the θ+ engine over the pair
     */
    public synchronized SpsaStep update(SpsaProbe probe, double result) {
        if (probe.k() < 1 || probe.k() > schedule.pairs()) throw new IllegalArgumentException("iteration " + probe.k() + " is outside 1.." + schedule.pairs());
        int[] flips = probe.flips();
        double[] ck = probe.ck();
        if (flips.length != theta.length) throw new IllegalArgumentException("probe has " + flips.length + " parameters, the run " + theta.length);
        double[] before = theta.clone();
        for (int i = 0; i < theta.length; i++) {
            SpsaParameter p = params.get(i);
            // Δ is ±1, so dividing by it is multiplying by it.
            theta[i] = p.clip(theta[i] + schedule.ak(p, probe.k()) * result / (ck[i] * flips[i]));
        }
        applied++;
        return new SpsaStep(probe, result, before, theta, applied);
    }

    private double played(SpsaParameter p, double v, RandomGenerator rng) {
        // fishtest clips first, then rounds: a rounded value can never leave [MIN, MAX] when they are whole.
        double c = p.clip(v);
        return p.integer() ? p.clip(rounding.apply(c, rng)) : c;
    }
}
