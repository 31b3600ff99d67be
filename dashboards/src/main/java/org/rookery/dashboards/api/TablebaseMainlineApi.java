package org.rookery.dashboards.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.rules.GameRules;
import org.rookery.dashboards.chess.PositionInput;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.RankedMove;
import org.rookery.endgame.source.TableSources;

/**
 * {@code GET /api/tablebase/mainline?fen=}: DTZ-optimal play to mate or to the next table's
 * boundary, like lichess's {@code /standard/mainline} ({@code mainline[]} of {@code uci},
 * {@code san}, {@code dtz}; {@code winner}; {@code dtz}), each step with the FEN after it so the
 * page can step through it.
 */
public final class TablebaseMainlineApi implements Endpoint {
    /** Longer than any DTZ50-optimal line of the tables Rookery generates. */
    static final int MAX_PLIES = 400;

    private final TableSources tb;
    private final TablebaseApi probe;

    public TablebaseMainlineApi(TableSources tb, TablebaseApi probe) {
        this.tb = tb;
        this.probe = probe;
    }

    @Override
    public Object handle(Params p) {
        Position pos = PositionInput.parse(p.required("fen"), p.get("play"));
        String why = probe.whyNot(pos);
        if (why != null) throw ApiException.badParameter("fen", why);
        long r = tb.probe(pos);
        int dtzValue = Probe.dtzValue(r);
        int winner = dtzValue > 0 ? pos.sideToMove() : dtzValue < 0 ? pos.sideToMove() ^ 1 : -1;
        San san = new San();
        List<Map<String, Object>> line = new ArrayList<>();
        while (winner >= 0 && line.size() < MAX_PLIES && pos.hasLegalMove() && !GameRules.isDeadPosition(pos)) {
            if (probe.whyNot(pos) != null) break;
            RankedMove best;
            try {
                best = RankedMove.rank(tb, pos, true).get(0);
            } catch (IllegalArgumentException e) {
                break; // a move leaves the generated tables: the line ends at their boundary
            }
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("uci", Move.toUci(best.move()));
            step.put("san", san.toSan(pos, best.move()));
            step.put("dtz", Probe.dtz(best.after()));
            pos.makeMove(best.move());
            step.put("fen", pos.toFen());
            line.add(step);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("dtz", Probe.dtz(r));
        out.put("winner", winner < 0 ? null : winner == 0 ? "w" : "b");
        out.put("mainline", line);
        out.put("checkmate", pos.isCheckmate());
        return out;
    }
}
