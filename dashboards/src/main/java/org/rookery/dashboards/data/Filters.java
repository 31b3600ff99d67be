package org.rookery.dashboards.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rookery.contract.schema.DrawRules;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Params;
import org.rookery.dashboards.http.Text;

/**
 * The filters of the explorer and the draw-rules page, one type over the dimension columns the
 * {@code analyze} jobs write. Parameters, as the lichess explorer spells them: {@code ratings}
 * (band lower bounds, or {@code unrated}), {@code speeds} (lichess's names in any case, plus
 * {@code unknown}), {@code since} and {@code until} (inclusive) and {@code sources}
 * ({@code import}, {@code gauntlet}). The two tables differ only in their bands and time columns:
 *
 * <ul>
 *   <li>{@link Table#OPENINGS_BREAKDOWN} (the explorer, {@link #explorer}): lichess's bands 0, 1000,
 *       1200, 1400, 1600, 1800, 2000, 2200, 2500, each up to the next, over the 100-point
 *       {@code rating_band}; {@code since}/{@code until} as {@code YYYY} or {@code YYYY-MM} over
 *       {@code month}; a {@code variant} ({@code standard} or {@code chess960}, counted apart); and
 *       for {@code /masters} only masters games.</li>
 *   <li>{@link Table#DRAW_RULES} ({@link #drawRules}): 200-point bands {@code <1000},
 *       {@code 1000-1199}, ..., {@code 2600+} and {@code unrated} over the band names of
 *       {@code rating_band}; {@code since}/{@code until} as years over {@code year}.</li>
 * </ul>
 *
 * @param table the table filtered, which fixes the bands and time column
 * @param ratings band lower bounds kept (empty: all, unless {@code unrated})
 * @param unrated whether games without both ratings are kept when a rating filter is given
 * @param speeds time-control classes kept, lower case (empty: all)
 * @param since first {@code yyyymm} (explorer) or year (draw rules) kept, or null
 * @param until last {@code yyyymm} or year kept, or null
 * @param sources game sources kept (empty: all)
 * @param mastersOnly only masters games (explorer)
 * @param variant the explorer's variant, null for draw rules
 */
public record Filters(Table table, List<Integer> ratings, boolean unrated, List<String> speeds, Integer since,
        Integer until, List<String> sources, boolean mastersOnly, String variant) {
    /** The table a filter is over: its bands and time column. */
    public enum Table {
        OPENINGS_BREAKDOWN, DRAW_RULES
    }

    /** The variants the explorer keeps apart, as lichess names them. */
    public static final List<String> VARIANTS = List.of("standard", "chess960");
    /** lichess's rating bands, by lower bound; each reaches up to the next. */
    public static final List<Integer> LICHESS_BANDS = List.of(0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500);
    /** Lower bounds of the draw-rules page's 200-point bands. */
    public static final List<Integer> DRAW_RULES_BANDS = List.of(0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600);
    public static final String UNRATED = "unrated";
    public static final List<String> SPEEDS =
            List.of("ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence", "unknown");
    public static final Set<String> SOURCES = Set.of("import", "gauntlet");

    /** The explorer's filters of a request; a value Rookery cannot honour is a 400 naming its parameter. */
    public static Filters explorer(Params p, boolean mastersOnly) {
        List<Integer> ratings = new ArrayList<>();
        boolean unrated = ratings(p, LICHESS_BANDS, "lichess's bands start at ", " (or 'unrated')", ratings);
        Integer since = month(p, "since", false);
        Integer until = month(p, "until", true);
        if (since != null && until != null && since > until) throw ApiException.badParameter("until", "is before since");
        if (p.get("modes") != null) {
            throw ApiException.badParameter("modes", "Rookery's games have no rated/casual mode to filter by");
        }
        String variant = p.get("variant");
        if (variant == null || variant.isEmpty() || variant.equals("chess")) variant = "standard";
        if (!VARIANTS.contains(variant)) {
            throw ApiException.badParameter("variant", "unknown variant " + Text.clip(variant) + "; use one of " + VARIANTS);
        }
        return new Filters(Table.OPENINGS_BREAKDOWN, List.copyOf(ratings), unrated, speeds(p), since, until, sources(p),
                mastersOnly, variant);
    }

    /** The draw-rules page's filters of a request; a bad value is a 400 naming its parameter. */
    public static Filters drawRules(Params p) {
        List<Integer> ratings = new ArrayList<>();
        boolean unrated = ratings(p, DRAW_RULES_BANDS, "bands start at ", " or are 'unrated'", ratings);
        List<String> speeds = speeds(p);
        Integer since = p.get("since") == null ? null : p.intValue("since", 0, 1000, 3000);
        Integer until = p.get("until") == null ? null : p.intValue("until", 0, 1000, 3000);
        if (since != null && until != null && since > until) throw ApiException.badParameter("until", "is before since");
        return new Filters(Table.DRAW_RULES, List.copyOf(ratings), unrated, speeds, since, until, sources(p), false, null);
    }

    /** The draw-rules band name of a lower bound: 0 is "<1000", 2600 is "2600+", else "LOW-(LOW+199)". */
    public static String bandName(int low) {
        if (low == 0) return "<1000";
        if (low == 2600) return "2600+";
        return low + "-" + (low + 199);
    }

    /** Adds the {@code ratings} lower bounds to {@code into}; returns whether {@code unrated} was given. */
    private static boolean ratings(Params p, List<Integer> bounds, String known, String orUnrated, List<Integer> into) {
        boolean unrated = false;
        for (String r : p.list("ratings")) {
            if (r.equalsIgnoreCase(UNRATED)) {
                unrated = true;
                continue;
            }
            int low;
            try {
                low = Integer.parseInt(r);
            } catch (NumberFormatException e) {
                throw ApiException.badParameter("ratings", "not a band: " + Text.clip(r));
            }
            if (!bounds.contains(low)) throw ApiException.badParameter("ratings", low + " is not a band; " + known + bounds + orUnrated);
            into.add(low);
        }
        return unrated;
    }

    private static List<String> speeds(Params p) {
        List<String> speeds = new ArrayList<>();
        for (String s : p.list("speeds")) {
            String lower = s.toLowerCase(Locale.ROOT);
            if (!SPEEDS.contains(lower)) throw ApiException.badParameter("speeds", "unknown speed; use some of " + SPEEDS);
            speeds.add(lower);
        }
        return List.copyOf(speeds);
    }

    private static List<String> sources(Params p) {
        List<String> sources = p.list("sources");
        for (String s : sources) {
            if (!SOURCES.contains(s)) throw ApiException.badParameter("sources", "unknown source; use import and/or gauntlet");
        }
        return List.copyOf(sources);
    }

    /**
     * {@code YYYY} or {@code YYYY-MM} as {@code yyyymm}: a year alone is its month 0 for {@code since}
     * (so games dated by the year only are in) and its month 12 for {@code until}.
     */
    static Integer month(Params p, String name, boolean upper) {
        String v = p.get(name);
        if (v == null || v.isEmpty()) return null;
        v = v.trim();
        if (v.matches("[0-9]{4}")) return Integer.parseInt(v) * 100 + (upper ? 12 : 0);
        if (v.matches("[0-9]{4}-(0[1-9]|1[0-2])")) return Integer.parseInt(v.substring(0, 4)) * 100 + Integer.parseInt(v.substring(5));
        throw ApiException.badParameter(name, "not YYYY or YYYY-MM: " + Text.clip(v));
    }

    /** Appends " AND ..." conditions over {@link #table}, with '?' placeholders added to {@code args}. */
    public void appendWhere(StringBuilder sql, List<Object> args) {
        boolean explorer = table == Table.OPENINGS_BREAKDOWN;
        if (explorer) appendBands(sql, args);
        else {
            List<String> names = new ArrayList<>();
            for (int low : ratings) names.add(bandName(low));
            if (unrated) names.add(UNRATED);
            in(sql, args, DrawRules.RATING_BAND, names);
        }
        in(sql, args, explorer ? OpeningsBreakdown.SPEED : DrawRules.TIME_CONTROL_CLASS, speeds);
        in(sql, args, Games.SOURCE, sources);
        String time = explorer ? OpeningsBreakdown.MONTH : DrawRules.YEAR;
        if (since != null) {
            sql.append(" AND ").append(time).append(" >= ?");
            args.add(since);
        }
        if (until != null) {
            sql.append(" AND ").append(time).append(" <= ?");
            args.add(until);
        }
        if (!explorer) return;
        if (mastersOnly) sql.append(" AND ").append(OpeningsBreakdown.MASTERS);
        sql.append(" AND ").append(Games.VARIANT).append(" = ?");
        args.add(variant);
    }

    /**
     * Whether an explorer row of this {@code rating_band} passes, as {@link #appendWhere}'s SQL decides:
     * the same ranges, and a NULL band passes only {@code unrated} (or no rating filter).
     */
    public boolean keepsBand(Integer band) {
        explorerOnly();
        if (ratings.isEmpty() && !unrated) return true;
        if (band == null) return unrated;
        for (int low : ratings) {
            int i = LICHESS_BANDS.indexOf(low);
            boolean below = i + 1 >= LICHESS_BANDS.size() || band < LICHESS_BANDS.get(i + 1);
            if (band >= low && below || low == 0 && below) return true;
        }
        return false;
    }

    /** Whether an explorer row of this {@code speed} passes, as the SQL's {@code IN} list decides (NULL never). */
    public boolean keepsSpeed(String speed) {
        explorerOnly();
        return speeds.isEmpty() || speed != null && speeds.contains(speed);
    }

    /** Whether an explorer row of this {@code source} passes, as the SQL's {@code IN} list decides (NULL never). */
    public boolean keepsSource(String source) {
        explorerOnly();
        return sources.isEmpty() || source != null && sources.contains(source);
    }

    /** Whether an explorer row of this {@code month} passes {@code since}/{@code until} (a NULL month passes neither). */
    public boolean keepsMonth(Integer month) {
        explorerOnly();
        return (since == null || month != null && month >= since) && (until == null || month != null && month <= until);
    }

    /** Whether an explorer row with this {@code masters} flag passes ({@code /masters} keeps true only). */
    public boolean keepsMasters(Boolean masters) {
        explorerOnly();
        return !mastersOnly || Boolean.TRUE.equals(masters);
    }

    /** Whether an explorer row of this {@code variant} passes (NULL never). */
    public boolean keepsVariant(String variant) {
        explorerOnly();
        return this.variant.equals(variant);
    }

    private void explorerOnly() {
        if (table != Table.OPENINGS_BREAKDOWN) throw new IllegalStateException("the keeps* predicates are the explorer's");
    }

    /** lichess's bands as ranges of the 100-point {@code rating_band}; {@code unrated} is its null. */
    private void appendBands(StringBuilder sql, List<Object> args) {
        if (ratings.isEmpty() && !unrated) return;
        List<String> any = new ArrayList<>();
        for (int low : ratings) {
            int i = LICHESS_BANDS.indexOf(low);
            if (i + 1 < LICHESS_BANDS.size()) {
                any.add("(" + OpeningsBreakdown.RATING_BAND + " >= ? AND " + OpeningsBreakdown.RATING_BAND + " < ?)");
                args.add(low == 0 ? Integer.MIN_VALUE : low);
                args.add(LICHESS_BANDS.get(i + 1));
            } else {
                any.add(OpeningsBreakdown.RATING_BAND + " >= ?");
                args.add(low);
            }
        }
        if (unrated) any.add(OpeningsBreakdown.RATING_BAND + " IS NULL");
        sql.append(" AND (").append(String.join(" OR ", any)).append(')');
    }

    private static void in(StringBuilder sql, List<Object> args, String column, List<?> values) {
        if (values.isEmpty()) return;
        sql.append(" AND ").append(column).append(" IN (");
        for (int i = 0; i < values.size(); i++) {
            sql.append(i == 0 ? "?" : ", ?");
            args.add(values.get(i));
        }
        sql.append(')');
    }
}
