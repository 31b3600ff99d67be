package org.rookery.endgame.probe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.rules.GameRules;

/**
 * A legal move with the table values of the position it leads to (from the opponent's side, as
 * the lichess API reports them), and the ranking of all moves best first for the mover.
 *
 * @param move the move (core encoding)
 * @param after the probe of the resulting position
 * @param zeroing whether the move captures or moves a pawn
 * @param clockAfter the halfmove clock after the move
 */
public record RankedMove(int move, long after, boolean zeroing, int clockAfter, boolean checkmate, boolean stalemate,
                         boolean insufficientMaterial) {

    /** The mover's DTZ through this move ({@link Values} encoding). */
    public short moverDtz() {
        return zeroing ? Values.backZeroing(Probe.dtzValue(after)) : Values.back(Probe.dtzValue(after));
    }

    /** The mover's DTM through this move ({@link Values} encoding). */
    public short moverDtm() {
        return Values.back(Probe.dtmValue(after));
    }

    /** Category of the resulting position for the opponent, with its halfmove clock. */
    public Category category() {
        return Probe.category(after, clockAfter);
    }

    /**
     * All legal moves of a position in the tables, best first for the mover: by 50-move category,
     * then by the chosen metric (shorter wins, longer losses), then by the other metric, then by UCI.
     * Throws {@link IllegalArgumentException} if a resulting position is not in the tables.
     */
    public static List<RankedMove> rank(TableSource tb, Position pos, boolean byDtz) {
        int[] moves = new int[Position.MAX_MOVES];
        int n = pos.generateLegal(moves, 0);
        List<RankedMove> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            boolean zeroing = Move.isCapture(m) || Piece.type(pos.pieceAt(Move.from(m))) == Piece.PAWN;
            pos.makeMove(m);
            long r = tb.probe(pos);
            boolean mate = pos.isCheckmate(), stale = pos.isStalemate(), dead = GameRules.isDeadPosition(pos);
            int clock = pos.halfmoveClock();
            String why = Probe.found(r) ? null : tb.whyNot(pos);
            pos.unmakeMove();
            if (why != null) throw new IllegalArgumentException("after " + Move.toUci(m) + ": " + why);
            out.add(new RankedMove(m, r, zeroing, clock, mate, stale, dead));
        }
        int clock = pos.halfmoveClock();
        Comparator<RankedMove> c = Comparator.comparingInt((RankedMove x) -> -Category.ofDtz(x.moverDtz(), clock).ordinal());
        Comparator<RankedMove> dtz = Comparator.comparingInt(x -> -Values.score(x.moverDtz()));
        Comparator<RankedMove> dtm = Comparator.comparingInt(x -> -Values.score(x.moverDtm()));
        c = byDtz ? c.thenComparing(dtz).thenComparing(dtm) : c.thenComparing(dtm).thenComparing(dtz);
        out.sort(c.thenComparing(x -> Move.toUci(x.move())));
        return out;
    }
}
