package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class PentanomialTest {

    private static String twoDecimals(double x) {
        return String.format(Locale.ROOT, "%.2f", x);
    }

    /**
     * fastchess app/tests/elo_test.cpp, "EloPentanomial 1..3", whose Stats constructor takes
     * (LL, LD, WL, DD, WD, WW) (app/src/matchmaking/stats.hpp); expected values and LOS strings as
     * asserted there.
     */
    @Test
    void reproducesFastchessEloPentanomialVectors() {
        Pentanomial a = Pentanomial.fromPairs(34, 54, 31, 32, 64, 75);
        assertElo(a, 57.94, 28.28, 55.58, 27.65);
        assertEquals("100.00", twoDecimals(100 * a.los()));

        Pentanomial b = Pentanomial.fromPairs(332, 433, 457, 41, 333, 334);
        assertElo(b, -9.17, 10.96, -8.64, 10.33);
        assertEquals("5.05", twoDecimals(100 * b.los()));

        assertElo(Pentanomial.fromPairs(7895, 8757, 5485, 200, 568, 9999), -19.01, 2.65, -21.04, 2.95);
    }

    /** nElo ± error and Elo ± error to fastchess's two printed decimals. */
    private static void assertElo(Pentanomial p, double nElo, double nEloError, double elo, double eloError) {
        assertEquals(nElo, p.normalizedElo(), 0.005);
        assertEquals(nEloError, p.normalizedEloError(), 0.005);
        assertEquals(elo, p.elo(), 0.005);
        assertEquals(eloError, p.eloError(), 0.005);
    }

    /**
     * A published fastchess report (github.com/Disservin/fastchess issue 807): "Elo: -168.40 +/-
     * 73.37, nElo: -170.08 +/- 62.16, LOS: 0.00 %, DrawRatio: 30.00 %, ... Points: 33.0 (27.50 %),
     * Ptnml(0-2): [30, 6, 18, 0, 6]". An empty WD bin is harmless here: fastchess does not
     * regularize its Elo statistics.
     */
    @Test
    void reproducesPublishedFastchessReport() {
        Pentanomial p = new Pentanomial(30, 6, 18, 0, 6);
        assertEquals(120, p.games());
        assertEquals("27.50", twoDecimals(100 * p.score()));
        assertEquals("-168.40", twoDecimals(p.elo()));
        assertEquals("73.37", twoDecimals(p.eloError()));
        assertEquals("-170.08", twoDecimals(p.normalizedElo()));
        assertEquals("62.16", twoDecimals(p.normalizedEloError()));
        assertEquals("0.00", twoDecimals(100 * p.los()));
        assertEquals("30.00", twoDecimals(100 * p.evenPairRatio()));
    }

    /**
     * fishtest raw statistics of montytest run 69d3c8dc7c5b3724e29d2712
     * (https://montytest.muzhen.org/tests/stats/69d3c8dc7c5b3724e29d2712), Results [13, 37, 50,
     * 25, 3]: "Expected value 0.43750, Variance 0.05762, Variance/game 0.11523, Stdev/game
     * 0.33946, Normalized Elo -63.97, Pentanomial draw ratio 0.39062".
     */
    @Test
    void reproducesFishtestAuxiliaryStatistics() {
        Pentanomial p = new Pentanomial(13, 37, 50, 25, 3);
        assertEquals(0.43750, p.score(), 5e-6);
        assertEquals(0.05762, p.variancePerPair(), 5e-6);
        assertEquals(0.11523, 2 * p.variancePerPair(), 5e-6);
        assertEquals(0.33946, p.sigmaPerGame(), 5e-6);
        assertEquals(-63.97, p.normalizedElo(), 5e-3);
        assertEquals(0.39062, p.evenPairRatio(), 5e-6);
    }

    @Test
    void symmetricPairsByHand() {
        // [1, 2, 4, 2, 1]: mirror-symmetric → score ½, Elo 0, LOS ½.
        // Variance = (2·1·¼ + 2·2·(1/16))/10 = (0.5 + 0.25)/10 = 0.075.
        Pentanomial p = new Pentanomial(1, 2, 4, 2, 1);
        assertEquals(0.5, p.score(), 1e-15);
        assertEquals(0.0, p.elo(), 1e-12);
        assertEquals(0.5, p.los(), 1e-15);
        assertEquals(0.075, p.variancePerPair(), 1e-15);
        assertEquals(Math.sqrt(0.15), p.sigmaPerGame(), 1e-15);
        assertEquals(20, p.games());
        // nElo error reduces to z·(800/ln 10)/√(2·pairs).
        assertEquals(Gaussian.Z_975 * EloMath.NELO_DIVIDED_BY_NT / Math.sqrt(20), p.normalizedEloError(), 1e-9);
    }

    @Test
    void swappingSidesNegatesElo() {
        Pentanomial p = Pentanomial.fromPairs(332, 433, 457, 41, 333, 334);
        Pentanomial r = p.reversed();
        assertEquals(new Pentanomial(334, 333, 498, 433, 332), r);
        assertEquals(-p.elo(), r.elo(), 1e-9);
        assertEquals(p.eloError(), r.eloError(), 1e-9);
        assertEquals(-p.normalizedElo(), r.normalizedElo(), 1e-9);
        assertEquals(1.0 - p.los(), r.los(), 1e-12);
    }

    @Test
    void degenerateSamples() {
        Pentanomial none = new Pentanomial(0, 0, 0, 0, 0);
        assertTrue(Double.isNaN(none.score()));
        assertTrue(Double.isNaN(none.elo()));
        assertTrue(Double.isNaN(none.eloError()));
        assertTrue(Double.isNaN(none.los()));
        assertTrue(Double.isNaN(none.normalizedElo()));

        Pentanomial allWon = new Pentanomial(0, 0, 0, 0, 8);
        assertEquals(Double.POSITIVE_INFINITY, allWon.elo(), 0.0);
        assertTrue(Double.isNaN(allWon.eloError()));
        assertEquals(Double.POSITIVE_INFINITY, allWon.normalizedElo(), 0.0);
        assertEquals(1.0, allWon.los(), 0.0);

        // Only one-point pairs: score ½, no variance.
        Pentanomial even = new Pentanomial(0, 0, 12, 0, 0);
        assertEquals(0.0, even.elo(), 1e-12);
        assertEquals(0.0, even.eloError(), 0.0);
        assertTrue(Double.isNaN(even.normalizedElo()));
    }

    @Test
    void fishtestOrderAndValidation() {
        assertArrayEquals(new long[] {1, 2, 7, 4, 5}, Pentanomial.fromPairs(1, 2, 3, 4, 4, 5).toResults());
        assertThrows(IllegalArgumentException.class, () -> new Pentanomial(0, -1, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> Pentanomial.fromPairs(0, 0, -1, 0, 0, 0));
    }
}
