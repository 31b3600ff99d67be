package org.rookery.workers.match;

/**
 * Decimal text of scaled integers without {@link String#format}, which built a {@code Formatter} and looked up
 * locale symbols for every move comment (a fifth of the game thread's CPU in a JFR profile). The output equals
 * {@code String.format(Locale.ROOT, "%.Nf", value / 10^N)}, which is exact for these values.
 */
final class FixedPoint {
    private FixedPoint() {}

    /** Appends {@code value / 10^decimals} with exactly {@code decimals} digits after the point (1 to 3). */
    static StringBuilder append(StringBuilder sb, long value, int decimals) {
        long scale = decimals == 1 ? 10 : decimals == 2 ? 100 : 1000;
        if (value < 0) {
            sb.append('-');
            value = -value;
        }
        long frac = value % scale;
        sb.append(value / scale).append('.');
        for (long d = scale / 10; d > 1 && frac < d; d /= 10) sb.append('0');
        return sb.append(frac);
    }

    /** Appends {@code value} with at least two digits ({@code %02d} for non-negative values). */
    static StringBuilder twoDigits(StringBuilder sb, long value) {
        if (value < 10) sb.append('0');
        return sb.append(value);
    }
}
