package org.rookery.dashboards.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;
import org.rookery.dashboards.chess.PositionInput;
import org.rookery.dashboards.data.Filters;
import org.rookery.dashboards.data.OpeningsTable;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;

/**
 * {@code GET /api/explorer?fen=&play=&ratings=&speeds=&since=&until=&sources=&moves=}: the moves
 * played from a position with their results, in the shape of the lichess opening explorer
 * ({@code white}, {@code draws}, {@code black}, {@code moves[]} with {@code uci}, {@code san},
 * {@code averageRating}, {@code white}, {@code draws}, {@code black}), plus {@code fen}, the
 * position that was looked up.
 */
public final class ExplorerApi implements Endpoint {
    private final OpeningsTable table;

    public ExplorerApi(OpeningsTable table) {
        this.table = table;
    }

    @Override
    public Object handle(Params p) throws Exception {
        Position pos = PositionInput.parse(p.get("fen"), p.get("play"));
        Filters filters = Filters.of(p);
        int limit = p.intValue("moves", 12, 0, 256);
        List<OpeningsTable.MoveRow> rows = table.moves(pos.key(), filters);
        Uci uci = new Uci();
        San san = new San();
        long white = 0, draws = 0, black = 0;
        List<Map<String, Object>> moves = new ArrayList<>();
        for (OpeningsTable.MoveRow r : rows) {
            String sanText;
            try {
                sanText = san.toSan(pos, uci.parse(pos, r.uci()));
            } catch (NotationException e) {
                // A 64-bit key collision with another position: its moves are not legal here.
                continue;
            }
            white += r.white();
            draws += r.draws();
            black += r.black();
            if (moves.size() >= limit) continue;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("uci", r.uci());
            m.put("san", sanText);
            m.put("averageRating", r.averageRating());
            m.put("white", r.white());
            m.put("draws", r.draws());
            m.put("black", r.black());
            moves.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("fen", pos.toFen());
        out.put("white", white);
        out.put("draws", draws);
        out.put("black", black);
        out.put("moves", moves);
        return out;
    }
}
