package org.rookery.stats;

/**
 * Conversions between expected score, logistic Elo and normalized Elo.
 *
 * <p>Logistic Elo is the classical model shared by all peers: fishtest {@code LLRcalc.L_} /
 * {@code stat_util.L} and {@code stat_util.elo}, cutechess {@code Elo::diff} in
 * {@code projects/lib/src/elo.cpp}, fastchess {@code EloBase::scoreToEloDiff} and
 * {@code SPRT::leloToScore}.
 *
 * <p>Normalized Elo (nElo) measures the score excess in units of the per-game standard deviation:
 * nElo = (score − ½)/σ_game · 800/ln 10 (fishtest {@code LLRcalc.nelo_divided_by_nt},
 * {@code sprt.elo_to_score}; fastchess {@code EloWDL::scoreToNeloDiff},
 * {@code SPRT::neloToScoreWDL}). For a pentanomial sample σ_game = √(2·variance of the
 * pair-average score) ({@link Pentanomial#sigmaPerGame()}); for a trinomial sample it is the
 * per-game standard deviation ({@link Trinomial#sigmaPerGame()}).
 */
public final class EloMath {

    /**
     * 800/ln 10 ≈ 347.4356: normalized Elo per unit of "normalized t-value" (fishtest
     * {@code LLRcalc.nelo_divided_by_nt}). With zero draws and small differences nElo and logistic
     * Elo coincide, which is why the constant has this value.
     */
    public static final double NELO_DIVIDED_BY_NT = 800.0 / Math.log(10.0);

    /** fishtest {@code stat_util.elo} clamps the score to [ε, 1 − ε] with this ε before converting. */
    public static final double FISHTEST_SCORE_CLAMP = 1e-3;

    private EloMath() {
    }

    /** Expected score of a side that is {@code elo} logistic Elo stronger: 1/(1 + 10^(−elo/400)). */
    public static double eloToScore(double elo) {
        return 1.0 / (1.0 + Math.pow(10.0, -elo / 400.0));
    }

    /**
     * Logistic Elo of an expected score, −400·log10(1/score − 1), unclamped as cutechess
     * ({@code Elo::diff}) and fastchess ({@code scoreToEloDiff}) compute it: score 1 gives
     * +infinity, score 0 gives −infinity, anything outside [0, 1] or {@code NaN} gives {@code NaN}.
     */
    public static double scoreToElo(double score) {
        return -400.0 * Math.log10(1.0 / score - 1.0);
    }

    /**
     * Logistic Elo of a score clamped to [0.001, 0.999] first, as fishtest's {@code stat_util.elo}
     * does; this keeps fishtest's Elo finite (at most ±1199.83) for all-win or all-loss samples.
     */
    public static double clampedScoreToElo(double score) {
        double x = Math.max(score, FISHTEST_SCORE_CLAMP);
        x = Math.min(x, 1.0 - FISHTEST_SCORE_CLAMP);
        return scoreToElo(x);
    }

    /** Normalized Elo of a score: (score − ½)/σ_game · 800/ln 10. */
    public static double scoreToNormalizedElo(double score, double sigmaPerGame) {
        return (score - 0.5) / sigmaPerGame * NELO_DIVIDED_BY_NT;
    }

    /** Score of a normalized Elo: nElo/(800/ln 10) · σ_game + ½ (fishtest {@code sprt.elo_to_score}). */
    public static double normalizedEloToScore(double nelo, double sigmaPerGame) {
        return nelo / NELO_DIVIDED_BY_NT * sigmaPerGame + 0.5;
    }

    /** Logistic Elo equivalent to a normalized Elo at the given per-game standard deviation. */
    public static double normalizedToLogisticElo(double nelo, double sigmaPerGame) {
        return scoreToElo(normalizedEloToScore(nelo, sigmaPerGame));
    }

    /**
     * Normalized Elo equivalent to a logistic Elo at the given per-game standard deviation
     * (fishtest {@code sprt.lelo_to_elo}).
     */
    public static double logisticToNormalizedElo(double elo, double sigmaPerGame) {
        return scoreToNormalizedElo(eloToScore(elo), sigmaPerGame);
    }
}
