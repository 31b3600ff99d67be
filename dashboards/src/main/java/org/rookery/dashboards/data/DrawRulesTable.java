package org.rookery.dashboards.data;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.contract.schema.DrawFactsColumns;
import org.rookery.contract.schema.DrawRules;
import org.rookery.contract.schema.DrawRulesSummary;
import org.rookery.contract.schema.Games;

/**
 * The {@code draw_rules} table that {@code analyze draw-rules} writes: one row per game with the
 * first ply at which each draw rule applied ({@code threefold_ply}, {@code fivefold_ply},
 * {@code fifty_ply}, {@code seventyfive_ply}; null when never), whether a threefold or 50-move
 * draw was claimed ({@code threefold_claimed}, {@code fifty_claimed}), {@code max_halfmove_clock},
 * {@code game_id}, {@code result} and the {@link Filters} columns. Everything the draw-rules page
 * shows is aggregated here from those rows.
 */
public final class DrawRulesTable {
    /** The rules, by the prefix of their column name. */
    public static final List<String> RULES = List.of(DrawRulesSummary.THREEFOLD, DrawRulesSummary.FIVEFOLD,
            DrawRulesSummary.FIFTY, DrawRulesSummary.SEVENTYFIVE);
    /** Breakdowns: the API's name, then the column. */
    public static final Map<String, String> GROUPS = Map.of(
            "rating_band", DrawRules.RATING_BAND, "speed", DrawRules.TIME_CONTROL_CLASS, "year", DrawRules.YEAR,
            "source", Games.SOURCE);
    private static final String MAX_CLOCK = DrawFactsColumns.MAX_HALFMOVE_CLOCK;
    /** Histogram bins of the maximum halfmove clock are this many plies wide; the last is open. */
    public static final int BIN = 10;
    public static final int LAST_BIN = 15;

    private final DuckDb db;
    private final TableLocation table;

    public DrawRulesTable(DuckDb db, TableLocation table) {
        this.db = db;
        this.table = table;
    }

    private static String counts() {
        StringBuilder sb = new StringBuilder("count(*) AS games");
        for (String r : RULES) sb.append(", count(").append(r).append("_ply) AS ").append(r);
        for (String claimed : List.of(DrawRules.THREEFOLD_CLAIMED, DrawRules.FIFTY_CLAIMED)) {
            sb.append(", count(*) FILTER (WHERE ").append(claimed).append(") AS ").append(claimed);
        }
        return sb.toString();
    }

    private static Map<String, Object> countsOf(ResultSet rs) throws SQLException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("games", rs.getLong("games"));
        for (String r : RULES) m.put(r, rs.getLong(r));
        m.put(DrawRules.THREEFOLD_CLAIMED, rs.getLong(DrawRules.THREEFOLD_CLAIMED));
        m.put(DrawRules.FIFTY_CLAIMED, rs.getLong(DrawRules.FIFTY_CLAIMED));
        return m;
    }

    /** Totals, a breakdown by {@code groupBy} (one of {@link #GROUPS}), the histogram and sample games. */
    public Map<String, Object> summary(Filters filters, String groupBy, int samples) throws SQLException {
        String column = GROUPS.get(groupBy);
        if (column == null) throw new IllegalArgumentException("cannot group by " + groupBy);
        String from = table.scan();
        List<Object> args = new ArrayList<>();
        StringBuilder where = new StringBuilder(" WHERE true");
        filters.appendWhere(where, args);
        Map<String, Object> out = new LinkedHashMap<>();
        return db.with(c -> {
            Map<String, Object> totals = Sql.query(c, "SELECT " + counts() + " FROM " + from + where, args,
                    DrawRulesTable::countsOf).get(0);
            out.putAll(totals);
            out.put("by", groupBy);
            out.put("groups", Sql.query(c, "SELECT " + column + " AS k, " + counts() + " FROM " + from + where
                    + " GROUP BY k ORDER BY k NULLS LAST", args, rs -> {
                        Map<String, Object> m = new LinkedHashMap<>();
                        m.put("key", GamesTable.plain(rs.getObject("k")));
                        m.putAll(countsOf(rs));
                        return m;
                    }));
            out.put("max_halfmove_histogram", Sql.query(c, "SELECT least(" + MAX_CLOCK + " // " + BIN + ", " + LAST_BIN
                    + ") AS bin, count(*) AS games FROM " + from + where + " AND " + MAX_CLOCK + " IS NOT NULL"
                    + " GROUP BY bin ORDER BY bin", args, rs -> {
                        Map<String, Object> m = new LinkedHashMap<>();
                        int bin = rs.getInt("bin");
                        m.put("from", bin * BIN);
                        m.put("to", bin == LAST_BIN ? null : bin * BIN + BIN - 1);
                        m.put("games", rs.getLong("games"));
                        return m;
                    }));
            Map<String, Object> sampleGames = new LinkedHashMap<>();
            for (String r : RULES) {
                List<Object> a = new ArrayList<>(args);
                a.add(samples);
                sampleGames.put(r, Sql.query(c, "SELECT " + Games.GAME_ID + ", " + Games.RESULT + ", " + r + "_ply AS ply FROM "
                        + from + where + " AND " + r + "_ply IS NOT NULL ORDER BY " + Games.GAME_ID + " LIMIT ?", a, rs -> {
                            Map<String, Object> m = new LinkedHashMap<>();
                            m.put(Games.GAME_ID, rs.getString(Games.GAME_ID));
                            m.put(Games.RESULT, rs.getString(Games.RESULT));
                            m.put("ply", rs.getInt("ply"));
                            return m;
                        }));
            }
            out.put("samples", sampleGames);
            return out;
        });
    }
}
