package org.rookery.stats;

/**
 * Results of game pairs (each opening played once with each colour), counted by the pair's total
 * for the side under test: [LL, LD, DD or WL, WD, WW] = pair scores 0, ½, 1, 1½, 2.
 *
 * <p>This is the pentanomial model fishtest and fastchess use; it accounts for the correlation
 * between the two games of a pair, which the trinomial model ignores. DD and WL both score one
 * point and are one bin here, as in fishtest's results arrays; fastchess counts them separately,
 * see {@link #fromPairs}.
 *
 * <p>Elo, normalized Elo, their 95% errors and LOS are fastchess's {@code EloPentanomial}
 * ({@code app/src/matchmaking/elo/elo_pentanomial.cpp}); fishtest's {@code stat_util.get_elo}
 * gives the same Elo and error when no bin is empty (see {@link FishtestStats#elo}). Degenerate
 * samples give {@code NaN}/infinity exactly where those formulas do, and never throw.
 *
 * @param ll   pairs lost twice (score 0)
 * @param ld   pairs with a loss and a draw (score ½)
 * @param ddWl pairs scoring one point: two draws, or a win and a loss
 * @param wd   pairs with a win and a draw (score 1½)
 * @param ww   pairs won twice (score 2)
 */
public record Pentanomial(long ll, long ld, long ddWl, long wd, long ww) {

    /** Validates that no count is negative. */
    public Pentanomial {
        if (ll < 0 || ld < 0 || ddWl < 0 || wd < 0 || ww < 0) {
            throw new IllegalArgumentException("pair counts must not be negative");
        }
    }

    /**
     * Builds the pentanomial from fastchess's six pair counters ({@code Stats::penta_LL} …
     * {@code penta_WW}), merging WL and DD, which score the same.
     */
    public static Pentanomial fromPairs(long ll, long ld, long wl, long dd, long wd, long ww) {
        if (wl < 0 || dd < 0) {
            throw new IllegalArgumentException("pair counts must not be negative");
        }
        return new Pentanomial(ll, ld, Math.addExact(wl, dd), wd, ww);
    }

    /** Number of game pairs. */
    public long pairs() {
        return ll + ld + ddWl + wd + ww;
    }

    /** Number of games (two per pair). */
    public long games() {
        return 2 * pairs();
    }

    /**
     * Mean score per game: WW + ¾·WD + ½·(WL + DD) + ¼·LD over the pair frequencies
     * (fastchess {@code EloPentanomial::calcScore}).
     */
    public double score() {
        double n = pairs();
        return ww / n + 0.75 * (wd / n) + 0.5 * (ddWl / n) + 0.25 * (ld / n);
    }

    /**
     * Variance of the pair-average score, Σ fᵢ(aᵢ − μ)² over aᵢ ∈ {0, ¼, ½, ¾, 1}
     * (fastchess {@code EloPentanomial::calcVariance}; fishtest's {@code var5} in
     * {@code tests_stats.mak}).
     */
    public double variancePerPair() {
        double n = pairs();
        double mu = score();
        return (ww / n) * Math.pow(1.0 - mu, 2)
                + (wd / n) * Math.pow(0.75 - mu, 2)
                + (ddWl / n) * Math.pow(0.5 - mu, 2)
                + (ld / n) * Math.pow(0.25 - mu, 2)
                + (ll / n) * Math.pow(0.0 - mu, 2);
    }

    /**
     * Per-game standard deviation implied by the pairs, √(2·variancePerPair): fishtest's
     * {@code sigma_pg} ({@code LLRcalc.LLR_normalized_alt}, {@code sprt.set_state}) and the
     * divisor in fastchess's {@code EloPentanomial::scoreToNeloDiff}.
     */
    public double sigmaPerGame() {
        return Math.sqrt(2.0 * variancePerPair());
    }

    /** Logistic Elo difference of the score (fastchess {@code EloPentanomial}). */
    public double elo() {
        return EloMath.scoreToElo(score());
    }

    /**
     * Half-width of the 95% Elo interval (fastchess {@code EloPentanomial::EloPentanomial}): the
     * score interval μ ± z·√(variancePerPair/pairs) with z = {@link Gaussian#Z_975}, mapped to Elo
     * and halved.
     */
    public double eloError() {
        return sample().eloError();
    }

    /** Normalized Elo, (μ − ½)/√(2·variancePerPair) · 800/ln 10 (fastchess {@code scoreToNeloDiff}). */
    public double normalizedElo() {
        return EloMath.scoreToNormalizedElo(score(), sigmaPerGame());
    }

    /**
     * Half-width of the 95% normalized-Elo interval as fastchess computes it: the nElo of the
     * score bounds, halved, which reduces to z·(800/ln 10)/√(2·pairs). fishtest's interval for
     * fixed-length tests also corrects for skewness and kurtosis; see
     * {@link FishtestStats#normalizedElo}.
     */
    public double normalizedEloError() {
        return sample().normalizedEloError(sigmaPerGame());
    }

    /**
     * Likelihood of superiority (fastchess {@code EloPentanomial::los}):
     * (1 − erf(−(μ − ½)/√(2·variancePerPair/pairs)))/2 = Φ((μ − ½)/√(variancePerPair/pairs)).
     */
    public double los() {
        return sample().los();
    }

    /** The pairs as a sample of pair scores: fastchess's intervals count pairs, not games. */
    private ScoreSample sample() {
        return new ScoreSample(score(), variancePerPair(), pairs());
    }

    /**
     * Fraction of pairs scoring exactly one point, DD or WL (fastchess
     * {@code Stats::drawRatioPenta}, which it prints ×100 as "DrawRatio" in pentanomial reports;
     * fishtest's "pentanomial draw ratio").
     */
    public double evenPairRatio() {
        return ddWl / (double) pairs();
    }

    /** The same pairs seen from the opponent's side: the bins mirrored. */
    public Pentanomial reversed() {
        return new Pentanomial(ww, wd, ddWl, ld, ll);
    }

    /** The counts in fishtest's order, worst pair first: [LL, LD, DD+WL, WD, WW]. */
    public long[] toResults() {
        return new long[] {ll, ld, ddWl, wd, ww};
    }
}
