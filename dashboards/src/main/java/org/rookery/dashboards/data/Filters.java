package org.rookery.dashboards.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rookery.contract.schema.DrawRules;
import org.rookery.contract.schema.Games;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Params;
import org.rookery.dashboards.http.Text;

/**
 * The filters the explorer and the draw-rules page share, over the dimension columns the
 * {@code analyze} jobs write: {@code rating_band} (200-point bands of the players' mean rating:
 * {@code <1000}, {@code 1000-1199}, ..., {@code 2600+}, {@code unrated}), {@code time_control_class}
 * (lichess's classes in lower case, plus {@code unknown}), {@code year} and {@code source}.
 *
 * <p>Parameters, as the lichess explorer spells them where it has them: {@code ratings} (band lower
 * bounds, e.g. {@code 1600,1800}; {@code 0} is below 1000, {@code unrated} has no rating),
 * {@code speeds} (e.g. {@code blitz,rapid}; lichess's {@code ultraBullet} is accepted in any case),
 * {@code since} and {@code until} (years, inclusive) and {@code sources} ({@code import},
 * {@code gauntlet}).
 *
 * @param ratings rating band names to keep (empty: all)
 * @param speeds time-control classes to keep (empty: all)
 * @param since first year kept, or null
 * @param until last year kept, or null
 * @param sources game sources to keep (empty: all)
 */
public record Filters(List<String> ratings, List<String> speeds, Integer since, Integer until, List<String> sources) {
    /** Lower bounds accepted by {@code ratings}. */
    public static final List<Integer> RATING_BOUNDS = List.of(0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600);
    public static final String UNRATED = "unrated";
    public static final List<String> SPEEDS =
            List.of("ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence", "unknown");
    public static final Set<String> SOURCES = Set.of("import", "gauntlet");

    public static final Filters NONE = new Filters(List.of(), List.of(), null, null, List.of());

    /** The band name of a lower bound: 0 is "<1000", 2600 is "2600+", else "LOW-(LOW+199)". */
    public static String bandName(int low) {
        if (low == 0) return "<1000";
        if (low == 2600) return "2600+";
        return low + "-" + (low + 199);
    }

    public static Filters of(Params p) {
        List<String> ratings = new ArrayList<>();
        for (String r : p.list("ratings")) {
            if (r.equalsIgnoreCase(UNRATED)) {
                ratings.add(UNRATED);
                continue;
            }
            int low;
            try {
                low = Integer.parseInt(r);
            } catch (NumberFormatException e) {
                throw ApiException.badParameter("ratings", "not a band: " + Text.clip(r));
            }
            if (!RATING_BOUNDS.contains(low)) {
                throw ApiException.badParameter("ratings", low + " is not a band; bands start at " + RATING_BOUNDS + " or are 'unrated'");
            }
            ratings.add(bandName(low));
        }
        List<String> speeds = new ArrayList<>();
        for (String s : p.list("speeds")) {
            String lower = s.toLowerCase(Locale.ROOT);
            if (!SPEEDS.contains(lower)) throw ApiException.badParameter("speeds", "unknown speed; use some of " + SPEEDS);
            speeds.add(lower);
        }
        Integer since = p.get("since") == null ? null : p.intValue("since", 0, 1000, 3000);
        Integer until = p.get("until") == null ? null : p.intValue("until", 0, 1000, 3000);
        if (since != null && until != null && since > until) throw ApiException.badParameter("until", "is before since");
        List<String> sources = p.list("sources");
        for (String s : sources) {
            if (!SOURCES.contains(s)) throw ApiException.badParameter("sources", "unknown source; use import and/or gauntlet");
        }
        return new Filters(List.copyOf(ratings), List.copyOf(speeds), since, until, sources);
    }

    /** Whether no filter is set. */
    public boolean isEmpty() {
        return ratings.isEmpty() && speeds.isEmpty() && sources.isEmpty() && since == null && until == null;
    }

    /** Appends " AND ..." conditions for the set filters, with '?' placeholders added to {@code args}. */
    public void appendWhere(StringBuilder sql, List<Object> args) {
        in(sql, args, DrawRules.RATING_BAND, ratings);
        in(sql, args, DrawRules.TIME_CONTROL_CLASS, speeds);
        in(sql, args, Games.SOURCE, sources);
        if (since != null) {
            sql.append(" AND ").append(DrawRules.YEAR).append(" >= ?");
            args.add(since);
        }
        if (until != null) {
            sql.append(" AND ").append(DrawRules.YEAR).append(" <= ?");
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
