package org.rookery.contract.dimensions;

import org.rookery.contract.schema.Games;

/**
 * The month of a game as {@code yyyymm} from its PGN date ({@code 2019.03.??} is 201903), with
 * {@code mm} 0 when only the year is known ({@code 2019.??.??} is 201900), or null when the year is
 * unknown (as {@link GameYear}). The jobs compute it with {@link #of}; the dashboard runs {@link #SQL}.
 */
public final class GameMonth {
    private GameMonth() {
    }

    /** The month of {@code date}, or null if its year is unknown. */
    public static Integer of(String date) {
        Integer year = GameYear.of(date);
        if (year == null) {
            return null;
        }
        int month = 0;
        if (date.length() >= 7 && date.charAt(4) == '.' && Character.isDigit(date.charAt(5)) && Character.isDigit(date.charAt(6))) {
            int m = (date.charAt(5) - '0') * 10 + (date.charAt(6) - '0');
            month = m >= 1 && m <= 12 ? m : 0;
        }
        return year * 100 + month;
    }

    /** {@link #of} over the {@code games.date} column, in DuckDB SQL. */
    public static final String SQL = "CASE WHEN (" + GameYear.SQL + ") IS NULL THEN NULL ELSE (" + GameYear.SQL
            + ") * 100 + CASE WHEN regexp_matches(" + Games.DATE + ", '^.{4}\\.(0[1-9]|1[0-2])') THEN CAST(substr("
            + Games.DATE + ", 6, 2) AS INTEGER) ELSE 0 END END";
}
