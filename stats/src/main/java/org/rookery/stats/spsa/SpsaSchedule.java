package org.rookery.stats.spsa;

/**
 * The gain schedules of a run of {@code pairs} iterations (one game pair each), as fishtest derives
 * them: {@code c = C_END · N^gamma}, {@code a = R_END · C_END² · (A + N)^alpha},
 * {@code c_k = c / k^gamma}, {@code a_k = a / (A + k)^alpha}, for k = 1 … N. So at k = N the
 * perturbation is exactly C_END and {@code a_N / c_N²} exactly R_END.
 *
 * @param pairs iterations N
 * @param bigA  the stability constant A (fishtest: 0.1 · N)
 * @param alpha decay exponent of {@code a_k} (0.602)
 * @param gamma decay exponent of {@code c_k} (0.101)
 */
public record SpsaSchedule(int pairs, double bigA, double alpha, double gamma) {
    /** fishtest's alpha. */
    public static final double ALPHA = 0.602;
    /** fishtest's gamma. */
    public static final double GAMMA = 0.101;
    /** fishtest's A as a fraction of N. */
    public static final double A_RATIO = 0.1;

    public SpsaSchedule {
        if (pairs <= 0) throw new IllegalArgumentException("-pairs must be positive, got " + pairs);
        if (!(bigA >= 0)) throw new IllegalArgumentException("A must be ≥ 0, got " + bigA);
        if (!(alpha > 0) || !(gamma > 0)) throw new IllegalArgumentException("alpha and gamma must be positive");
    }

    /** fishtest's defaults for N pairs: A = 0.1 · N, alpha 0.602, gamma 0.101. */
    public static SpsaSchedule fishtest(int pairs) {
        return new SpsaSchedule(pairs, A_RATIO * pairs, ALPHA, GAMMA);
    }

    /** {@code c = C_END · N^gamma}. */
    public double c(SpsaParameter p) {
        return p.cEnd() * Math.pow(pairs, gamma);
    }

    /** {@code a = R_END · C_END² · (A + N)^alpha}. */
    public double a(SpsaParameter p) {
        return p.rEnd() * p.cEnd() * p.cEnd() * Math.pow(bigA + pairs, alpha);
    }

    /** {@code c_k = c / k^gamma} (k from 1). */
    public double ck(SpsaParameter p, long k) {
        return c(p) / Math.pow(k, gamma);
    }

    /** {@code a_k = a / (A + k)^alpha} (k from 1). */
    public double ak(SpsaParameter p, long k) {
        return a(p) / Math.pow(bigA + k, alpha);
    }
}
