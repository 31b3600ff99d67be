package org.rookery.stats.spsa;

/**
 * One applied update: θ before and after a pair's result was counted.
 *
 * @param probe  the pair's probe
 * @param result R, wins minus losses of the θ+ engine over the pair (−2 … 2)
 * @param before θ just before this result (it may have moved since the probe was handed out)
 * @param after  θ after it
 * @param counted this result's place among the run's counted results, 1 … N (the order θ moved in,
 *     which with results arriving out of order is not the iteration k)
 */
public record SpsaStep(SpsaProbe probe, double result, double[] before, double[] after, long counted) {
    public SpsaStep {
        before = before.clone();
        after = after.clone();
    }

    @Override public double[] before() { return before.clone(); }
    @Override public double[] after() { return after.clone(); }
}
