package org.rookery.stats;

/**
 * Game results of one side against another as win/draw/loss counts, with the statistics
 * cutechess-cli and fastchess print for them.
 *
 * <p>All methods are total: with no games the ratios are 0/0 and come out {@code NaN}; with only
 * wins (or only losses) the score is 1 (or 0), the Elo ±infinity and the error margins
 * {@code NaN} (∞ − ∞), exactly as the peers' formulas evaluate in IEEE arithmetic.
 *
 * @param wins   games won by the side under test
 * @param draws  games drawn
 * @param losses games lost by the side under test
 */
public record Trinomial(long wins, long draws, long losses) {

    /** Validates that no count is negative. */
    public Trinomial {
        if (wins < 0 || draws < 0 || losses < 0) {
            throw new IllegalArgumentException("win/draw/loss counts must not be negative");
        }
    }

    /** Number of games played. */
    public long games() {
        return wins + draws + losses;
    }

    /**
     * Mean score per game, (W + D/2)/N, computed in the order of cutechess's {@code Elo::Elo}
     * constructor ({@code m_mu = w + d / 2.0} with w, d the frequencies).
     */
    public double score() {
        double n = games();
        return wins / n + (draws / n) / 2.0;
    }

    /** Fraction of games drawn (cutechess {@code Elo::drawRatio}; fastchess prints it ×100). */
    public double drawRatio() {
        return draws / (double) games();
    }

    /**
     * Variance of the single-game score, Σ fᵢ(aᵢ − μ)² over the outcomes aᵢ ∈ {1, ½, 0}
     * (cutechess {@code Elo::Elo}; fastchess {@code EloWDL::calcVariance}).
     */
    public double variancePerGame() {
        double n = games();
        double w = wins / n;
        double l = losses / n;
        double d = draws / n;
        double mu = w + d / 2.0;
        return w * Math.pow(1.0 - mu, 2.0) + l * Math.pow(0.0 - mu, 2.0) + d * Math.pow(0.5 - mu, 2.0);
    }

    /** Standard deviation of the single-game score, the σ that normalized Elo divides by. */
    public double sigmaPerGame() {
        return Math.sqrt(variancePerGame());
    }

    /** Logistic Elo difference of the score (cutechess {@code Elo::diff}; fastchess {@code EloWDL}). */
    public double elo() {
        return EloMath.scoreToElo(score());
    }

    /**
     * Half-width of the 95% Elo interval as fastchess computes it ({@code EloWDL::EloWDL},
     * {@code elo_wdl.cpp}): the score interval μ ± z·√(var/N) with the exact quantile
     * z = {@link Gaussian#Z_975}, mapped to Elo, halved: (elo(μ⁺) − elo(μ⁻))/2.
     */
    public double eloError() {
        return sample().eloError();
    }

    /**
     * Half-width of the 95% Elo interval exactly as cutechess-cli prints it after "Elo difference:
     * x +/-" ({@code Elo::errorMargin}, {@code projects/lib/src/elo.cpp}). It is the same
     * construction as {@link #eloError()}, but cutechess obtains the quantiles from
     * {@code Elo::phiInv(p) = √2·Elo::erfInv(2p − 1)}, and its {@code erfInv} is Winitzki's
     * closed-form approximation, so its z is 1.957162 rather than 1.959964: the margin is about
     * 0.14% narrower than the exact one.
     */
    public double cutechessEloError() {
        double n = games();
        double mu = score();
        double stdev = Math.sqrt(variancePerGame()) / Math.sqrt(n);
        double muMin = mu + cutechessPhiInv(0.025) * stdev;
        double muMax = mu + cutechessPhiInv(0.975) * stdev;
        return (EloMath.scoreToElo(muMax) - EloMath.scoreToElo(muMin)) / 2.0;
    }

    /**
     * Likelihood of superiority as cutechess computes it ({@code Elo::LOS}, which returns it ×100):
     * ½ + ½·erf((W − L)/√(2(W + L))). Draws are ignored. {@code NaN} when there are no decisive
     * games (0/0), which cutechess prints as "nan".
     */
    public double los() {
        return 0.5 + 0.5 * Gaussian.erf((wins - losses) / Math.sqrt(2.0 * (wins + losses)));
    }

    /**
     * Likelihood of superiority as fastchess computes it for W/D/L ({@code EloWDL::los}):
     * (1 − erf(−(μ − ½)/√(2·var/N)))/2 = Φ((μ − ½)/√(var/N)). Unlike {@link #los()} it uses the
     * score variance, so draws matter; fishtest's {@code stat_util.get_elo} LOS is the same
     * expression (up to fishtest's regularization of empty bins).
     */
    public double fastchessLos() {
        return sample().los();
    }

    /** Normalized Elo, (μ − ½)/σ_game · 800/ln 10 (fastchess {@code EloWDL::scoreToNeloDiff}). */
    public double normalizedElo() {
        return EloMath.scoreToNormalizedElo(score(), sigmaPerGame());
    }

    /**
     * Half-width of the 95% normalized-Elo interval as fastchess computes it
     * ({@code EloWDL::EloWDL}): the nElo of the score bounds μ ± z·√(var/N), halved. Because nElo
     * is linear in the score this is z·(800/ln 10)/√N, independent of the results.
     */
    public double normalizedEloError() {
        return sample().normalizedEloError(sigmaPerGame());
    }

    /** The games as a sample of single-game scores. */
    private ScoreSample sample() {
        return new ScoreSample(score(), variancePerGame(), games());
    }

    /** The same games seen from the opponent's side: wins and losses swapped. */
    public Trinomial reversed() {
        return new Trinomial(losses, draws, wins);
    }

    /** The counts in fishtest's order, worst outcome first: [L, D, W]. */
    public long[] toResults() {
        return new long[] {losses, draws, wins};
    }

    /**
     * cutechess's {@code Elo::phiInv}: √2·erfInv(2p − 1) with its approximate {@code Elo::erfInv}
     * (Winitzki's formula with a = 8(π − 3)/(3π(4 − π))). π is truncated to 3.1415926535897 to
     * reproduce cutechess's constant bit for bit.
     */
    static double cutechessPhiInv(double p) {
        return Math.sqrt(2.0) * cutechessErfInv(2.0 * p - 1.0);
    }

    private static double cutechessErfInv(double x) {
        final double pi = 3.1415926535897;
        double a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
        double y = Math.log(1.0 - x * x);
        double z = 2.0 / (pi * a) + y / 2.0;
        double ret = Math.sqrt(Math.sqrt(z * z - y / a) - z);
        return x < 0.0 ? -ret : ret;
    }
}
