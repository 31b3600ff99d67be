package org.rookery.endgame.index;

/**
 * Division of non-negative ints by one fixed divisor as a multiply and a shift. Decoding a slot
 * divides by the group sizes and the king-pair count, which the JIT cannot turn into constants,
 * and a hardware division costs tens of cycles where the multiply costs a few.
 *
 * <p>With {@code s = 31 + ceil(log2 d)} and {@code m = ceil(2^s / d)}, {@code (n * m) >>> s} is
 * exactly {@code n / d} for every {@code 0 <= n < 2^31}: {@code m * d - 2^s < d}, so the error
 * {@code n * (m * d - 2^s) / (d * 2^s)} stays below {@code 1 / d}; and {@code n * m < 2^63}.
 */
final class Divisor {
    final int d;
    private final long m;
    private final int s;

    Divisor(int d) {
        if (d < 1) throw new IllegalArgumentException("divisor " + d);
        this.d = d;
        int log = 32 - Integer.numberOfLeadingZeros(d - 1); // ceil(log2 d)
        s = 31 + log;
        m = ((1L << s) + d - 1) / d;
    }

    /** {@code n / d} for {@code 0 <= n < 2^31}. */
    int div(int n) {
        return (int) ((n * m) >>> s);
    }
}
