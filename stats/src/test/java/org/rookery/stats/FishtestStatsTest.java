package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FishtestStatsTest {

    @Test
    void getEloAgreesWithFastchessWithoutEmptyBins() {
        // stat_util.get_elo and fastchess EloPentanomial use the same score, variance and exact
        // 97.5% quantile, so on a sample with every bin filled they agree: fastchess elo_test.cpp
        // "EloPentanomial 1" is 55.58 +/- 27.65, LOS "100.00 %".
        long[] results = Pentanomial.fromPairs(34, 54, 31, 32, 64, 75).toResults();
        FishtestStats.EloEstimate e = FishtestStats.elo(results);
        Pentanomial p = Pentanomial.fromPairs(34, 54, 31, 32, 64, 75);
        assertEquals(55.58, e.elo(), 0.005);
        assertEquals(27.65, e.error95(), 0.005);
        assertEquals(p.elo(), e.elo(), 1e-9);
        assertEquals(p.eloError(), e.error95(), 1e-9);
        assertEquals(p.los(), e.los(), 1e-12);
        // Trinomial: the per-game formulas are fastchess's EloWDL (LOS "15.53 %").
        Trinomial t = new Trinomial(76, 123, 89);
        FishtestStats.EloEstimate e3 = FishtestStats.elo(t.toResults());
        assertEquals(t.elo(), e3.elo(), 1e-9);
        assertEquals(t.eloError(), e3.error95(), 1e-9);
        assertEquals(t.fastchessLos(), e3.los(), 1e-12);
    }

    @Test
    void getEloRegularizesAndClamps() {
        // All wins: [0, 0, 10] becomes [0.001, 0.001, 10]; μ = 10.0005/10.002 ≈ 0.99985 is clamped
        // to 0.999, giving 400·log10(999) = 1199.826 instead of +infinity; LOS rounds to 1.
        FishtestStats.EloEstimate e = FishtestStats.elo(new long[] {0, 0, 10});
        assertEquals(1199.8261952903777, e.elo(), 1e-9);
        assertEquals(1.0, e.los(), 1e-12);
        // No games: the regularized [0.001, 0.001, 0.001] is symmetric, so Elo 0 and LOS ½; the
        // interval spans the whole clamped range: (1199.826 − (−1199.826))/2.
        FishtestStats.EloEstimate none = FishtestStats.elo(new long[] {0, 0, 0});
        assertEquals(0.0, none.elo(), 1e-9);
        assertEquals(0.5, none.los(), 1e-12);
        assertEquals(1199.8261952903777, none.error95(), 1e-6);
    }

    /**
     * fishtest raw statistics of montytest run 69d3c8dc7c5b3724e29d2712
     * (https://montytest.muzhen.org/tests/stats/69d3c8dc7c5b3724e29d2712): Results [13, 37, 50, 25,
     * 3] show "Normalized Elo -63.97", "Skewness -0.01324", "Excess kurtosis -0.50187". The page
     * omits the interval for SPRT runs, so the bounds are the tests_stats.mak formula worked
     * through: t = (0.4375 − ½)/√0.0576171875 = −0.2603778;
     * var_t = 1 − t·(−0.0132396) + ¼t²(−0.5018673 + 2) = 1.0219448;
     * t ± 1.959964·√(1.0219448/128) = [−0.4354904, −0.0852653]; ×347.4356/√2 gives
     * [−106.9926, −20.9435].
     */
    @Test
    void normalizedEloIntervalAsTestsStatsComputesIt() {
        FishtestStats.NormalizedEloEstimate n = FishtestStats.normalizedElo(new long[] {13, 37, 50, 25, 3});
        assertEquals(-63.97, n.nelo(), 0.005);
        assertEquals(-106.9926, n.lower(), 5e-4);
        assertEquals(-20.9435, n.upper(), 5e-4);
    }

    @Test
    void trinomialNormalizedEloInterval() {
        // [L, D, W] = [89, 123, 76]: μ = 0.4774306, var = 0.1427198, skew = 0.0747899,
        // exkurt = −1.2456188; t = −0.0597419, var_t = 1.0051412 (the t-terms are small, so
        // var_t ≈ 1 and the interval is close to fastchess's ±40.13 around −20.76):
        // nElo = −20.7564 [−60.9855, 19.4726].
        FishtestStats.NormalizedEloEstimate n = FishtestStats.normalizedElo(new long[] {89, 123, 76});
        assertEquals(-20.7564, n.nelo(), 5e-4);
        assertEquals(-60.9855, n.lower(), 5e-4);
        assertEquals(19.4726, n.upper(), 5e-4);
        assertEquals(new Trinomial(76, 123, 89).normalizedElo(), n.nelo(), 1e-9);
    }
}
