package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * fastchess's {@code -sprt model=bayesian} ({@code SPRT::getLLR}, {@code sprt.cpp}): the reference value was
 * computed separately (Python, bisection to machine precision) from fastchess's formulas: draw Elo from the
 * W/D/L frequencies, the BayesElo expected scores of elo0 and elo1, then the logistic GLLR for those scores.
 */
class SprtBayesianTest {
    @Test
    void llrMatchesFastchessFormulas() {
        Sprt s = new Sprt(0.05, 0.05, 0, 5, Sprt.Model.BAYESIAN);
        // W 60, D 30, L 40: draw Elo 83.826, scores 0.5 and 0.506792.
        assertEquals(0.33774873487730117, s.llr(new Trinomial(60, 30, 40)), 1e-6);
    }

    @Test
    void noWinOrNoLossGivesZeroAsInFastchess() {
        Sprt s = new Sprt(0.05, 0.05, 0, 5, Sprt.Model.BAYESIAN);
        assertEquals(0.0, s.llr(new Trinomial(0, 10, 5)));
        assertEquals(0.0, s.llr(new Trinomial(7, 10, 0)));
    }

    @Test
    void pairsAreRefusedAndTheTallyIsReadAsWdl() {
        Sprt s = new Sprt(0.05, 0.05, 0, 5, Sprt.Model.BAYESIAN);
        assertThrows(IllegalArgumentException.class, () -> s.llr(new Pentanomial(1, 2, 3, 4, 5)));
        Tally t = new Tally();
        t.add(1, 0);
        t.add(0, 0);
        t.add(1, 1);
        t.add(0.5, 1);
        assertEquals(s.llr(t.trinomial()), s.evaluate(t).llr());
    }
}
