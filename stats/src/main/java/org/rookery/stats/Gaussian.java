package org.rookery.stats;

/**
 * The error function and the standard normal distribution, which the JDK does not provide.
 *
 * <p>fishtest calls {@code scipy.stats.norm.cdf}/{@code ppf} ({@code stat_util.py}: {@code Phi},
 * {@code Phi_inv}) and fastchess/cutechess call C's {@code std::erf}; this class supplies the same
 * functions to close to double precision so that printed figures match theirs. The
 * approximate inverse that cutechess really uses for its error margin lives in {@link Trinomial},
 * next to the one place it is used.
 */
public final class Gaussian {

    /**
     * The two-sided 95% quantile of the standard normal distribution, Φ⁻¹(0.975), to the digits
     * fastchess hard-codes as {@code CI95ZSCORE} in {@code app/src/elo/elo.hpp}.
     */
    public static final double Z_975 = 1.959963984540054;

    private static final double TWO_OVER_SQRT_PI = 2.0 / Math.sqrt(Math.PI);
    private static final double ONE_OVER_SQRT_PI = 1.0 / Math.sqrt(Math.PI);
    private static final double SQRT_2 = Math.sqrt(2.0);
    private static final double SQRT_2PI = Math.sqrt(2.0 * Math.PI);

    /**
     * Below this argument the Taylor-type series converges quickly with only positive terms; above
     * it the continued fraction for erfc keeps full relative precision in the tail, which matters
     * for LOS values such as "0.00 %".
     */
    private static final double SERIES_LIMIT = 2.5;

    private Gaussian() {
    }

    /** The error function erf(x); {@code NaN} for {@code NaN}, ±1 at ±infinity. */
    public static double erf(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        if (x < 0) {
            return -erf(-x);
        }
        if (x < SERIES_LIMIT) {
            return erfSeries(x);
        }
        return 1.0 - erfcContinuedFraction(x);
    }

    /** The complementary error function erfc(x) = 1 − erf(x), accurate in the upper tail. */
    public static double erfc(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        if (x < SERIES_LIMIT) {
            return 1.0 - erf(x);
        }
        return erfcContinuedFraction(x);
    }

    /** The standard normal distribution function Φ(q) (fishtest {@code stat_util.Phi}). */
    public static double cdf(double q) {
        return 0.5 * erfc(-q / SQRT_2);
    }

    /** The standard normal density φ(q). */
    public static double density(double q) {
        return Math.exp(-0.5 * q * q) / SQRT_2PI;
    }

    /**
     * The standard normal quantile Φ⁻¹(p) (fishtest {@code stat_util.Phi_inv}, i.e. scipy's
     * {@code norm.ppf}); {@code NaN} outside [0, 1], ∓infinity at 0 and 1.
     */
    public static double quantile(double p) {
        if (Double.isNaN(p) || p < 0.0 || p > 1.0) {
            return Double.NaN;
        }
        if (p == 0.0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (p == 1.0) {
            return Double.POSITIVE_INFINITY;
        }
        if (p == 0.5) {
            return 0.0;
        }
        // 1 - p is exact for p in [0.5, 1], so reflecting keeps the lower tail's precision.
        return p > 0.5 ? -lowerQuantile(1.0 - p) : lowerQuantile(p);
    }

    /** Φ⁻¹(p) for 0 &lt; p &lt; 0.5. */
    private static double lowerQuantile(double p) {
        // Starting point: Abramowitz & Stegun 26.2.23 (absolute error below 4.5e-4).
        double t = Math.sqrt(-2.0 * Math.log(p));
        double x = -(t - (2.515517 + t * (0.802853 + t * 0.010328))
                / (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308))));
        // Halley's method on Φ(x) − p brings it to full double precision in a few steps.
        for (int i = 0; i < 50; i++) {
            double u = (cdf(x) - p) / density(x);
            if (!Double.isFinite(u)) {
                break;
            }
            double step = u / (1.0 + 0.5 * x * u);
            x -= step;
            if (Math.abs(step) <= 1e-15 * Math.max(1.0, Math.abs(x))) {
                break;
            }
        }
        return x;
    }

    /**
     * erf(x) = (2/√π)·e^(−x²)·Σ 2ⁿx^(2n+1)/(1·3·…·(2n+1)) for 0 ≤ x; every term is positive, so
     * there is no cancellation.
     */
    private static double erfSeries(double x) {
        double x2 = x * x;
        double term = x;
        double sum = x;
        for (int n = 1; n < 1000; n++) {
            term *= 2.0 * x2 / (2 * n + 1);
            sum += term;
            if (term <= sum * 1e-17) {
                break;
            }
        }
        return TWO_OVER_SQRT_PI * Math.exp(-x2) * sum;
    }

    /**
     * erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))) for x &gt; 0, evaluated with
     * the modified Lentz algorithm.
     */
    private static double erfcContinuedFraction(double x) {
        if (x == Double.POSITIVE_INFINITY) {
            return 0.0;
        }
        final double tiny = 1e-300;
        double f = x;
        double c = f;
        double d = 0.0;
        for (int j = 1; j < 10000; j++) {
            double a = 0.5 * j;
            d = x + a * d;
            if (d == 0.0) {
                d = tiny;
            }
            d = 1.0 / d;
            c = x + a / c;
            if (c == 0.0) {
                c = tiny;
            }
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1.0) < 1e-16) {
                break;
            }
        }
        return ONE_OVER_SQRT_PI * Math.exp(-x * x) / f;
    }
}
