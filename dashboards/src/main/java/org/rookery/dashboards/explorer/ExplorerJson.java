package org.rookery.dashboards.explorer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.board.Position;
import org.rookery.core.openings.Classification;
import org.rookery.core.openings.Opening;
import org.rookery.core.openings.OpeningList;
import org.rookery.dashboards.data.OpeningsTable;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Params;

/** The explorer answers' JSON pieces, in lichess's field names: games, openings, history, averages. */
public final class ExplorerJson {
    private ExplorerJson() {
    }

    /** lichess's opening names (CC0), shipped in core. */
    public static final OpeningList OPENINGS = OpeningList.shipped();

    /** A boolean parameter: absent is false; {@code true}/{@code false} (any case), else a 400 naming it. */
    public static boolean flag(Params p, String name) {
        String v = p.get(name);
        if (v == null || v.isEmpty()) return false;
        if (v.equalsIgnoreCase("true")) return true;
        if (v.equalsIgnoreCase("false")) return false;
        throw ApiException.badParameter(name, "must be true or false");
    }

    /** {@code sum / n} rounded as lichess rounds its averages ({@link Performance#average}); null when {@code n} is 0. */
    public static Integer average(long sum, long n) {
        return Performance.average(sum, n);
    }

    /** {@code {eco, name}} or null. */
    public static Map<String, Object> opening(Opening o) {
        if (o == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("eco", o.eco());
        m.put("name", o.name());
        return m;
    }

    /** The deepest named position of {@code pos}'s history (the {@code play} moves from {@code fen}). */
    public static Map<String, Object> classify(Position pos) {
        Classification c = OPENINGS.classify(pos);
        return c == null ? null : opening(c.opening());
    }

    /** lichess's game entry: {@code uci} (with {@code withUci}), {@code id}, {@code winner}, players, {@code year}, {@code month}. */
    public static Map<String, Object> game(OpeningsTable.GameRow g, boolean withUci) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (withUci) m.put("uci", g.uci());
        m.put("id", g.id());
        m.put("winner", "1-0".equals(g.result()) ? "white" : "0-1".equals(g.result()) ? "black" : null);
        m.put("white", player(g.white(), g.whiteElo()));
        m.put("black", player(g.black(), g.blackElo()));
        Integer month = g.month();
        m.put("year", month == null ? null : month / 100);
        m.put("month", month == null || month % 100 == 0 ? null : String.format("%04d-%02d", month / 100, month % 100));
        return m;
    }

    private static Map<String, Object> player(String name, Integer rating) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("rating", rating);
        return m;
    }

    /** Game entries with their moves, leaving out moves not legal here (a key collision). */
    public static List<Map<String, Object>> games(List<OpeningsTable.GameRow> games, List<String> legal) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (OpeningsTable.GameRow g : games) {
            if (legal.contains(g.uci())) out.add(game(g, true));
        }
        return out;
    }

    /** lichess's history: {@code [{month: "YYYY-MM", white, draws, black}]}, oldest first. */
    public static List<Map<String, Object>> history(List<OpeningsTable.MonthRow> months) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (OpeningsTable.MonthRow r : months) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("month", String.format("%04d-%02d", r.month() / 100, r.month() % 100));
            m.put("white", r.white());
            m.put("draws", r.draws());
            m.put("black", r.black());
            out.add(m);
        }
        return out;
    }
}
