package org.rookery.contract.dimensions;

import org.rookery.contract.schema.Games;

/**
 * The rating band of a game: the 200-point band of the players' mean rating ({@code <1000},
 * {@code 1000-1199}, ..., {@code 2600+}), {@link #UNRATED} unless both ratings are known. The jobs
 * compute it in Java with {@link #of}; the dashboard runs {@link #SQL}, built from the same bounds.
 */
public final class RatingBand {
    private RatingBand() {
    }

    /** Band name for games lacking a rating. */
    public static final String UNRATED = "unrated";
    /** Means below this share the band {@code <FLOOR}. */
    public static final int FLOOR = 1000;
    /** Means from this up share the band {@code CEILING+}. */
    public static final int CEILING = 2600;
    /** Width of the bands between. */
    public static final int WIDTH = 200;

    /** The band of the two ratings (either may be null). */
    public static String of(Integer whiteElo, Integer blackElo) {
        if (whiteElo == null || blackElo == null || whiteElo <= 0 || blackElo <= 0) {
            return UNRATED;
        }
        int mean = (whiteElo + blackElo) / 2;
        if (mean < FLOOR) {
            return "<" + FLOOR;
        }
        if (mean >= CEILING) {
            return CEILING + "+";
        }
        int low = mean / WIDTH * WIDTH;
        return low + "-" + (low + WIDTH - 1);
    }

    /** {@link #of} over the {@code games} columns, in DuckDB SQL. */
    public static final String SQL = sql(Games.WHITE_ELO, Games.BLACK_ELO);

    private static String sql(String w, String b) {
        String mean = "(" + w + " + " + b + ") // 2";
        return "CASE WHEN " + w + " IS NULL OR " + b + " IS NULL OR " + w + " <= 0 OR " + b + " <= 0 "
                + "THEN '" + UNRATED + "' WHEN " + mean + " < " + FLOOR + " THEN '<" + FLOOR + "' "
                + "WHEN " + mean + " >= " + CEILING + " THEN '" + CEILING + "+' "
                + "ELSE CAST(" + mean + " // " + WIDTH + " * " + WIDTH + " AS VARCHAR) || '-' "
                + "|| CAST(" + mean + " // " + WIDTH + " * " + WIDTH + " + " + (WIDTH - 1) + " AS VARCHAR) END";
    }
}
