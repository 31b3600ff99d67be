package org.rookery.stats;

/**
 * The fixed-length-test estimates fishtest shows, computed on fishtest-ordered results arrays
 * ([L, D, W] or [LL, LD, DD+WL, WD, WW]) after its regularization of empty bins.
 *
 * <p>These differ from the cutechess/fastchess figures in {@link Trinomial} and
 * {@link Pentanomial} only at the edges: fishtest replaces empty bins by 0.001 and clamps scores
 * to [0.001, 0.999] before converting to Elo, so its numbers stay finite for one-sided samples;
 * and its normalized-Elo interval corrects for the skewness and kurtosis of the sample.
 */
public final class FishtestStats {

    /**
     * fishtest's Elo estimate for a fixed number of games.
     *
     * @param elo     logistic Elo of the mean score (clamped as {@code stat_util.elo})
     * @param error95 half-width of the 95% interval, (elo(μ⁺) − elo(μ⁻))/2
     * @param los     likelihood of superiority Φ((μ − ½)/(σ/√games))
     */
    public record EloEstimate(double elo, double error95, double los) {
    }

    /**
     * fishtest's normalized Elo with its 95% interval.
     *
     * @param nelo  normalized Elo
     * @param lower lower end of the 95% interval
     * @param upper upper end of the 95% interval
     */
    public record NormalizedEloEstimate(double nelo, double lower, double upper) {
    }

    private FishtestStats() {
    }

    /**
     * fishtest {@code stat_util.get_elo(results)}. The array of length 2n + 1 holds frequencies of
     * n-game units (n = 1 games, n = 2 pairs); with games = N·n, μ = Σ rᵢ·(i/2)/games is the score
     * per game and var = Σ rᵢ(i/2 − n·μ)²/games its per-game variance. The interval is
     * μ ± Φ⁻¹(0.975)·σ/√games, mapped to Elo. For pentanomial results with no empty bin and a
     * score inside [0.001, 0.999] this equals {@link Pentanomial#elo()},
     * {@link Pentanomial#eloError()} and {@link Pentanomial#los()}.
     */
    public static EloEstimate elo(long[] results) {
        double[] r = ResultsPdf.regularize(results);
        int l = r.length;
        double n = 0.0;
        for (double x : r) {
            n += x;
        }
        double games = n * (l - 1) / 2.0;
        double mu = 0.0;
        for (int i = 0; i < l; i++) {
            mu += r[i] * (i / 2.0);
        }
        mu /= games;
        double muUnit = (l - 1) / 2.0 * mu;
        double var = 0.0;
        for (int i = 0; i < l; i++) {
            double d = i / 2.0 - muUnit;
            var += r[i] * d * d;
        }
        var /= games;
        double stdev = Math.sqrt(var);
        double muMin = mu + Gaussian.quantile(0.025) * stdev / Math.sqrt(games);
        double muMax = mu + Gaussian.quantile(0.975) * stdev / Math.sqrt(games);
        double elo = EloMath.clampedScoreToElo(mu);
        double elo95 = (EloMath.clampedScoreToElo(muMax) - EloMath.clampedScoreToElo(muMin)) / 2.0;
        double los = Gaussian.cdf((mu - 0.5) / (stdev / Math.sqrt(games)));
        return new EloEstimate(elo, elo95, los);
    }

    /**
     * Normalized Elo with the 95% interval of fishtest's raw-statistics page for fixed-length
     * tests ({@code server/fishtest/templates/tests_stats.mak}, helper {@code t_conf}). With
     * μ, var, skewness and excess kurtosis of the regularized distribution
     * ({@code LLRcalc.stats_ex}), t = (μ − ½)/√var, its variance
     * var_t = max(1 − t·skew + ¼t²(exkurt + 2), 0), and the interval t ± Φ⁻¹(0.975)·√(var_t/N).
     * For pentanomial results t is per pair and is divided by √2; nElo = t·800/ln 10.
     */
    public static NormalizedEloEstimate normalizedElo(long[] results) {
        ResultsPdf pdf = ResultsPdf.of(results);
        double mu = pdf.mean();
        double var = pdf.variance();
        double t = (mu - 0.5) / Math.sqrt(var);
        double varT = Math.max(1 - t * pdf.skewness() + 0.25 * t * t * (pdf.excessKurtosis() + 2), 0);
        double z = Gaussian.quantile(0.975);
        double half = z * Math.sqrt(varT / pdf.count);
        double scale = EloMath.NELO_DIVIDED_BY_NT / (pdf.isPentanomial() ? Math.sqrt(2.0) : 1.0);
        return new NormalizedEloEstimate(t * scale, (t - half) * scale, (t + half) * scale);
    }
}
