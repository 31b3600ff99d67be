package org.rookery.endgame.cli;

import org.rookery.endgame.source.TableSources;
import java.util.List;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.rules.GameRules;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.RankedMove;

/**
 * The JSON answer for one position, with the fields of the lichess tablebase API: category, dtz,
 * precise_dtz, dtm (plies, null for draws), checkmate, stalemate, insufficient_material,
 * variant_win/variant_loss (always false) and moves best first, each describing the position after
 * the move from the opponent's side, as lichess does. With Syzygy tables on the path, a last field
 * {@code source} names the kind of table that answered (rookery or syzygy; Syzygy has no DTM).
 */
final class PositionReport {
    private PositionReport() {}

    static String json(TableSources tb, String fen) {
        Position pos = Position.fromFen(fen);
        long r = tb.probe(pos);
        if (!Probe.found(r)) throw new IllegalArgumentException(tb.whyNot(pos));
        List<RankedMove> moves = RankedMove.rank(tb, pos, true);
        San san = new San();
        Json j = new Json().open();
        values(j, r, pos.halfmoveClock(), pos.isCheckmate(), pos.isStalemate(), GameRules.isDeadPosition(pos));
        j.openArray("moves");
        for (RankedMove m : moves) {
            j.open().field("uci", Move.toUci(m.move())).field("san", san.toSan(pos, m.move())).field("zeroing", m.zeroing());
            values(j, m.after(), m.clockAfter(), m.checkmate(), m.stalemate(), m.insufficientMaterial());
            j.close();
        }
        j.closeArray();
        if (tb.hasSyzygy()) j.field("source", tb.answeredBy(pos).api());
        return j.close().toString();
    }

    private static void values(Json j, long r, int clock, boolean mate, boolean stale, boolean dead) {
        Category c = Probe.category(r, clock);
        j.field("category", c.api())
            .field("dtz", Probe.dtz(r))
            .field("precise_dtz", Probe.dtz(r), Probe.preciseDtz(r))
            .field("dtm", Probe.dtm(r), Probe.dtmValue(r) != 0)
            .field("checkmate", mate)
            .field("stalemate", stale)
            .field("insufficient_material", dead)
            .field("variant_win", false)
            .field("variant_loss", false);
    }
}
