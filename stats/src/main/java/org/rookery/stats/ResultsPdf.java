package org.rookery.stats;

/**
 * The empirical distribution of a fishtest-style results array, after fishtest's regularization.
 *
 * <p>fishtest represents results as a list ordered from worst to best outcome: [L, D, W] for
 * games or [LL, LD, DD+WL, WD, WW] for game pairs ({@code LLRcalc.py}, module docstring).
 * {@code LLRcalc.results_to_pdf} first calls {@code LLRcalc.regularize}, which replaces every
 * empty bin by 0.001 so that all probabilities are positive and the logarithms in the LLR stay
 * finite, then maps bin i of k to the value i/(k − 1) (a per-game score in [0, 1]; for pairs the
 * pair-average score) with probability count/N, where N is the regularized total.
 */
final class ResultsPdf {

    /** The value {@code LLRcalc.regularize} substitutes for an empty bin. */
    static final double REGULARIZATION = 1e-3;

    /** Sum of the regularized counts (fishtest's N, which multiplies the per-sample LLR). */
    final double count;
    /** Bin values i/(k − 1). */
    final double[] values;
    /** Bin probabilities, all strictly positive. */
    final double[] probs;

    private ResultsPdf(double count, double[] values, double[] probs) {
        this.count = count;
        this.values = values;
        this.probs = probs;
    }

    static ResultsPdf of(long[] results) {
        double[] regularized = regularize(results);
        int k = regularized.length;
        double n = 0.0;
        for (double r : regularized) {
            n += r;
        }
        double[] values = new double[k];
        double[] probs = new double[k];
        for (int i = 0; i < k; i++) {
            values[i] = (double) i / (k - 1);
            probs[i] = regularized[i] / n;
        }
        return new ResultsPdf(n, values, probs);
    }

    /** fishtest {@code LLRcalc.regularize}: empty bins become 0.001, others are unchanged. */
    static double[] regularize(long[] results) {
        checkResults(results);
        double[] out = new double[results.length];
        for (int i = 0; i < results.length; i++) {
            out[i] = results[i] == 0 ? REGULARIZATION : results[i];
        }
        return out;
    }

    /** Rejects anything that is not a trinomial or pentanomial array of non-negative counts. */
    static void checkResults(long[] results) {
        if (results == null || (results.length != 3 && results.length != 5)) {
            throw new IllegalArgumentException(
                    "results must hold 3 (L, D, W) or 5 (LL, LD, DD+WL, WD, WW) counts");
        }
        for (long r : results) {
            if (r < 0) {
                throw new IllegalArgumentException("result counts must not be negative");
            }
        }
    }

    boolean isPentanomial() {
        return values.length == 5;
    }

    double mean() {
        return mean(values, probs);
    }

    double variance() {
        return variance(values, probs);
    }

    /** Skewness m3/var^1.5, as fishtest {@code LLRcalc.stats_ex}. */
    double skewness() {
        return centralMoment(3) / Math.pow(variance(), 1.5);
    }

    /** Excess kurtosis m4/var² − 3, as fishtest {@code LLRcalc.stats_ex}. */
    double excessKurtosis() {
        double var = variance();
        return centralMoment(4) / (var * var) - 3.0;
    }

    /** Σ p·(x − μ)^k, multiplied out left to right (p·d·d·d): Math.pow may round differently. */
    private double centralMoment(int k) {
        double mu = mean();
        double m = 0.0;
        for (int i = 0; i < values.length; i++) {
            double d = values[i] - mu;
            double term = probs[i];
            for (int j = 0; j < k; j++) {
                term *= d;
            }
            m += term;
        }
        return m;
    }

    static double mean(double[] values, double[] probs) {
        double s = 0.0;
        for (int i = 0; i < values.length; i++) {
            s += probs[i] * values[i];
        }
        return s;
    }

    static double variance(double[] values, double[] probs) {
        double mu = mean(values, probs);
        double var = 0.0;
        for (int i = 0; i < values.length; i++) {
            double d = values[i] - mu;
            var += probs[i] * d * d;
        }
        return var;
    }
}
