package org.rookery.dashboards.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.contract.schema.Games;
import org.rookery.dashboards.chess.MoveTexts;
import org.rookery.dashboards.data.GamesTable;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;
import org.rookery.dashboards.http.Reply;
import org.rookery.dashboards.http.Text;
import org.rookery.dashboards.matches.LiveGames;

/**
 * {@code GET /api/games/{id}}: one game, from the live feed if the sink has not written it yet,
 * else from the {@code games} table. JSON by default: the table's columns (without the arrays) and
 * {@code moves[]} with each ply's {@code uci}, {@code san}, {@code fen}, {@code clock_ms},
 * {@code eval_cp}, {@code eval_mate}, {@code depth} and the engine's per-move statistics
 * ({@code seldepth}, {@code nodes}, {@code nps}, {@code time_ms}, {@code latency_ms}, {@code hashfull}, {@code tbhits}, {@code pv}). With {@code format=pgn}: the PGN text.
 * Game ids contain '/', so the id is the whole rest of the path ('#' sent as %23).
 */
public final class GamesApi implements Endpoint {
    private static final List<String> PER_PLY = List.of(Games.CLOCK_MS, Games.EVAL_CP, Games.EVAL_MATE, Games.DEPTH,
            Games.SELDEPTH, Games.NODES, Games.NPS, Games.TIME_MS, Games.LATENCY_MS, Games.HASHFULL, Games.TBHITS, Games.PV);
    private static final List<String> HIDDEN = java.util.stream.Stream.concat(java.util.stream.Stream.of(Games.MOVES_UCI, Games.ZOBRIST),
            PER_PLY.stream()).toList();

    private final GamesTable table;
    private final LiveGames live;

    public GamesApi(GamesTable table, LiveGames live) {
        this.table = table;
        this.live = live;
    }

    @Override
    public Object handle(Params p) throws Exception {
        String id = p.rest();
        if (id.length() > 512) throw ApiException.badParameter("id", "too long to be a game id");
        String format = p.get("format", "json");
        if (!format.equals("json") && !format.equals("pgn")) throw ApiException.badParameter("format", "must be json or pgn");
        Map<String, Object> g = live.record(id);
        if (g == null) g = table.find(id);
        if (g == null) throw ApiException.notFound("no game " + Text.clip(id));
        if (format.equals("pgn")) {
            Object pgn = g.get(Games.PGN);
            if (pgn == null) throw ApiException.notFound("game " + Text.clip(id) + " has no PGN text");
            return Reply.text(pgn.toString());
        }
        return view(g);
    }

    static Map<String, Object> view(Map<String, Object> g) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : g.entrySet()) if (!HIDDEN.contains(e.getKey())) out.put(e.getKey(), e.getValue());
        List<String> uci = new ArrayList<>();
        if (g.get(Games.MOVES_UCI) instanceof List<?> l) for (Object o : l) uci.add(o == null ? null : o.toString());
        List<MoveTexts.Ply> plies = MoveTexts.replay((String) g.get(Games.START_FEN), uci);
        List<Map<String, Object>> moves = new ArrayList<>();
        for (int i = 0; i < plies.size(); i++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ply", i + 1);
            m.put("uci", plies.get(i).uci());
            m.put("san", plies.get(i).san());
            m.put("fen", plies.get(i).fen());
            for (String col : PER_PLY) m.put(col, element(g.get(col), i));
            moves.add(m);
        }
        out.put("moves", moves);
        return out;
    }

    private static Object element(Object array, int i) {
        return array instanceof List<?> l && i < l.size() ? l.get(i) : null;
    }
}
