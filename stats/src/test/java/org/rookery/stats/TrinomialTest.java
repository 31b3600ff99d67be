package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class TrinomialTest {

    private static String oneDecimal(double x) {
        return String.format(Locale.ROOT, "%.1f", x);
    }

    private static String twoDecimals(double x) {
        return String.format(Locale.ROOT, "%.2f", x);
    }

    /**
     * Published cutechess-cli match summaries ("Score of A vs B: W - L - D ..." followed by
     * "Elo difference: E +/- M, LOS: P %, DrawRatio: R %", printed with one decimal by
     * Tournament::results):
     * <ul>
     * <li>332-316-352 and 1342-1317-1341: github.com/JoAnnP38/Pedantic pull requests 8 and 10;</li>
     * <li>65-66-69: github.com/princesslana/princhess pull request 265;</li>
     * <li>143-129-368, 540-531-1590, 1216-1199-3939: github.com/kelseyde/calvin-chess-engine pull
     * request 97;</li>
     * <li>364-346-218: talkchess.com/viewtopic.php?t=84211 (cutechess-cli 1.3.1).</li>
     * </ul>
     */
    @ParameterizedTest
    @CsvSource({
        "332, 316, 352, 5.6, 17.3, 73.5, 35.2",
        "1342, 1317, 1341, 2.2, 8.8, 68.6, 33.5",
        "65, 66, 69, -1.7, 39.1, 46.5, 34.5",
        "143, 129, 368, 7.6, 17.5, 80.2, 57.5",
        "540, 531, 1590, 1.2, 8.4, 60.8, 59.8",
        "1216, 1199, 3939, 0.9, 5.3, 63.5, 62.0",
        "364, 346, 218, 6.7, 19.5, 75.0, 23.5",
    })
    void reproducesPublishedCutechessSummaries(long w, long l, long d, String elo, String margin,
            String los, String drawRatio) {
        Trinomial t = new Trinomial(w, d, l);
        assertEquals(elo, oneDecimal(t.elo()));
        assertEquals(margin, oneDecimal(t.cutechessEloError()));
        assertEquals(los, oneDecimal(100 * t.los()));
        assertEquals(drawRatio, oneDecimal(100 * t.drawRatio()));
    }

    /**
     * fastchess app/tests/elo_test.cpp, "EloWDL 1..3" (Stats(wins, losses, draws)); nElo, error
     * and LOS strings as asserted there (doctest Approx with epsilon 0.01, i.e. 1% relative).
     */
    @Test
    void reproducesFastchessEloWdlVectors() {
        Trinomial a = new Trinomial(76, 123, 89);
        assertEquals(-20.76, a.normalizedElo(), 0.005);
        assertEquals(40.13, a.normalizedEloError(), 0.005);
        assertEquals("15.53", twoDecimals(100 * a.fastchessLos()));

        Trinomial b = new Trinomial(136, 111, 96);
        assertEquals(49.77, b.normalizedElo(), 0.005);
        assertEquals(36.77, b.normalizedEloError(), 0.005);
        assertEquals(40.70, b.elo(), 0.005);
        assertEquals(30.43, b.eloError(), 0.005);
        assertEquals("99.60", twoDecimals(100 * b.fastchessLos()));

        Trinomial c = new Trinomial(34, 0, 356);
        assertEquals(-508.44, c.normalizedElo(), 0.005);
        assertEquals(34.48, c.normalizedEloError(), 0.005);
    }

    @Test
    void cutechessQuantileIsWinitzkisApproximation() {
        // Evaluating cutechess's Elo::erfInv (a = 8(π−3)/(3π(4−π)), π = 3.1415926535897) at 0.95
        // and scaling by √2 gives 1.9571619316560245, not the exact 1.959963984540054.
        assertEquals(1.9571619316560245, Trinomial.cutechessPhiInv(0.975), 1e-13);
        assertEquals(-1.9571619316560245, Trinomial.cutechessPhiInv(0.025), 1e-13);
        // Hence cutechess's margin is narrower than the exact one by roughly that ratio:
        // 332-316-352 gives 17.3250 with cutechess's quantile and 17.3499 with the exact one.
        Trinomial t = new Trinomial(332, 352, 316);
        assertEquals(17.3250, t.cutechessEloError(), 5e-5);
        assertEquals(17.3499, t.eloError(), 5e-5);
    }

    @Test
    void evenMatchByHand() {
        // W = L: score ½, Elo 0, LOS ½ (erf(0) = 0).
        Trinomial t = new Trinomial(40, 20, 40);
        assertEquals(0.5, t.score(), 1e-15);
        assertEquals(0.0, t.elo(), 1e-12);
        assertEquals(0.5, t.los(), 0.0);
        assertEquals(0.5, t.fastchessLos(), 1e-15);
        assertEquals(0.0, t.normalizedElo(), 1e-12);
        assertEquals(0.2, t.drawRatio(), 1e-15);
        // var = 0.4·¼ + 0.4·¼ + 0 = 0.2.
        assertEquals(0.2, t.variancePerGame(), 1e-15);
        // nElo error reduces to z·(800/ln 10)/√N = 1.959963984540054·347.43558552260146/10.
        assertEquals(Gaussian.Z_975 * EloMath.NELO_DIVIDED_BY_NT / 10, t.normalizedEloError(), 1e-9);
    }

    @Test
    void smallSampleByHand() {
        // 3 wins, 1 loss: score ¾ → 400·log10(3) = 190.8485 Elo;
        // LOS = ½ + ½·erf(2/√8) = ½ + ½·erf(0.70710678) = ½ + ½·0.68268949 = 0.84134475 (= Φ(1)).
        Trinomial t = new Trinomial(3, 0, 1);
        assertEquals(0.75, t.score(), 0.0);
        assertEquals(190.848501887865, t.elo(), 1e-9);
        assertEquals(0.8413447460685429, t.los(), 1e-15);
        // var = ¾·(¼)² + ¼·(¾)² = 3/16; σ/√n = √(3/64); the upper bound 0.75 + 1.96·0.2165 > 1,
        // so the Elo of the upper bound, and with it the margin, is NaN, as in cutechess.
        assertEquals(3.0 / 16.0, t.variancePerGame(), 1e-15);
        assertTrue(Double.isNaN(t.eloError()));
        assertTrue(Double.isNaN(t.cutechessEloError()));
    }

    @Test
    void swappingSidesNegatesEloAndMirrorsLos() {
        Trinomial t = new Trinomial(136, 111, 96);
        Trinomial r = t.reversed();
        assertEquals(new Trinomial(96, 111, 136), r);
        assertEquals(-t.elo(), r.elo(), 1e-9);
        assertEquals(t.eloError(), r.eloError(), 1e-9);
        assertEquals(t.cutechessEloError(), r.cutechessEloError(), 1e-9);
        assertEquals(-t.normalizedElo(), r.normalizedElo(), 1e-9);
        assertEquals(1.0 - t.los(), r.los(), 1e-12);
        assertEquals(1.0 - t.fastchessLos(), r.fastchessLos(), 1e-12);
    }

    @Test
    void noGamesIsNaNEverywhere() {
        Trinomial t = new Trinomial(0, 0, 0);
        assertEquals(0, t.games());
        assertTrue(Double.isNaN(t.score()));
        assertTrue(Double.isNaN(t.elo()));
        assertTrue(Double.isNaN(t.eloError()));
        assertTrue(Double.isNaN(t.cutechessEloError()));
        assertTrue(Double.isNaN(t.los()));
        assertTrue(Double.isNaN(t.fastchessLos()));
        assertTrue(Double.isNaN(t.drawRatio()));
        assertTrue(Double.isNaN(t.normalizedElo()));
        assertTrue(Double.isNaN(t.normalizedEloError()));
    }

    @Test
    void allDraws() {
        // Score ½ with zero variance: Elo 0 and a zero-width interval; nElo is 0/0; cutechess's LOS
        // is erf(0/0) = NaN because there is no decisive game (cutechess prints "nan").
        Trinomial t = new Trinomial(0, 50, 0);
        assertEquals(0.0, t.elo(), 0.0);
        assertEquals(0.0, t.eloError(), 0.0);
        assertEquals(0.0, t.cutechessEloError(), 0.0);
        assertEquals(1.0, t.drawRatio(), 0.0);
        assertTrue(Double.isNaN(t.los()));
        assertTrue(Double.isNaN(t.normalizedElo()));
    }

    @Test
    void allWinsIsInfiniteEloWithUndefinedMargin() {
        Trinomial t = new Trinomial(20, 0, 0);
        assertEquals(1.0, t.score(), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, t.elo(), 0.0);
        assertTrue(Double.isNaN(t.eloError()));
        assertTrue(Double.isNaN(t.cutechessEloError()));
        // erf(20/√40) = erf(3.16) → LOS 0.99999923.
        assertEquals(0.5 + 0.5 * Gaussian.erf(20 / Math.sqrt(40)), t.los(), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, t.normalizedElo(), 0.0);
        assertEquals(1.0, t.fastchessLos(), 0.0);

        Trinomial losses = new Trinomial(0, 0, 20);
        assertEquals(Double.NEGATIVE_INFINITY, losses.elo(), 0.0);
        assertEquals(0.0, losses.fastchessLos(), 0.0);
    }

    @Test
    void fishtestOrderAndValidation() {
        assertArrayEquals(new long[] {3, 2, 1}, new Trinomial(1, 2, 3).toResults());
        assertThrows(IllegalArgumentException.class, () -> new Trinomial(-1, 0, 0));
    }
}
