package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GaussianTest {

    // Reference values of erf/erfc are the standard tabulated ones (Abramowitz & Stegun, Table 7.1,
    // extended to double precision as printed by C99/Python math.erf and math.erfc).
    @Test
    void erfMatchesTabulatedValues() {
        assertEquals(0.0, Gaussian.erf(0.0), 0.0);
        assertEquals(0.5204998778130465, Gaussian.erf(0.5), 1e-15);
        assertEquals(0.8427007929497149, Gaussian.erf(1.0), 1e-15);
        assertEquals(0.9953222650189527, Gaussian.erf(2.0), 1e-15);
        assertEquals(-0.8427007929497149, Gaussian.erf(-1.0), 1e-15);
        assertEquals(1.0, Gaussian.erf(Double.POSITIVE_INFINITY), 0.0);
        assertEquals(-1.0, Gaussian.erf(Double.NEGATIVE_INFINITY), 0.0);
        assertTrue(Double.isNaN(Gaussian.erf(Double.NaN)));
    }

    @Test
    void erfcKeepsRelativePrecisionInTheTail() {
        assertEquals(2.2090496998585438e-05, Gaussian.erfc(3.0), 2.2090496998585438e-05 * 1e-13);
        assertEquals(1.5374597944280351e-12, Gaussian.erfc(5.0), 1.5374597944280351e-12 * 1e-13);
        assertEquals(2.088487583762545e-45, Gaussian.erfc(10.0), 2.088487583762545e-45 * 1e-12);
        assertEquals(0.004677734981047265, Gaussian.erfc(2.0), 1e-15);
        assertEquals(2.0, Gaussian.erfc(Double.NEGATIVE_INFINITY), 0.0);
    }

    @Test
    void quantileInvertsTheDistributionFunction() {
        // fastchess hard-codes Φ⁻¹(0.975) = 1.959963984540054 (CI95ZSCORE, app/src/elo/elo.hpp).
        assertEquals(Gaussian.Z_975, Gaussian.quantile(0.975), 1e-14);
        assertEquals(-Gaussian.Z_975, Gaussian.quantile(0.025), 1e-14);
        assertEquals(0.0, Gaussian.quantile(0.5), 0.0);
        assertEquals(0.975, Gaussian.cdf(Gaussian.Z_975), 1e-15);
        for (double p : new double[] {1e-300, 1e-12, 0.001, 0.3, 0.7, 0.999, 1 - 1e-12}) {
            double q = Gaussian.quantile(p);
            double back = Gaussian.cdf(q);
            assertEquals(p, back, Math.max(1e-15, 1e-12 * Math.min(p, 1 - p)), "p=" + p);
        }
        assertEquals(Double.NEGATIVE_INFINITY, Gaussian.quantile(0.0), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, Gaussian.quantile(1.0), 0.0);
        assertTrue(Double.isNaN(Gaussian.quantile(1.5)));
    }

    @Test
    void cdfTails() {
        // Φ(−10) = erfc(10/√2)/2 = 7.619853024160593e-24.
        assertEquals(7.619853024160593e-24, Gaussian.cdf(-10.0), 7.619853024160593e-24 * 1e-12);
        assertEquals(0.5, Gaussian.cdf(0.0), 0.0);
        assertEquals(1.0, Gaussian.cdf(40.0), 0.0);
    }
}
