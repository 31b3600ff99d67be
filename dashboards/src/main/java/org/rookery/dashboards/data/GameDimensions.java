package org.rookery.dashboards.data;

/**
 * SQL expressions over the {@code games} columns that give each game the dimension values the
 * {@code analyze} jobs write into their tables ({@code rating_band}, {@code time_control_class},
 * {@code year}), so the dashboard can break down what no job broke down (the explorer by filter).
 * The time-control class is {@link org.rookery.core.clock.SpeedClass}, the jobs' definition, in SQL.
 */
final class GameDimensions {
    private GameDimensions() {
    }

    static final String RATING_BAND = "CASE WHEN white_elo IS NULL OR black_elo IS NULL OR white_elo <= 0 OR black_elo <= 0 "
            + "THEN 'unrated' WHEN (white_elo + black_elo) // 2 < 1000 THEN '<1000' "
            + "WHEN (white_elo + black_elo) // 2 >= 2600 THEN '2600+' "
            + "ELSE CAST((white_elo + black_elo) // 2 // 200 * 200 AS VARCHAR) || '-' "
            + "|| CAST((white_elo + black_elo) // 2 // 200 * 200 + 199 AS VARCHAR) END";

    static final String YEAR = "CASE WHEN regexp_matches(date, '^[0-9]{4}') AND TRY_CAST(substr(date, 1, 4) AS INTEGER) > 0 "
            + "THEN TRY_CAST(substr(date, 1, 4) AS INTEGER) END";

    /**
     * Estimated seconds of a game, as {@link org.rookery.core.clock.SpeedClass} reads a tag: base + 40 ×
     * increment, a period of M moves scaled to 40 moves, the sandclock {@code *B}, and fixed time per
     * move ({@code N/move}, {@code st=N}) as 40 moves' worth.
     */
    private static final String TAG = "trim(time_control)";
    private static final String FIRST = "split_part(" + TAG + ", ':', 1)";
    private static final String NUMBER = "[0-9]+(\\.[0-9]+)?";
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

    static final String TIME_CONTROL_CLASS = "CASE WHEN time_control IS NULL OR " + TAG + " IN ('', '?') THEN 'unknown' "
            + "WHEN " + TAG + " IN ('-', 'inf') THEN 'correspondence' "
            + "WHEN coalesce((" + ESTIMATE + ") <= 0, true) THEN 'unknown' "
            + "WHEN (" + ESTIMATE + ") < 30 THEN 'ultrabullet' "
            + "WHEN (" + ESTIMATE + ") < 180 THEN 'bullet' "
            + "WHEN (" + ESTIMATE + ") < 480 THEN 'blitz' "
            + "WHEN (" + ESTIMATE + ") < 1500 THEN 'rapid' "
            + "ELSE 'classical' END";
}
