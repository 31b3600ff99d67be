package org.rookery.dashboards.explorer;

/**
 * A performance rating as FIDE's table 8.1(a) defines it and lichess's explorer reports it: the
 * opponents' average rating plus the rating difference {@code dp} for the score percentage
 * {@code p}, rounded to a whole percent.
 */
public final class Performance {
    private Performance() {
    }

    /** dp for p = 50 %, 51 %, ..., 100 % (FIDE Handbook B.02, table 8.1(a)); below 50 % it is -dp(100 - p). */
    private static final int[] DP = {0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
        149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401,
        422, 444, 470, 501, 538, 589, 677, 800};

    /** dp for a whole percentage 0..100. */
    public static int dp(int percent) {
        if (percent < 0 || percent > 100) throw new IllegalArgumentException("percent " + percent);
        return percent >= 50 ? DP[percent - 50] : -DP[50 - percent];
    }

    /**
     * The performance of {@code wins}, {@code draws} and {@code losses} against opponents averaging
     * {@code averageOpponentRating}, or null without games or without an opponent rating.
     */
    public static Integer of(Integer averageOpponentRating, long wins, long draws, long losses) {
        long games = wins + draws + losses;
        if (games == 0 || averageOpponentRating == null) return null;
        int percent = (int) Math.round(100.0 * (2 * wins + draws) / (2.0 * games));
        return averageOpponentRating + dp(percent);
    }
}
