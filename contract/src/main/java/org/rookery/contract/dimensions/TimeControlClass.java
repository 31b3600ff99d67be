package org.rookery.contract.dimensions;

import java.util.HashMap;
import java.util.Map;
import org.rookery.contract.schema.Games;
import org.rookery.core.clock.SpeedClass;

/**
 * The time-control class of a game: {@link SpeedClass} of its {@code TimeControl} tag. {@link #of}
 * for the jobs; {@link #SQL} for the dashboard, whose class bounds come from {@link SpeedClass} and
 * whose tag reading follows {@link SpeedClass#of} form by form (the dashboard's test compares them tag by tag).
 */
public final class TimeControlClass {
    private TimeControlClass() {
    }

    /** Class name for a missing or unreadable TimeControl tag. */
    public static final String UNKNOWN = SpeedClass.UNKNOWN;

    /** The tag's class, memoized in {@code cache} (may be null; see {@link #newCache}). */
    public static String of(String tag, Map<String, String> cache) {
        if (tag == null) {
            return UNKNOWN;
        }
        String cached = cache == null ? null : cache.get(tag);
        if (cached != null) {
            return cached;
        }
        String c = SpeedClass.of(tag);
        if (cache != null && cache.size() < 10_000) {
            cache.put(tag, c);
        }
        return c;
    }

    /** A cache for {@link #of}, one per task (tags repeat a lot; a few thousand distinct ones at most). */
    public static Map<String, String> newCache() {
        return new HashMap<>();
    }

    private static final String TAG = "trim(" + Games.TIME_CONTROL + ")";
    private static final String FIRST = "split_part(" + TAG + ", ':', 1)";
    private static final String NUMBER = "[0-9]+(\\.[0-9]+)?";

    /**
     * Estimated seconds of a game, as {@link SpeedClass} reads a tag: base + 40 × increment, a period
     * of M moves scaled to 40 moves, the sandclock {@code *B}, and fixed time per move
     * ({@code N/move}, {@code st=N}) as 40 moves' worth.
     */
    private static final String ESTIMATE = "CASE "
            + "WHEN regexp_matches(" + FIRST + ", '^" + NUMBER + "(\\+" + NUMBER + ")?$') THEN "
            + "TRY_CAST(split_part(" + FIRST + ", '+', 1) AS DOUBLE) + 40 * coalesce(TRY_CAST(nullif(split_part(" + FIRST
            + ", '+', 2), '') AS DOUBLE), 0) "
            + "WHEN regexp_matches(" + FIRST + ", '^[0-9]{1,9}/" + NUMBER + "(\\+" + NUMBER + ")?$') THEN "
            + "TRY_CAST(split_part(split_part(" + FIRST + ", '/', 2), '+', 1) AS DOUBLE) * 40 / "
            + "nullif(TRY_CAST(split_part(" + FIRST + ", '/', 1) AS DOUBLE), 0) + 40 * coalesce(TRY_CAST(nullif(split_part("
            + FIRST + ", '+', 2), '') AS DOUBLE), 0) "
            + "WHEN regexp_matches(" + FIRST + ", '^\\*" + NUMBER + "$') THEN TRY_CAST(substr(" + FIRST + ", 2) AS DOUBLE) "
            + "WHEN regexp_matches(" + TAG + ", '^st=" + NUMBER + "$') THEN 40 * TRY_CAST(substr(" + TAG + ", 4) AS DOUBLE) "
            + "WHEN regexp_matches(" + TAG + ", '^" + NUMBER + "/move$') THEN 40 * TRY_CAST(split_part(" + TAG
            + ", '/', 1) AS DOUBLE) END";

    /** {@link #of} over the {@code games.time_control} column, in DuckDB SQL. */
    public static final String SQL = sql();

    private static String sql() {
        StringBuilder sb = new StringBuilder("CASE WHEN " + Games.TIME_CONTROL + " IS NULL OR " + TAG
                + " IN ('', '?') THEN '" + UNKNOWN + "' WHEN " + TAG + " IN ('-', 'inf') THEN 'correspondence' "
                + "WHEN coalesce((" + ESTIMATE + ") <= 0, true) THEN '" + UNKNOWN + "' ");
        int last = SpeedClass.TIMED.size() - 1;
        for (int i = 0; i < last; i++) {
            sb.append("WHEN (").append(ESTIMATE).append(") < ").append(bound(SpeedClass.upperSeconds(i)))
                    .append(" THEN '").append(SpeedClass.TIMED.get(i)).append("' ");
        }
        return sb.append("ELSE '").append(SpeedClass.TIMED.get(last)).append("' END").toString();
    }

    private static String bound(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }
}
