package org.rookery.jobs.stats;

import java.util.HashMap;
import java.util.Map;
import org.rookery.core.clock.SpeedClass;

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
    public static final String UNKNOWN = SpeedClass.UNKNOWN;

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

    /** The tag's {@link SpeedClass}, memoized in {@code cache} (may be null). */
    public static String timeControlClass(String tag, Map<String, String> cache) {
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

    /** A cache for {@link #timeControlClass}, one per task. */
    public static Map<String, String> newCache() {
        return new HashMap<>();
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
