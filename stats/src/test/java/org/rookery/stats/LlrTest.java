package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LlrTest {

    /**
     * LLRs fishtest published for finished tests, as quoted in Stockfish pull requests ("LLR: x
     * (-2.94,2.94) {elo0,elo1}" with curly braces for logistic bounds, "Ptnml(0-2): LL, LD, DD+WL,
     * WD, WW"); printed with two decimals, so they must match to ±0.005. Sources:
     * github.com/official-stockfish/Stockfish pull requests 3098 (tests 5f4cb5e8…, 5f4dbc2e…),
     * 3331 (60161ee1…, 60163146…), 3209 (5f9c7bbc…, 5f9d01f0…), 2920 (5f2aa49f…, 5f2b1059…),
     * 3017 (5f3955f0…, 5f399e41…) and 2493 (5e1c9afe…, 5e1ceb99…).
     */
    @ParameterizedTest
    @CsvSource({
        "-0.25, 1.25, 491, 7345, 29693, 7670, 465, 2.96",
        "0.25, 1.25, 53, 2220, 21459, 2445, 47, 2.97",
        "-0.25, 1.25, 115, 2196, 11328, 2317, 136, 2.94",
        "0.25, 1.25, 14, 1030, 14318, 1163, 19, 2.93",
        "-0.25, 1.25, 253, 4282, 17604, 4431, 286, 2.94",
        "0.25, 1.25, 58, 3302, 33130, 3518, 84, 2.97",
        "-0.50, 1.50, 665, 4806, 9333, 4893, 747, 2.95",
        "0.25, 1.75, 328, 4564, 15580, 4789, 371, 2.98",
        "-1.50, 0.50, 174, 2658, 10273, 2713, 178, 2.96",
        "-1.50, 0.50, 40, 1272, 12142, 1300, 30, 3.01",
        "-1.00, 3.00, 424, 2948, 5832, 3045, 460, 2.94",
        "0.00, 2.00, 1284, 17437, 55536, 18085, 1292, 2.94",
    })
    void reproducesPublishedFishtestLogisticLlrs(double elo0, double elo1, long ll, long ld, long dd,
            long wd, long ww, double published) {
        assertEquals(published, Llr.logistic(elo0, elo1, new long[] {ll, ld, dd, wd, ww}), 0.005);
    }

    /**
     * As above for normalized bounds, which fishtest prints in angle brackets "<elo0,elo1>":
     * Stockfish pull requests 6616 (tests 69938fbc…, 69923ea8…), 5452 (6689203959…, 66892d76…),
     * 4194 (63448f4f…, 6345186d…) and 6285 (68ab96bf…, 68abcf1c…).
     */
    @ParameterizedTest
    @CsvSource({
        "0.00, 2.00, 2, 1925, 6607, 2176, 2, 2.94",
        "0.50, 2.50, 5, 2968, 10474, 3253, 5, 2.96",
        "0.00, 2.00, 758, 38802, 84253, 39511, 772, 2.93",
        "0.50, 2.50, 19, 6089, 15803, 6441, 22, 2.95",
        "0.00, 2.00, 371, 10263, 24989, 10642, 379, 2.95",
        "0.50, 2.50, 47, 8181, 25234, 8575, 47, 2.94",
        "-1.75, 0.25, 289, 26459, 62934, 26379, 331, 2.94",
        "-1.75, 0.25, 118, 38575, 109888, 38432, 122, 2.95",
    })
    void reproducesPublishedFishtestNormalizedLlrs(double nelo0, double nelo1, long ll, long ld, long dd,
            long wd, long ww, double published) {
        assertEquals(published, Llr.normalized(nelo0, nelo1, new long[] {ll, ld, dd, wd, ww}), 0.005);
    }

    /**
     * fishtest raw statistics of montytest run 69d3c8dc7c5b3724e29d2712
     * (https://montytest.muzhen.org/tests/stats/69d3c8dc7c5b3724e29d2712), SPRT with normalized
     * bounds [0, 4] on Results [13, 37, 50, 25, 3]: "Normalized (exact) -0.54912" and, with the
     * bounds converted to logistic Elo through the sample's σ (H1 = 2.716 logistic),
     * "Logistic (exact) -0.53772"; printed with five decimals.
     */
    @Test
    void reproducesFishtestRawStatisticsPage() {
        long[] results = {13, 37, 50, 25, 3};
        assertEquals(-0.54912, Llr.normalized(0.0, 4.0, results), 5e-6);
        double sigma = new Pentanomial(13, 37, 50, 25, 3).sigmaPerGame();
        double lelo1 = EloMath.normalizedToLogisticElo(4.0, sigma);
        assertEquals(-0.53772, Llr.logistic(0.0, lelo1, results), 5e-6);
    }

    /**
     * fastchess app/tests/sprt_test.cpp (Stats(wins, losses, draws) and Stats(LL, LD, WL, DD, WD,
     * WW)), doctest Approx with epsilon 0.01. fastchess solves the same equations with a coarser
     * root finder (ITP, tolerance 1e-3 for the logistic model); the values agree to the printed
     * digits.
     */
    @Test
    void reproducesFastchessSprtVectors() {
        assertEquals(0.92, Llr.normalized(0, 2, new Trinomial(36433, 68692, 36027)), 0.005);
        assertEquals(2.30, Llr.normalized(-1.75, 0.25, new Trinomial(10871, 20431, 10650)), 0.005);
        assertEquals(-1.57, Llr.logistic(0.5, 2.5, new Trinomial(21404, 40708, 21184)), 0.005);
        assertEquals(-2.59, Llr.logistic(0, 2, new Trinomial(57433, 106593, 57030)), 0.005);
        assertEquals(2.25, Llr.normalized(0, 2, Pentanomial.fromPairs(365, 16618, 36029, 200, 16974, 390)), 0.005);
        assertEquals(3.01, Llr.normalized(-1.75, 0.25, Pentanomial.fromPairs(127, 4883, 10311, 401, 5150, 104)),
                0.005);
        assertEquals(-3.07, Llr.logistic(0.5, 2.5, Pentanomial.fromPairs(223, 9863, 20279, 1000, 10037, 246)), 0.005);
        assertEquals(-4.98, Llr.logistic(0, 2, Pentanomial.fromPairs(871, 26175, 55003, 980, 26678, 821)), 0.005);
    }

    /**
     * fastchess's sprt_test.cpp also expects +2.97 for 16700 draws and no decisive game
     * (normalized, [0, 5]) and +2.94 for 104 WW pairs. fishtest's algorithm gives −3.45 and +2.09;
     * these are the exact maximum-likelihood answers, worked out by hand:
     * <ul>
     * <li>All draws: p̂ is (ε, 1 − 2ε, ε) after regularization. H0 (t = 0) fits it already, so
     * p0 = p̂. Under H1 the MLE moves mass b onto wins with b ≈ t·√b, i.e. b ≈ t², where
     * t = 5/347.4356 = 0.0143912; the likelihood falls by about N·b, so LLR ≈ −16700·t² = −3.459.
     * Draws alone are evidence <em>against</em> a 5-nElo gain.</li>
     * <li>All WW: the MLE under H0 splits the mass evenly between LL and WW; under H1 WW gets
     * ½ + t/2 with t = √2·5/347.4356 = 0.0203522; LLR ≈ 104·ln(1 + t) = 2.0954.</li>
     * </ul>
     * fastchess's values come from its looser iteration, not from a different definition.
     */
    @Test
    void degenerateNormalizedSamplesFollowTheExactMle() {
        double t = 5.0 / EloMath.NELO_DIVIDED_BY_NT;
        double allDraws = Llr.normalized(0, 5, new Trinomial(0, 16700, 0));
        assertEquals(-16700 * t * t, allDraws, 0.02);
        assertEquals(-3.45, allDraws, 0.005);

        double tPair = Math.sqrt(2.0) * t;
        double allWw = Llr.normalized(0, 5, new Pentanomial(0, 0, 0, 0, 104));
        assertEquals(104 * Math.log(1 + tPair), allWw, 0.005);
        assertEquals(2.09, allWw, 0.005);
    }

    @Test
    void signFollowsTheHypothesisTheDataFavour() {
        // A sample whose Elo sits exactly at elo0 favours H0, one at elo1 favours H1, and one half
        // way between gives an LLR of about 0 (the GLLR is nearly antisymmetric about the
        // midpoint for small Elo). Pairs [1, 2, 4, 2, 1] scaled up have score ½ exactly.
        long[] even = {1000, 2000, 4000, 2000, 1000};
        assertTrue(Llr.logistic(0, 10, even) < 0);
        assertTrue(Llr.logistic(-10, 0, even) > 0);
        assertEquals(0.0, Llr.logistic(-5, 5, even), 1e-9);
        assertTrue(Llr.normalized(0, 10, even) < 0);
        assertTrue(Llr.normalized(-10, 0, even) > 0);
        assertEquals(0.0, Llr.normalized(-5, 5, even), 1e-9);
        // Swapping the hypotheses negates the LLR exactly.
        long[] r = {491, 7345, 29693, 7670, 465};
        assertEquals(-Llr.logistic(-0.25, 1.25, r), Llr.logistic(1.25, -0.25, r), 1e-12);
        assertEquals(-Llr.normalized(0, 2, r), Llr.normalized(2, 0, r), 1e-12);
        // Equal hypotheses carry no evidence.
        assertEquals(0.0, Llr.logistic(1, 1, r), 0.0);
        // Mirroring the results (the opponent's view) maps every Elo e to −e, so H0: −0.25 and
        // H1: 1.25 become H0: 0.25 and H1: −1.25, and the LLR is unchanged.
        long[] mirrored = {465, 7670, 29693, 7345, 491};
        assertEquals(Llr.logistic(-0.25, 1.25, r), Llr.logistic(0.25, -1.25, mirrored), 1e-9);
        assertEquals(Llr.normalized(0, 2, r), Llr.normalized(0, -2, mirrored), 1e-9);
    }

    @Test
    void llrGrowsLinearlyWithTheSample() {
        // LLR = N·(mean jump); doubling every count (no empty bins) doubles it.
        long[] r = {57030, 106593, 57433};
        long[] doubled = {2 * 57030, 2 * 106593, 2 * 57433};
        assertEquals(2 * Llr.logistic(0, 2, r), Llr.logistic(0, 2, doubled), 1e-9);
    }

    @Test
    void degenerateSamplesStayFiniteThroughRegularization() {
        // fishtest LLRcalc.regularize turns empty bins into 0.001, so N is 0.003 (or 0.005) with no
        // games and the LLR is tiny rather than undefined.
        double none3 = Llr.logistic(0, 2, new long[] {0, 0, 0});
        double none5 = Llr.normalized(0, 2, new long[] {0, 0, 0, 0, 0});
        assertTrue(Double.isFinite(none3) && Math.abs(none3) < 1e-6);
        assertTrue(Double.isFinite(none5) && Math.abs(none5) < 1e-6);
        // A handful of wins is weak evidence for H1; a handful of losses for H0.
        assertTrue(Llr.logistic(0, 2, new Trinomial(10, 0, 0)) > 0);
        assertTrue(Llr.logistic(0, 2, new Trinomial(0, 0, 10)) < 0);
        assertTrue(Llr.normalized(0, 2, new Pentanomial(0, 0, 0, 0, 10)) > 0);
        assertTrue(Llr.normalized(0, 2, new Pentanomial(10, 0, 0, 0, 0)) < 0);
    }

    @Test
    void rejectsMalformedResults() {
        assertThrows(IllegalArgumentException.class, () -> Llr.logistic(0, 2, new long[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> Llr.normalized(0, 2, new long[] {1, 2, 3, 4}));
        assertThrows(IllegalArgumentException.class, () -> Llr.logistic(0, 2, new long[] {1, -2, 3}));
    }
}
