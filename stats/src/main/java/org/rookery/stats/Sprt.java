package org.rookery.stats;

/**
 * A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1, with the
 * generalized LLR of {@link Llr} and Wald's bounds.
 *
 * <p>Bounds are ln(β/(1 − α)) below and ln((1 − β)/α) above (fishtest {@code stat_util.SPRT},
 * {@code sprt.sprt.__init__}; fastchess {@code SPRT::SPRT}). The decision follows fishtest's
 * {@code stat_util.update_SPRT}: H0 is accepted when the LLR falls strictly below the lower
 * bound, H1 when it rises strictly above the upper bound. fishtest additionally narrows the bounds
 * by an estimated overshoot built from the LLR's history; that needs the sequence of updates, so
 * it is not part of this stateless test. The parameter checks are fastchess's
 * ({@code SPRT::isValid}).
 */
public final class Sprt {

    /** How elo0 and elo1 are expressed. */
    public enum Model {
        /** Logistic Elo; the LLR is fishtest's {@code LLR_logistic}. */
        LOGISTIC,
        /** Normalized Elo; the LLR is fishtest's {@code LLR_normalized}. */
        NORMALIZED,
        /**
         * BayesElo, as fastchess's {@code model=bayesian} ({@code SPRT::getLLR}): the draw Elo is estimated
         * from the W/D/L frequencies, elo0 and elo1 become expected scores through the BayesElo model, and the
         * LLR is the logistic one for those scores. W/D/L only (fastchess turns pentanomial reports off), and 0
         * until both a win and a loss have been seen.
         */
        BAYESIAN
    }

    /** The state of the test after an update. */
    public enum Decision {
        /** The LLR fell below the lower bound: H0 (elo0) accepted; fishtest says "rejected". */
        ACCEPT_H0,
        /** The LLR rose above the upper bound: H1 (elo1) accepted; fishtest says "accepted". */
        ACCEPT_H1,
        /** Neither bound crossed (also when the LLR is {@code NaN}): play on. */
        CONTINUE
    }

    /**
     * An LLR together with the decision it implies.
     *
     * @param llr      the log-likelihood ratio
     * @param decision the decision for that LLR
     */
    public record Outcome(double llr, Decision decision) {
    }

    private final double alpha;
    private final double beta;
    private final double elo0;
    private final double elo1;
    private final Model model;
    private final double lowerBound;
    private final double upperBound;

    /**
     * Creates a test.
     *
     * @param alpha maximal type I error (passing when Elo ≤ elo0), in (0, 1)
     * @param beta  maximal type II error (failing when Elo ≥ elo1), in (0, 1), alpha + beta &lt; 1
     * @param elo0  the H0 Elo, below elo1
     * @param elo1  the H1 Elo
     * @param model whether elo0 and elo1 are logistic or normalized Elo
     * @throws IllegalArgumentException if the parameters are outside those ranges
     */
    public Sprt(double alpha, double beta, double elo0, double elo1, Model model) {
        if (model == null) {
            throw new IllegalArgumentException("SPRT model must be given");
        }
        if (!(elo0 < elo1)) {
            throw new IllegalArgumentException("SPRT: elo0 must be less than elo1");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("SPRT: alpha must be strictly between 0 and 1");
        }
        if (!(beta > 0 && beta < 1)) {
            throw new IllegalArgumentException("SPRT: beta must be strictly between 0 and 1");
        }
        if (!(alpha + beta < 1)) {
            throw new IllegalArgumentException("SPRT: alpha + beta must be less than 1");
        }
        this.alpha = alpha;
        this.beta = beta;
        this.elo0 = elo0;
        this.elo1 = elo1;
        this.model = model;
        this.lowerBound = Math.log(beta / (1 - alpha));
        this.upperBound = Math.log((1 - beta) / alpha);
    }

    /** Maximal type I error. */
    public double alpha() {
        return alpha;
    }

    /** Maximal type II error. */
    public double beta() {
        return beta;
    }

    /** The H0 Elo, in the units of {@link #model()}. */
    public double elo0() {
        return elo0;
    }

    /** The H1 Elo, in the units of {@link #model()}. */
    public double elo1() {
        return elo1;
    }

    /** Whether the Elo bounds are logistic or normalized. */
    public Model model() {
        return model;
    }

    /** ln(β/(1 − α)); −2.944 for α = β = 0.05. */
    public double lowerBound() {
        return lowerBound;
    }

    /** ln((1 − β)/α); +2.944 for α = β = 0.05. */
    public double upperBound() {
        return upperBound;
    }

    /** The LLR of fishtest-ordered results ([L, D, W] or [LL, LD, DD+WL, WD, WW]). */
    public double llr(long[] results) {
        return switch (model) {
            case LOGISTIC -> Llr.logistic(elo0, elo1, results);
            case NORMALIZED -> Llr.normalized(elo0, elo1, results);
            case BAYESIAN -> bayesianLlr(results);
        };
    }

    /**
     * fastchess's BayesElo LLR. Its draw Elo is 200·log10((1 − L)/L · (1 − W)/W) over the frequencies, with an
     * empty draw bin counted as 0.001 as fastchess does; the hypotheses' scores are then
     * 1/(1 + 10^((d − e)/400)) + ½·(1 − that − 1/(1 + 10^((e + d)/400))) for e = elo0, elo1.
     */
    private double bayesianLlr(long[] results) {
        if (results.length != 3) {
            throw new IllegalArgumentException("the bayesian SPRT model takes W/D/L results, not game pairs");
        }
        long losses = results[0], draws = results[1], wins = results[2];
        if (wins == 0 || losses == 0) {
            return 0.0;
        }
        double d = draws == 0 ? 1e-3 : draws;
        double total = wins + d + losses;
        double pl = losses / total, pw = wins / total;
        double drawElo = 200 * Math.log10((1 - pl) / pl * (1 - pw) / pw);
        double s0 = bayesEloToScore(elo0, drawElo), s1 = bayesEloToScore(elo1, drawElo);
        return Llr.logistic(EloMath.scoreToElo(s0), EloMath.scoreToElo(s1), results);
    }

    private static double bayesEloToScore(double bayesElo, double drawElo) {
        double win = 1 / (1 + Math.pow(10, (drawElo - bayesElo) / 400));
        double loss = 1 / (1 + Math.pow(10, (drawElo + bayesElo) / 400));
        return win + 0.5 * (1 - win - loss);
    }

    /** The LLR of W/D/L counts. */
    public double llr(Trinomial results) {
        return llr(results.toResults());
    }

    /** The LLR of game-pair counts. */
    public double llr(Pentanomial results) {
        return llr(results.toResults());
    }

    /** The decision for an LLR (fishtest {@code update_SPRT}'s stop condition, without overshoot). */
    public Decision decide(double llr) {
        if (llr < lowerBound) {
            return Decision.ACCEPT_H0;
        }
        if (llr > upperBound) {
            return Decision.ACCEPT_H1;
        }
        return Decision.CONTINUE;
    }

    /** LLR and decision for W/D/L counts. */
    public Outcome evaluate(Trinomial results) {
        double llr = llr(results);
        return new Outcome(llr, decide(llr));
    }

    /** LLR and decision for game-pair counts. */
    public Outcome evaluate(Pentanomial results) {
        double llr = llr(results);
        return new Outcome(llr, decide(llr));
    }

    /**
     * The decision for a match so far, the one place it is made: on its complete game pairs once
     * it has one (fishtest tests pairs), on its W/D/L before.
     */
    public Outcome evaluate(Tally tally) {
        return tally.paired() && model != Model.BAYESIAN ? evaluate(tally.pentanomial()) : evaluate(tally.trinomial());
    }

    @Override
    public String toString() {
        return "Sprt[elo0=" + elo0 + ", elo1=" + elo1 + ", alpha=" + alpha + ", beta=" + beta
                + ", model=" + model + "]";
    }
}
