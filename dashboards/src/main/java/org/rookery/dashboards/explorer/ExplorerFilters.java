package org.rookery.dashboards.explorer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Params;
import org.rookery.dashboards.http.Text;

/**
 * The opening explorer's filters, as lichess's explorer takes them, over the columns of
 * {@code openings_breakdown}: {@code ratings} (lichess's band lower bounds 0, 1000, 1200, 1400,
 * 1600, 1800, 2000, 2200, 2500, each up to the next, of the mean rating; or {@code unrated}),
 * {@code speeds} (lichess's names in any case, plus {@code unknown}), {@code since} and
 * {@code until} ({@code YYYY} or {@code YYYY-MM}, inclusive), {@code sources} ({@code import},
 * {@code gauntlet}) and, for {@code /masters}, only games of two players rated 2200 or more.
 *
 * @param ratings band lower bounds kept (empty: all)
 * @param unrated whether games without both ratings are kept when {@code ratings} is given
 * @param speeds time-control classes kept, lower case (empty: all)
 * @param sinceMonth first {@code yyyymm} kept, or null
 * @param untilMonth last {@code yyyymm} kept, or null
 * @param sources game sources kept (empty: all)
 * @param mastersOnly only games where both players are rated 2200 or more
 * @param variant {@code standard} or {@code chess960}: each is counted apart
 */
public record ExplorerFilters(List<Integer> ratings, boolean unrated, List<String> speeds, Integer sinceMonth,
        Integer untilMonth, List<String> sources, boolean mastersOnly, String variant) {
    /** The variants the explorer keeps apart, as lichess names them. */
    public static final List<String> VARIANTS = List.of("standard", "chess960");

    /** lichess's rating bands, by lower bound; each reaches up to the next. */
    public static final List<Integer> RATING_BOUNDS = List.of(0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500);
    public static final String UNRATED = "unrated";
    public static final List<String> SPEEDS =
            List.of("ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence", "unknown");
    public static final Set<String> SOURCES = Set.of("import", "gauntlet");

    /** The filters of a request; a value Rookery cannot honour is a 400 naming its parameter. */
    public static ExplorerFilters of(Params p, boolean mastersOnly) {
        List<Integer> ratings = new ArrayList<>();
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
            if (!RATING_BOUNDS.contains(low)) {
                throw ApiException.badParameter("ratings", low + " is not a band; lichess's bands start at " + RATING_BOUNDS
                        + " (or 'unrated')");
            }
            ratings.add(low);
        }
        List<String> speeds = new ArrayList<>();
        for (String s : p.list("speeds")) {
            String lower = s.toLowerCase(Locale.ROOT);
            if (!SPEEDS.contains(lower)) throw ApiException.badParameter("speeds", "unknown speed; use some of " + SPEEDS);
            speeds.add(lower);
        }
        Integer since = month(p, "since", false);
        Integer until = month(p, "until", true);
        if (since != null && until != null && since > until) throw ApiException.badParameter("until", "is before since");
        List<String> sources = p.list("sources");
        for (String s : sources) {
            if (!SOURCES.contains(s)) throw ApiException.badParameter("sources", "unknown source; use import and/or gauntlet");
        }
        if (p.get("modes") != null) {
            throw ApiException.badParameter("modes", "Rookery's games have no rated/casual mode to filter by");
        }
        String variant = p.get("variant");
        if (variant == null || variant.isEmpty() || variant.equals("chess")) variant = "standard";
        if (!VARIANTS.contains(variant)) {
            throw ApiException.badParameter("variant", "unknown variant " + Text.clip(variant) + "; use one of " + VARIANTS);
        }
        return new ExplorerFilters(List.copyOf(ratings), unrated, List.copyOf(speeds), since, until, List.copyOf(sources),
                mastersOnly, variant);
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

    /** Appends " AND ..." conditions over {@code openings_breakdown}, with '?' placeholders added to {@code args}. */
    public void appendWhere(StringBuilder sql, List<Object> args) {
        if (!ratings.isEmpty() || unrated) {
            List<String> any = new ArrayList<>();
            for (int low : ratings) {
                int i = RATING_BOUNDS.indexOf(low);
                if (i + 1 < RATING_BOUNDS.size()) {
                    any.add("(" + OpeningsBreakdown.RATING_BAND + " >= ? AND " + OpeningsBreakdown.RATING_BAND + " < ?)");
                    args.add(low == 0 ? Integer.MIN_VALUE : low);
                    args.add(RATING_BOUNDS.get(i + 1));
                } else {
                    any.add(OpeningsBreakdown.RATING_BAND + " >= ?");
                    args.add(low);
                }
            }
            if (unrated) any.add(OpeningsBreakdown.RATING_BAND + " IS NULL");
            sql.append(" AND (").append(String.join(" OR ", any)).append(')');
        }
        in(sql, args, OpeningsBreakdown.SPEED, speeds);
        in(sql, args, Games.SOURCE, sources);
        if (sinceMonth != null) {
            sql.append(" AND ").append(OpeningsBreakdown.MONTH).append(" >= ?");
            args.add(sinceMonth);
        }
        if (untilMonth != null) {
            sql.append(" AND ").append(OpeningsBreakdown.MONTH).append(" <= ?");
            args.add(untilMonth);
        }
        if (mastersOnly) sql.append(" AND ").append(OpeningsBreakdown.MASTERS);
        sql.append(" AND ").append(Games.VARIANT).append(" = ?");
        args.add(variant);
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
