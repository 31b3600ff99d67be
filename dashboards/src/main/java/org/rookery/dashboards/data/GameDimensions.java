package org.rookery.dashboards.data;

/**
 * SQL expressions over the {@code games} columns that give each game the dimension values the
 * {@code analyze} jobs write into their tables ({@code rating_band}, {@code time_control_class},
 * {@code year}), so the dashboard can break down what no job broke down (the explorer by filter).
 * They follow the jobs' rules for standard PGN TimeControl values ({@code -}, {@code ?},
 * {@code B}, {@code B+I}, {@code M/B}, {@code M/B+I}, periods joined by ':' using the first);
 * anything else is {@code unknown}.
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

    /** Estimated seconds of a game: base + 40 × increment, a period of M moves scaled to 40 moves. */
    private static final String FIRST = "split_part(trim(time_control), ':', 1)";
    private static final String ESTIMATE = "CASE "
            + "WHEN regexp_matches(" + FIRST + ", '^[0-9]+(\\.[0-9]+)?(\\+[0-9]+(\\.[0-9]+)?)?$') THEN "
            + "TRY_CAST(split_part(" + FIRST + ", '+', 1) AS DOUBLE) + 40 * coalesce(TRY_CAST(nullif(split_part(" + FIRST
            + ", '+', 2), '') AS DOUBLE), 0) "
            + "WHEN regexp_matches(" + FIRST + ", '^[0-9]+/[0-9]+(\\.[0-9]+)?(\\+[0-9]+(\\.[0-9]+)?)?$') THEN "
            + "TRY_CAST(split_part(split_part(" + FIRST + ", '/', 2), '+', 1) AS DOUBLE) * 40 / "
            + "nullif(TRY_CAST(split_part(" + FIRST + ", '/', 1) AS DOUBLE), 0) + 40 * coalesce(TRY_CAST(nullif(split_part("
            + FIRST + ", '+', 2), '') AS DOUBLE), 0) END";

    static final String TIME_CONTROL_CLASS = "CASE WHEN time_control IS NULL OR trim(time_control) IN ('', '?') THEN 'unknown' "
            + "WHEN trim(time_control) = '-' THEN 'correspondence' "
            + "WHEN (" + ESTIMATE + ") IS NULL THEN 'unknown' "
            + "WHEN (" + ESTIMATE + ") < 30 THEN 'ultrabullet' "
            + "WHEN (" + ESTIMATE + ") < 180 THEN 'bullet' "
            + "WHEN (" + ESTIMATE + ") < 480 THEN 'blitz' "
            + "WHEN (" + ESTIMATE + ") < 1500 THEN 'rapid' "
            + "ELSE 'classical' END";
}
