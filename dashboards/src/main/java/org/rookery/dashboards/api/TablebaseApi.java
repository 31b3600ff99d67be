package org.rookery.dashboards.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.rules.GameRules;
import org.rookery.dashboards.chess.PositionInput;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.RankedMove;
import org.rookery.endgame.source.TableSources;

/**
 * {@code GET /api/tablebase?fen=}: the lichess tablebase API's answer for a position from the
 * {@code --tb} tables (Rookery's where they hold it, Syzygy's otherwise): {@code category},
 * {@code dtz}, {@code precise_dtz} (null where a Syzygy table stores moves), {@code dtm} (plies,
 * null for draws and for Syzygy answers), {@code source} (rookery or syzygy, with Syzygy tables
 * on the path), the terminal flags, and {@code moves} best first, each describing the position
 * after the move from the opponent's side as lichess does. A position no table covers (too many
 * pieces, castling rights, a table not generated) answers {@code "category": "unknown"} with a
 * {@code reason}, as lichess answers positions beyond its tables.
 */
public final class TablebaseApi implements Endpoint {
    private final TableSources tb;

    /** {@code tb} may be null: then every position is "unknown" and the reason says how to generate tables. */
    public TablebaseApi(TableSources tb) {
        this.tb = tb;
    }

    @Override
    public Object handle(Params p) {
        Position pos = PositionInput.parse(p.required("fen"), p.get("play"));
        return report(pos);
    }

    Map<String, Object> report(Position pos) {
        String why = whyNot(pos);
        List<RankedMove> ranked = null;
        if (why == null) {
            try {
                ranked = RankedMove.rank(tb, pos, true);
            } catch (IllegalArgumentException e) {
                // A move leads into material whose table was not generated (e.g. a capture into KRvK).
                why = withoutDirectory(e.getMessage());
            }
        }
        San san = new San();
        Map<String, Object> out = new LinkedHashMap<>();
        boolean mate = pos.isCheckmate(), stale = pos.isStalemate(), dead = GameRules.isDeadPosition(pos);
        List<Map<String, Object>> moves = new ArrayList<>();
        if (why != null) {
            values(out, Probe.NOT_FOUND, 0, mate, stale, dead);
            int[] buf = new int[Position.MAX_MOVES];
            int n = pos.generateLegal(buf, 0);
            for (int i = 0; i < n; i++) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("uci", Move.toUci(buf[i]));
                m.put("san", san.toSan(pos, buf[i]));
                m.put("zeroing", Move.isCapture(buf[i]) || Piece.type(pos.pieceAt(Move.from(buf[i]))) == Piece.PAWN);
                pos.makeMove(buf[i]);
                values(m, Probe.NOT_FOUND, 0, pos.isCheckmate(), pos.isStalemate(), GameRules.isDeadPosition(pos));
                pos.unmakeMove();
                moves.add(m);
            }
            out.put("moves", moves);
            out.put("reason", why);
            return out;
        }
        long r = tb.probe(pos);
        values(out, r, pos.halfmoveClock(), mate, stale, dead);
        for (RankedMove rm : ranked) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("uci", Move.toUci(rm.move()));
            m.put("san", san.toSan(pos, rm.move()));
            m.put("zeroing", rm.zeroing());
            values(m, rm.after(), rm.clockAfter(), rm.checkmate(), rm.stalemate(), rm.insufficientMaterial());
            moves.add(m);
        }
        out.put("moves", moves);
        if (tb.hasSyzygy()) out.put("source", tb.answeredBy(pos).api());
        return out;
    }

    /** Why no table answers for the position, without naming server paths; null when one does. */
    String whyNot(Position pos) {
        if (tb == null || tb.maxPieces() == 0) {
            return "no endgame tables are installed (generate some with: ./rookery tb generate --pieces 4)";
        }
        String why = tb.whyNot(pos);
        if (why == null && !Probe.found(tb.probe(pos))) why = "not in the tables";
        return why == null ? null : withoutDirectory(why);
    }

    /** Tablebase's own reasons name its directory; the web user gets the reason without it. */
    private String withoutDirectory(String why) {
        String path = tb.path();
        why = why.replace(" in " + path, "").replace(path, "the tables directory");
        for (java.nio.file.Path d : tb.directories()) why = why.replace(" in " + d, "").replace(d.toString(), "the tables directory");
        return why;
    }

    private static void values(Map<String, Object> m, long r, int clock, boolean mate, boolean stale, boolean dead) {
        boolean found = Probe.found(r);
        m.put("category", found ? Probe.category(r, clock).api() : "unknown");
        m.put("dtz", found ? Probe.dtz(r) : null);
        m.put("precise_dtz", found && Probe.preciseDtz(r) ? Probe.dtz(r) : null);
        m.put("dtm", found && Probe.hasDtm(r) && Probe.dtmValue(r) != 0 ? Probe.dtm(r) : null);
        m.put("checkmate", mate);
        m.put("stalemate", stale);
        m.put("variant_win", false);
        m.put("variant_loss", false);
        m.put("insufficient_material", dead);
    }
}
