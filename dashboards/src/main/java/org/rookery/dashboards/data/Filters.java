package org.rookery.dashboards.data;

import java.util.List;
import java.util.Set;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Params;

/**
 * The filters the explorer, draw-rule and endgame pages share, over the columns every aggregate
 * table carries: {@code rating_band}, {@code speed}, {@code year} and {@code source}.
 *
 * <p>Parameters, as the lichess explorer spells them where it has them: {@code ratings} (band lower
 * bounds, e.g. {@code 1600,1800}), {@code speeds} (e.g. {@code blitz,rapid}), {@code since} and
 * {@code until} (years, inclusive) and {@code sources} ({@code import}, {@code gauntlet}).
 *
 * @param ratings rating bands to keep (empty: all, including games without ratings)
 * @param speeds time-control classes to keep (empty: all)
 * @param since first year kept, or null
 * @param until last year kept, or null
 * @param sources game sources to keep (empty: all)
 */
public record Filters(List<Integer> ratings, List<String> speeds, Integer since, Integer until, List<String> sources) {
    /** The lower bounds of lichess's explorer rating bands; {@code rating_band} holds one of them. */
    public static final List<Integer> RATING_BANDS = List.of(0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500);
    /** Time-control classes, named as lichess names them, plus "unknown" for a missing tag. */
    public static final List<String> SPEEDS =
            List.of("ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence", "unknown");
    public static final Set<String> SOURCES = Set.of("import", "gauntlet");

    public static final Filters NONE = new Filters(List.of(), List.of(), null, null, List.of());

    public static Filters of(Params p) {
        List<Integer> ratings = p.intList("ratings", 0, 4000);
        for (int r : ratings) {
            if (!RATING_BANDS.contains(r)) throw ApiException.badParameter("ratings", r + " is not a band; bands start at " + RATING_BANDS);
        }
        List<String> speeds = p.list("speeds");
        for (String s : speeds) {
            if (!SPEEDS.contains(s)) throw ApiException.badParameter("speeds", "unknown speed; use some of " + SPEEDS);
        }
        Integer since = p.get("since") == null ? null : p.intValue("since", 0, 1000, 3000);
        Integer until = p.get("until") == null ? null : p.intValue("until", 0, 1000, 3000);
        if (since != null && until != null && since > until) throw ApiException.badParameter("until", "is before since");
        List<String> sources = p.list("sources");
        for (String s : sources) {
            if (!SOURCES.contains(s)) throw ApiException.badParameter("sources", "unknown source; use import and/or gauntlet");
        }
        return new Filters(ratings, speeds, since, until, sources);
    }

    /** Whether no filter is set. */
    public boolean isEmpty() {
        return ratings.isEmpty() && speeds.isEmpty() && sources.isEmpty() && since == null && until == null;
    }

    /** Appends " AND ..." conditions for the set filters, with '?' placeholders added to {@code args}. */
    public void appendWhere(StringBuilder sql, List<Object> args) {
        in(sql, args, "rating_band", ratings);
        in(sql, args, "speed", speeds);
        in(sql, args, "source", sources);
        if (since != null) {
            sql.append(" AND year >= ?");
            args.add(since);
        }
        if (until != null) {
            sql.append(" AND year <= ?");
            args.add(until);
        }
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
