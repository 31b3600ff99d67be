package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EloMathTest {

    @Test
    void logisticConversionsByHand() {
        // 400 Elo means odds of 10:1, i.e. a score of 10/11; 0 Elo is an even score.
        assertEquals(10.0 / 11.0, EloMath.eloToScore(400.0), 1e-15);
        assertEquals(0.5, EloMath.eloToScore(0.0), 0.0);
        assertEquals(400.0, EloMath.scoreToElo(10.0 / 11.0), 1e-10);
        assertEquals(-400.0, EloMath.scoreToElo(1.0 / 11.0), 1e-10);
        assertEquals(0.0, EloMath.scoreToElo(0.5), 0.0);
        // 0.75 scores 400·log10(3) = 190.848501887865 Elo.
        assertEquals(190.848501887865, EloMath.scoreToElo(0.75), 1e-9);
        for (double elo = -800; elo <= 800; elo += 37.5) {
            assertEquals(elo, EloMath.scoreToElo(EloMath.eloToScore(elo)), 1e-9);
        }
    }

    @Test
    void unclampedConversionHasInfiniteEnds() {
        assertEquals(Double.POSITIVE_INFINITY, EloMath.scoreToElo(1.0), 0.0);
        assertEquals(Double.NEGATIVE_INFINITY, EloMath.scoreToElo(0.0), 0.0);
        assertTrue(Double.isNaN(EloMath.scoreToElo(1.2)));
        assertTrue(Double.isNaN(EloMath.scoreToElo(-0.1)));
        assertTrue(Double.isNaN(EloMath.scoreToElo(Double.NaN)));
    }

    @Test
    void fishtestClampsTheScore() {
        // stat_util.elo clamps to [0.001, 0.999]: 400·log10(999) = 1199.8261952903777.
        assertEquals(1199.8261952903777, EloMath.clampedScoreToElo(1.0), 1e-9);
        assertEquals(-1199.8261952903777, EloMath.clampedScoreToElo(0.0), 1e-9);
        assertEquals(EloMath.scoreToElo(0.6), EloMath.clampedScoreToElo(0.6), 0.0);
    }

    @Test
    void normalizedConversions() {
        assertEquals(347.43558552260146, EloMath.NELO_DIVIDED_BY_NT, 1e-12);
        // fishtest raw-statistics page of montytest run 69d3c8dc7c5b3724e29d2712
        // (https://montytest.muzhen.org/tests/stats/69d3c8dc7c5b3724e29d2712): with
        // Stdev/game 0.33946, the normalized bound 4.000 corresponds to score 0.50391 and
        // logistic Elo 2.716. The page's σ is √(2·0.0576171875) from Ptnml [13, 37, 50, 25, 3].
        double sigma = Math.sqrt(2 * 0.0576171875);
        assertEquals(0.50391, EloMath.normalizedEloToScore(4.0, sigma), 5e-6);
        assertEquals(2.716, EloMath.normalizedToLogisticElo(4.0, sigma), 5e-4);
        assertEquals(4.0, EloMath.logisticToNormalizedElo(EloMath.normalizedToLogisticElo(4.0, sigma), sigma),
                1e-9);
        assertEquals(0.0, EloMath.normalizedToLogisticElo(0.0, sigma), 1e-12);
    }
}
