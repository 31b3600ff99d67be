package org.rookery.dashboards.explorer;

/**
 * A performance rating as lichess's explorer reports it: the opponents' exact average rating plus
 * FIDE's rating difference {@code dp} (table 8.1(a)) for the score percentage {@code p}, with
 * {@code dp} interpolated linearly between the table's whole percentages, rounded once at the end
 * (half away from zero). One win against 1500 is 2300; 5 wins of 100 against 0 is -470.
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
     * The performance of {@code wins}, {@code draws} and {@code losses} against opponents whose
     * ratings sum to {@code opponentRatingSum} over {@code opponentsRated} games, or null without
     * games or without an opponent rating.
     */
    public static Integer of(long opponentRatingSum, long opponentsRated, long wins, long draws, long losses) {
        long games = wins + draws + losses;
        if (games == 0 || opponentsRated == 0) return null;
        double p = (100.0 * wins + 50.0 * draws) / games;
        int whole = (int) p;
        double part = p - whole;
        double dp = dp(whole) * (1 - part) + (whole < 100 ? dp(whole + 1) : DP[50]) * part;
        return (int) roundHalfAway((double) opponentRatingSum / opponentsRated + dp);
    }

    /** The average {@code sum / n} rounded half away from zero, as lichess rounds its averages; null when {@code n} is 0. */
    public static Integer average(long sum, long n) {
        return n == 0 ? null : (int) roundHalfAway((double) sum / n);
    }

    private static long roundHalfAway(double x) {
        return x < 0 ? -Math.round(-x) : Math.round(x);
    }
}
