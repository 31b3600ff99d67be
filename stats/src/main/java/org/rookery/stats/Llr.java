package org.rookery.stats;

import java.util.Arrays;

/**
 * The generalized log-likelihood ratio (GSPRT) of a match, as fishtest defines it in
 * {@code server/fishtest/stats/LLRcalc.py} and fastchess re-implements it in
 * {@code app/src/matchmaking/sprt/sprt.cpp} ({@code SPRT::getLLR_logistic},
 * {@code SPRT::getLLR_normalized}).
 *
 * <p>The results are treated as draws from an unknown discrete distribution over the outcomes. For
 * each hypothesis the maximum-likelihood distribution satisfying that hypothesis is found, and the
 * LLR is N·Σ p̂ᵢ·(ln p1ᵢ − ln p0ᵢ) ({@code LLRcalc.LLRjumps}, {@code LLRcalc.LLR}), where p̂ is
 * the observed distribution after fishtest's regularization of empty bins (see
 * {@link ResultsPdf}) and N the regularized count. For the <em>logistic</em> model the hypothesis
 * fixes the expected score ({@code MLE_expected}); for the <em>normalized</em> model it fixes the
 * t-value (μ − ½)/σ ({@code MLE_t_value}). Both are solved through the secular equation
 * Σ pᵢaᵢ/(1 + x·aᵢ) = 0 ({@code LLRcalc.secular}); see M. Van den Bergh,
 * "support_MLE_multinomial.pdf" (Proposition 1.1) and "normalized_elo_practical.pdf" (§4.1).
 *
 * <p>Results are either a fishtest array (worst outcome first: [L, D, W] or
 * [LL, LD, DD+WL, WD, WW]) or a {@link Trinomial}/{@link Pentanomial}. The LLR is {@code NaN}
 * only where fishtest's own code would fail an assertion (a hypothesis so extreme that the secular
 * equation has no sign change); degenerate samples such as no games, all draws or all wins give
 * finite values thanks to the regularization.
 */
public final class Llr {

    /** fishtest's {@code MLE_t_value} runs at most this many fixed-point iterations. */
    private static final int T_VALUE_ITERATIONS = 10;
    /** fishtest's {@code MLE_t_value} stops earlier once no probability moves by more than this. */
    private static final double T_VALUE_TOLERANCE = 1e-9;

    private Llr() {
    }

    /**
     * fishtest {@code LLRcalc.LLR_logistic(elo0, elo1, results)}: the GLLR of H1 (logistic Elo
     * {@code elo1}) against H0 ({@code elo0}), with the hypotheses on the expected score
     * L(elo) = 1/(1 + 10^(−elo/400)).
     */
    public static double logistic(double elo0, double elo1, long[] results) {
        ResultsPdf pdf = ResultsPdf.of(results);
        double s0 = EloMath.eloToScore(elo0);
        double s1 = EloMath.eloToScore(elo1);
        double[] p0 = mleExpected(pdf, s0);
        double[] p1 = mleExpected(pdf, s1);
        return pdf.count * expectedLogRatio(pdf, p0, p1);
    }

    /** {@link #logistic(double, double, long[])} for W/D/L counts. */
    public static double logistic(double elo0, double elo1, Trinomial results) {
        return logistic(elo0, elo1, results.toResults());
    }

    /** {@link #logistic(double, double, long[])} for game-pair counts. */
    public static double logistic(double elo0, double elo1, Pentanomial results) {
        return logistic(elo0, elo1, results.toResults());
    }

    /**
     * fishtest {@code LLRcalc.LLR_normalized(nelo0, nelo1, results)}: the GLLR of H1 (normalized
     * Elo {@code nelo1}) against H0 ({@code nelo0}). The hypotheses fix the t-value
     * t = nElo/(800/ln 10) of the per-game score; for pentanomial results, whose values are
     * pair averages with σ_pair = σ_game/√2, the target becomes t·√2.
     */
    public static double normalized(double nelo0, double nelo1, long[] results) {
        ResultsPdf pdf = ResultsPdf.of(results);
        double scale = pdf.isPentanomial() ? Math.sqrt(2.0) : 1.0;
        double t0 = nelo0 / EloMath.NELO_DIVIDED_BY_NT * scale;
        double t1 = nelo1 / EloMath.NELO_DIVIDED_BY_NT * scale;
        double[] p0 = mleTValue(pdf, 0.5, t0);
        double[] p1 = mleTValue(pdf, 0.5, t1);
        return pdf.count * expectedLogRatio(pdf, p0, p1);
    }

    /** {@link #normalized(double, double, long[])} for W/D/L counts. */
    public static double normalized(double nelo0, double nelo1, Trinomial results) {
        return normalized(nelo0, nelo1, results.toResults());
    }

    /** {@link #normalized(double, double, long[])} for game-pair counts. */
    public static double normalized(double nelo0, double nelo1, Pentanomial results) {
        return normalized(nelo0, nelo1, results.toResults());
    }

    /** Σ p̂ᵢ(ln p1ᵢ − ln p0ᵢ): the mean LLR jump, fishtest {@code LLRcalc.LLR}. */
    private static double expectedLogRatio(ResultsPdf pdf, double[] p0, double[] p1) {
        if (p0 == null || p1 == null) {
            return Double.NaN;
        }
        double sum = 0.0;
        for (int i = 0; i < pdf.probs.length; i++) {
            sum += pdf.probs[i] * (Math.log(p1[i]) - Math.log(p0[i]));
        }
        return sum;
    }

    /**
     * fishtest {@code LLRcalc.MLE_expected}: the distribution on the same outcomes with mean s that
     * maximizes the likelihood of p̂, pᵢ = p̂ᵢ/(1 + x·(aᵢ − s)) where x solves the secular
     * equation for the shifted values aᵢ − s. Returns {@code null} if there is no solution.
     */
    static double[] mleExpected(ResultsPdf pdf, double s) {
        int k = pdf.values.length;
        double[] shifted = new double[k];
        for (int i = 0; i < k; i++) {
            shifted[i] = pdf.values[i] - s;
        }
        double x = solveSecular(shifted, pdf.probs);
        if (Double.isNaN(x)) {
            return null;
        }
        double[] p = new double[k];
        for (int i = 0; i < k; i++) {
            p[i] = pdf.probs[i] / (1.0 + x * shifted[i]);
        }
        return p;
    }

    /**
     * fishtest {@code LLRcalc.MLE_t_value}: the maximum-likelihood distribution with
     * (μ − ref)/σ = t, by the fixed-point iteration of "normalized_elo_practical.pdf" §4.1
     * started from the uniform distribution: with μ, σ of the current estimate,
     * φᵢ = aᵢ − ref − t·σ·(1 + ((μ − aᵢ)/σ)²)/2 and pᵢ = p̂ᵢ/(1 + x·φᵢ) where x solves the secular
     * equation for φ. fishtest stops after 10 iterations or when no pᵢ moves by 1e-9; so does this.
     * Returns {@code null} if a secular equation has no solution.
     */
    static double[] mleTValue(ResultsPdf pdf, double ref, double t) {
        int k = pdf.values.length;
        double[] p = new double[k];
        Arrays.fill(p, 1.0 / k);
        double[] phi = new double[k];
        for (int iteration = 0; iteration < T_VALUE_ITERATIONS; iteration++) {
            double mu = ResultsPdf.mean(pdf.values, p);
            double sigma = Math.sqrt(ResultsPdf.variance(pdf.values, p));
            for (int i = 0; i < k; i++) {
                double z = (mu - pdf.values[i]) / sigma;
                phi[i] = pdf.values[i] - ref - t * sigma * (1.0 + z * z) / 2.0;
            }
            double x = solveSecular(phi, pdf.probs);
            if (Double.isNaN(x)) {
                return null;
            }
            double maxChange = 0.0;
            double[] next = new double[k];
            for (int i = 0; i < k; i++) {
                next[i] = pdf.probs[i] / (1.0 + x * phi[i]);
                maxChange = Math.max(maxChange, Math.abs(next[i] - p[i]));
            }
            p = next;
            if (maxChange < T_VALUE_TOLERANCE) {
                break;
            }
        }
        return p;
    }

    /**
     * fishtest {@code LLRcalc.secular}: the root x of f(x) = Σ pᵢaᵢ/(1 + x·aᵢ) on the interval
     * (−1/max a, −1/min a), where all 1 + x·aᵢ stay positive. It needs values of both signs
     * (fishtest asserts {@code v * w < 0}); otherwise {@code NaN}.
     *
     * <p>With all pᵢ &gt; 0, f falls strictly from +∞ to −∞ across the interval (f′ = −Σ pᵢaᵢ²/(1 +
     * x·aᵢ)² &lt; 0), so bisection always converges; it is run to full double precision. fishtest
     * uses Brent's method on the interval shrunk by 1e-9 at each end, which finds the same root to
     * its tolerance of about 2e-12.
     */
    static double solveSecular(double[] a, double[] p) {
        double v = Double.POSITIVE_INFINITY;
        double w = Double.NEGATIVE_INFINITY;
        for (double ai : a) {
            v = Math.min(v, ai);
            w = Math.max(w, ai);
        }
        if (!(v * w < 0)) {
            return Double.NaN;
        }
        double lo = -1.0 / w;
        double hi = -1.0 / v;
        for (int i = 0; i < 2200; i++) {
            double mid = lo + 0.5 * (hi - lo);
            if (mid <= lo || mid >= hi) {
                break;
            }
            double f = 0.0;
            for (int j = 0; j < a.length; j++) {
                f += p[j] * a[j] / (1.0 + mid * a[j]);
            }
            if (f > 0) {
                lo = mid;
            } else if (f < 0) {
                hi = mid;
            } else {
                return mid;
            }
        }
        return lo + 0.5 * (hi - lo);
    }
}
