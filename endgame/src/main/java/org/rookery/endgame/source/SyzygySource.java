package org.rookery.endgame.source;

import org.rookery.core.board.Position;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.TableSource;
import org.rookery.endgame.probe.Values;
import org.rookery.endgame.syzygy.MissingTableException;
import org.rookery.endgame.syzygy.SyzygyTablebase;

/**
 * Syzygy tables seen as a {@link TableSource}: DTZ from the .rtbz files (WDL decides draws), no DTM
 * ({@link Probe#hasDtm} is false), and {@link Probe#preciseDtz} false where the file stores moves.
 * Positions without a legal move and bare kings are answered from the board, encoded as Rookery's
 * tables store them (mated: a loss in 0 plies).
 */
public record SyzygySource(SyzygyTablebase tables, String path) implements TableSource {

    @Override
    public long probe(Position pos) {
        if (pos.castlingRights() != 0 || Long.bitCount(pos.occupied()) > SyzygyTablebase.MAX_PIECES) return Probe.NOT_FOUND;
        if (!tables.covers(pos)) return Probe.NOT_FOUND;
        if (Long.bitCount(pos.occupied()) == 2) return Probe.withoutDtm((short) 0, false); // bare kings: no file, always drawn
        if (!pos.hasLegalMove()) return Probe.withoutDtm(pos.inCheck() ? Values.loss(0) : 0, false);
        try {
            int dtz = tables.dtz(pos);
            return Probe.withoutDtm(dtz > 0 ? Values.win(dtz) : dtz < 0 ? Values.loss(-dtz) : 0, tables.lastDtzRounded());
        } catch (MissingTableException e) {
            // a capture leads into material whose table is absent, or the .rtbz is: not answerable here
            return Probe.NOT_FOUND;
        }
    }

    /**
     * WDL for the side to move (-2..2), or {@link Integer#MIN_VALUE} when the tables cannot say:
     * only .rtbw files are needed, as fastchess's and cutechess's adjudication need only them.
     */
    public int wdl(Position pos) {
        if (pos.castlingRights() != 0 || Long.bitCount(pos.occupied()) > SyzygyTablebase.MAX_PIECES || !tables.covers(pos)) {
            return Integer.MIN_VALUE;
        }
        if (Long.bitCount(pos.occupied()) == 2) return 0;
        if (!pos.hasLegalMove()) return pos.inCheck() ? -2 : 0;
        try {
            return tables.wdl(pos);
        } catch (MissingTableException e) {
            return Integer.MIN_VALUE;
        }
    }

    @Override
    public String whyNot(Position pos) {
        if (pos.castlingRights() != 0) return "the position has castling rights; tablebases cover positions without castling";
        int pieces = Long.bitCount(pos.occupied());
        if (pieces > SyzygyTablebase.MAX_PIECES) return "the position has " + pieces + " pieces; Syzygy tables go up to " + SyzygyTablebase.MAX_PIECES;
        if (pieces == 2) return null;
        if (!tables.covers(pos)) {
            return "no Syzygy table " + SyzygyTablebase.fileName(pos, false) + " in " + path
                + (tables.coversDtz(pos) ? " (" + SyzygyTablebase.fileName(pos, true) + " is there; probing needs both)" : "");
        }
        if (!pos.hasLegalMove()) return null;
        try {
            tables.dtz(pos);
            return null;
        } catch (MissingTableException e) {
            return e.getMessage();
        }
    }
}
