package org.rookery.jobs.stats;

import java.util.HashMap;
import java.util.Map;
import org.rookery.core.clock.TimeControl;

/**
 * The breakdowns of the aggregate tables: rating band, time-control class and year. Plain Java, so
 * the classes are the same wherever they are computed.
 */
public final class Dimensions {
    private Dimensions() {
    }

    /** Band name for games lacking a rating. */
    public static final String UNRATED = "unrated";
    /** Class name for a missing or unreadable TimeControl tag. */
    public static final String UNKNOWN = "unknown";

    /**
     * The 200-point band of the players' mean rating: {@code <1000}, {@code 1000-1199}, ...,
     * {@code 2600+}; {@link #UNRATED} unless both ratings are known.
     */
    public static String ratingBand(Integer whiteElo, Integer blackElo) {
        if (whiteElo == null || blackElo == null || whiteElo <= 0 || blackElo <= 0) {
            return UNRATED;
        }
        int mean = (whiteElo + blackElo) / 2;
        if (mean < 1000) {
            return "<1000";
        }
        if (mean >= 2600) {
            return "2600+";
        }
        int low = mean / 200 * 200;
        return low + "-" + (low + 199);
    }

    /**
     * Lichess's classes by estimated game duration, base time plus 40 increments:
     * {@code ultrabullet} (&lt; 30 s), {@code bullet} (&lt; 3 min), {@code blitz} (&lt; 8 min),
     * {@code rapid} (&lt; 25 min), {@code classical}; {@code correspondence} for no clock
     * ({@code -}), {@link #UNKNOWN} when the tag is absent or unreadable. Fixed time per move
     * counts as 40 moves' worth.
     */
    public static String timeControlClass(String tag, Map<String, String> cache) {
        if (tag == null) {
            return UNKNOWN;
        }
        String cached = cache == null ? null : cache.get(tag);
        if (cached != null) {
            return cached;
        }
        String c = classify(tag.trim());
        if (cache != null && cache.size() < 10_000) {
            cache.put(tag, c);
        }
        return c;
    }

    /** A cache for {@link #timeControlClass}, one per task. */
    public static Map<String, String> newCache() {
        return new HashMap<>();
    }

    private static String classify(String tag) {
        if (tag.isEmpty() || tag.equals("?")) {
            return UNKNOWN;
        }
        TimeControl tc;
        try {
            tc = TimeControl.parse(tag);
        } catch (RuntimeException e) {
            return UNKNOWN;
        }
        double seconds;
        switch (tc.kind()) {
            case INFINITE:
                return "correspondence";
            case MOVETIME:
                seconds = 40 * tc.moveTimeNanos() / 1e9;
                break;
            default:
                TimeControl.Period p = tc.period(0);
                double base = p.timeNanos() / 1e9;
                double inc = p.incrementNanos() / 1e9;
                // A period for N moves lasts about N moves: scale it to the 40-move estimate.
                seconds = p.moves() > 0 ? base * 40.0 / p.moves() + 40 * inc : base + 40 * inc;
                break;
        }
        if (seconds < 30) {
            return "ultrabullet";
        }
        if (seconds < 180) {
            return "bullet";
        }
        if (seconds < 480) {
            return "blitz";
        }
        if (seconds < 1500) {
            return "rapid";
        }
        return "classical";
    }

    /** The year of a PGN date ({@code YYYY.MM.DD}, {@code ?} parts allowed), or null if unknown. */
    public static Integer year(String date) {
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
}
