package org.rookery.dashboards.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.dashboards.chess.PositionInput;
import org.rookery.dashboards.data.DuckDb;
import org.rookery.dashboards.data.OpeningsTable;
import org.rookery.dashboards.data.PlayerOpenings;
import org.rookery.dashboards.data.TableLocation;
import org.rookery.dashboards.data.Filters;
import org.rookery.dashboards.explorer.ExplorerJson;
import org.rookery.dashboards.explorer.Performance;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;

/**
 * {@code GET /api/explorer/player?player=&color=&fen=&play=&…filters}: one player's repertoire as
 * lichess's player explorer answers it: the moves played from the position in the player's games
 * with that colour, with results, {@code averageOpponentRating}, {@code performance} (the player's,
 * on each move), {@code game} when one game reached it, and {@code recentGames}. Players are the
 * {@code white}/{@code black} names of {@code games}, so gauntlet engines are players too.
 */
public final class PlayerExplorerApi implements Endpoint {
    private final PlayerOpenings openings;

    public PlayerExplorerApi(DuckDb db, TableLocation games) {
        this.openings = new PlayerOpenings(db, games);
    }

    /** The parameters of lichess's player explorer that Rookery takes, plus its ratings and sources filters. */
    static final List<String> PARAMETERS = List.of("player", "color", "fen", "play", "moves", "recentGames", "ratings", "speeds",
            "since", "until", "sources", "variant", "modes");

    @Override
    public Object handle(Params p) throws Exception {
        // lichess's player explorer has no topGames or history: they are 400s here too, not silently dropped.
        p.only(PARAMETERS, "/api/explorer/player");
        String player = p.required("player");
        String color = p.required("color");
        if (!color.equals("white") && !color.equals("black")) throw ApiException.badParameter("color", "must be white or black");
        boolean white = color.equals("white");
        Position pos = PositionInput.parse(p.get("fen"), p.get("play"));
        Filters filters = Filters.explorer(p, false);
        int limit = p.intValue("moves", 12, 0, 256);
        int recent = p.intValue("recentGames", 8, 0, OpeningsBreakdown.SAMPLE_GAMES);
        List<PlayerOpenings.Occurrence> found = openings.reaching(player, white, pos.key(), filters);
        Map<String, long[]> byMove = new LinkedHashMap<>(); // white, draws, black, opponent sum, opponent rated
        Map<String, OpeningsTable.GameRow> single = new LinkedHashMap<>();
        List<OpeningsTable.GameRow> all = new ArrayList<>();
        Uci uci = new Uci();
        for (PlayerOpenings.Occurrence o : found) {
            try {
                uci.parse(pos, o.game().uci());
            } catch (NotationException e) {
                continue; // a key collision
            }
            long[] c = byMove.computeIfAbsent(o.game().uci(), k -> new long[5]);
            String r = o.game().result();
            c["1-0".equals(r) ? 0 : "0-1".equals(r) ? 2 : 1]++;
            if (o.opponentRating() != null) {
                c[3] += o.opponentRating();
                c[4]++;
            }
            single.put(o.game().uci(), o.game());
            all.add(o.game());
        }
        List<Map.Entry<String, long[]>> rows = new ArrayList<>(byMove.entrySet());
        rows.sort((a, b) -> {
            long ga = a.getValue()[0] + a.getValue()[1] + a.getValue()[2], gb = b.getValue()[0] + b.getValue()[1] + b.getValue()[2];
            return ga != gb ? Long.compare(gb, ga) : a.getKey().compareTo(b.getKey());
        });
        San san = new San();
        long tw = 0, td = 0, tb = 0;
        List<Map<String, Object>> moves = new ArrayList<>();
        for (Map.Entry<String, long[]> e : rows) {
            long[] c = e.getValue();
            tw += c[0];
            td += c[1];
            tb += c[2];
            if (moves.size() >= limit) continue;
            int move = uci.parse(pos, e.getKey());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("uci", e.getKey());
            m.put("san", san.toSan(pos, move));
            Integer opponents = ExplorerJson.average(c[3], c[4]);
            m.put("averageOpponentRating", opponents);
            m.put("performance", Performance.of(c[3], c[4], white ? c[0] : c[2], c[1], white ? c[2] : c[0]));
            m.put("white", c[0]);
            m.put("draws", c[1]);
            m.put("black", c[2]);
            m.put("game", c[0] + c[1] + c[2] == 1 ? ExplorerJson.game(single.get(e.getKey()), false) : null);
            pos.makeMove(move);
            m.put("opening", ExplorerJson.opening(ExplorerJson.OPENINGS.at(pos.key())));
            pos.unmakeMove();
            moves.add(m);
        }
        PlayerOpenings.sortRecent(all);
        List<Map<String, Object>> recentGames = new ArrayList<>();
        for (OpeningsTable.GameRow g : all.subList(0, Math.min(recent, all.size()))) recentGames.add(ExplorerJson.game(g, true));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("fen", pos.toFen());
        out.put("player", player);
        out.put("color", color);
        out.put("white", tw);
        out.put("draws", td);
        out.put("black", tb);
        out.put("moves", moves);
        out.put("recentGames", recentGames);
        out.put("opening", ExplorerJson.classify(pos));
        return out;
    }
}
