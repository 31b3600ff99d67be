package org.rookery.contract.dimensions;

import org.rookery.contract.schema.Games;

/**
 * The year of a game: the first four characters of its PGN date ({@code YYYY.MM.DD}, {@code ?}
 * parts allowed) when they are digits other than {@code 0000}, else null. {@link #of} for the jobs,
 * {@link #SQL} for the dashboard.
 */
public final class GameYear {
    private GameYear() {
    }

    /** The year of {@code date}, or null if unknown. */
    public static Integer of(String date) {
        if (date == null || date.length() < 4) {
            return null;
        }
        int y = 0;
        for (int i = 0; i < 4; i++) {
            char c = date.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            y = y * 10 + (c - '0');
        }
        return y == 0 ? null : y;
    }

    /** {@link #of} over the {@code games.date} column, in DuckDB SQL. */
    public static final String SQL = "CASE WHEN regexp_matches(" + Games.DATE + ", '^[0-9]{4}') AND TRY_CAST(substr("
            + Games.DATE + ", 1, 4) AS INTEGER) > 0 THEN TRY_CAST(substr(" + Games.DATE + ", 1, 4) AS INTEGER) END";
}
