package org.rookery.stats;

/**
 * A mean score with the variance of one unit (a game, or a game pair) and the number of units:
 * what fastchess's {@code EloWDL} and {@code EloPentanomial} build their 95% intervals and LOS
 * from, in the same expressions for both models.
 *
 * @param mean     mean score per game, μ
 * @param variance variance of one unit's score
 * @param n        number of units
 */
record ScoreSample(double mean, double variance, double n) {

    /** Half-width of the 95% score interval, z·√(variance/n) with z = {@link Gaussian#Z_975}. */
    double halfWidth() {
        return Gaussian.Z_975 * Math.sqrt(variance / n);
    }

    /** The score interval mapped to logistic Elo, halved: (elo(μ⁺) − elo(μ⁻))/2. */
    double eloError() {
        double h = halfWidth();
        return (EloMath.scoreToElo(mean + h) - EloMath.scoreToElo(mean - h)) / 2.0;
    }

    /** The score interval mapped to normalized Elo at the per-game σ, halved. */
    double normalizedEloError(double sigmaPerGame) {
        double h = halfWidth();
        return (EloMath.scoreToNormalizedElo(mean + h, sigmaPerGame)
                - EloMath.scoreToNormalizedElo(mean - h, sigmaPerGame)) / 2.0;
    }

    /** Likelihood of superiority, (1 − erf(−(μ − ½)/√(2·variance/n)))/2 = Φ((μ − ½)/√(variance/n)). */
    double los() {
        return (1.0 - Gaussian.erf(-(mean - 0.5) / Math.sqrt(2.0 * (variance / n)))) / 2.0;
    }
}
