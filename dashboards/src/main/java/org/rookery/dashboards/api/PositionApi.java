package org.rookery.dashboards.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;
import org.rookery.core.rules.GameRules;
import org.rookery.dashboards.chess.PositionInput;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;

/**
 * {@code GET /api/position?fen=&play=}: the position's FEN and its legal moves (UCI, SAN and the
 * FEN after each), so the board in the browser can take clicked moves without chess rules of its own.
 */
public final class PositionApi implements Endpoint {
    @Override
    public Object handle(Params p) {
        Position pos = PositionInput.parse(p.get("fen"), p.get("play"));
        int[] buf = new int[Position.MAX_MOVES];
        int n = pos.generateLegal(buf, 0);
        San san = new San();
        List<Map<String, String>> legal = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            Map<String, String> e = new LinkedHashMap<>();
            // Chess960 castling is king-takes-rook (f1h1), which the board also takes as king to g1.
            e.put("uci", Uci.toUci(pos, m));
            e.put("san", san.toSan(pos, m));
            pos.makeMove(m);
            e.put("fen", pos.toFen());
            pos.unmakeMove();
            legal.add(e);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("fen", pos.toFen());
        out.put("turn", pos.sideToMove() == 0 ? "white" : "black");
        out.put("check", pos.inCheck());
        out.put("checkmate", n == 0 && pos.inCheck());
        out.put("stalemate", n == 0 && !pos.inCheck());
        out.put("insufficient_material", GameRules.isDeadPosition(pos));
        out.put("legal", legal);
        return out;
    }
}
