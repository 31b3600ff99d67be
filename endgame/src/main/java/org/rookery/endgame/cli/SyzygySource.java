package org.rookery.endgame.cli;

import org.rookery.core.board.Position;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.TableSource;
import org.rookery.endgame.probe.Values;
import org.rookery.endgame.syzygy.MissingTableException;
import org.rookery.endgame.syzygy.SyzygyTablebase;

/**
 * Syzygy tables seen as a {@link TableSource}: DTZ from the .rtbz files (WDL decides draws), no DTM
 * (stored as 0, so reports print it as null). Positions without a legal move and bare kings are
 * answered from the board, encoded as Rookery's tables store them (mated: a loss in 0 plies).
 */
record SyzygySource(SyzygyTablebase tables, String path) implements TableSource {

    @Override
    public long probe(Position pos) {
        if (pos.castlingRights() != 0 || Long.bitCount(pos.occupied()) > SyzygyTablebase.MAX_PIECES) return Probe.NOT_FOUND;
        if (!tables.covers(pos)) return Probe.NOT_FOUND;
        if (Long.bitCount(pos.occupied()) == 2) return Probe.of((short) 0, (short) 0); // bare kings: no file, always drawn
        if (!pos.hasLegalMove()) return Probe.of((short) 0, pos.inCheck() ? Values.loss(0) : 0);
        try {
            int dtz = tables.dtz(pos);
            return Probe.of((short) 0, dtz > 0 ? Values.win(dtz) : dtz < 0 ? Values.loss(-dtz) : 0);
        } catch (MissingTableException e) {
            // a capture leads into material whose table is absent: the position is not answerable here
            return Probe.NOT_FOUND;
        }
    }

    @Override
    public String whyNot(Position pos) {
        if (pos.castlingRights() != 0) return "the position has castling rights; tablebases cover positions without castling";
        int pieces = Long.bitCount(pos.occupied());
        if (pieces > SyzygyTablebase.MAX_PIECES) return "the position has " + pieces + " pieces; Syzygy tables go up to " + SyzygyTablebase.MAX_PIECES;
        if (pieces == 2) return null;
        if (!tables.covers(pos)) return "no Syzygy table for the position's material in " + path;
        try {
            tables.dtz(pos);
            return null;
        } catch (MissingTableException e) {
            return e.getMessage();
        }
    }
}
