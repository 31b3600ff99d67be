package org.rookery.contract.ledger;

import java.util.Locale;
import org.rookery.stats.Sprt;

/**
 * The other bounds or model a stored match's SPRT is asked under, as {@code analyze sprt}'s options
 * and the dashboard's SPRT form give them; a field left null keeps the live test's value (else
 * α = β = 0.05 and the logistic model). One reading of those options for both.
 */
public record SprtQuery(Double elo0, Double elo1, Double alpha, Double beta, String model) {
    /** The model names the options take, as fastchess and {@code gauntlet -sprt model=} spell them. */
    public static final String MODELS = "normalized, logistic or bayesian";

    /** Whether anything was asked; when not, only the live test is reported. */
    public boolean asked() {
        return elo0 != null || elo1 != null || alpha != null || beta != null || model != null;
    }

    /**
     * The asked test over the live one ({@code live} may be null), or null when nothing was asked.
     *
     * @throws IllegalArgumentException with a one-line reason naming the option
     */
    public Sprt resolve(Sprt live) {
        if (!asked()) return null;
        if ((elo0 == null) != (elo1 == null)) throw new IllegalArgumentException("--elo0 and --elo1 go together");
        if (elo0 == null && live == null) throw new IllegalArgumentException("--elo0 and --elo1 are needed: the match had no live SPRT");
        // Without a live test and without --model: the gauntlet's default, fastchess's normalized.
        Sprt.Model m = model != null ? model(model) : live != null ? live.model() : Sprt.Model.NORMALIZED;
        try {
            return new Sprt(alpha != null ? alpha : live != null ? live.alpha() : 0.05,
                    beta != null ? beta : live != null ? live.beta() : 0.05, elo0 != null ? elo0 : live.elo0(),
                    elo1 != null ? elo1 : live.elo1(), m);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("SPRT options: " + e.getMessage());
        }
    }

    /** The model of a name ({@link #MODELS}), case-insensitive. */
    public static Sprt.Model model(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "normalized" -> Sprt.Model.NORMALIZED;
            case "logistic" -> Sprt.Model.LOGISTIC;
            case "bayesian" -> Sprt.Model.BAYESIAN;
            default -> throw new IllegalArgumentException("--model must be " + MODELS + ", not " + name);
        };
    }
}
