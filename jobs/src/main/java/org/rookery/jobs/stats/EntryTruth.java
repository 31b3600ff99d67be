package org.rookery.jobs.stats;

import org.rookery.core.board.Position;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.TableSource;

/**
 * The tablebase value of an endgame entry position, turned to the view of the side the signature
 * lists first (the {@code first_side} of the {@code endgames} table), so it compares directly
 * with {@code first_side_score}. The category accounts for the halfmove clock the game had at the
 * entry; DTZ and DTM are signed plies (positive: the first side wins), DTZ in the Syzygy convention
 * of the endgame module (a cursed win or blessed loss counts 100 more). Plain Java; one instance
 * per thread.
 */
public final class EntryTruth {
    private boolean found;
    private Category category;
    private int dtz;
    private int dtm;
    private boolean hasDtm;

    /**
     * Probes {@code pos}; false when no table answers (no table for its material, castling rights
     * left, more pieces than the tables hold).
     *
     * @param firstToMove whether the side to move is the side the signature lists first
     */
    public boolean probe(TableSource tb, Position pos, boolean firstToMove) {
        long r = tb.probe(pos);
        found = Probe.found(r);
        if (!found) {
            category = null;
            dtz = dtm = 0;
            hasDtm = false;
            return false;
        }
        Category forMover = Probe.category(r, pos.halfmoveClock());
        category = firstToMove ? forMover : forMover.opposite();
        dtz = firstToMove ? Probe.dtz(r) : -Probe.dtz(r);
        dtm = firstToMove ? Probe.dtm(r) : -Probe.dtm(r);
        hasDtm = Probe.hasDtm(r);
        return true;
    }

    /** Whether the last probe found a value. */
    public boolean found() {
        return found;
    }

    /** Win, cursed win, draw, blessed loss or loss for the first side; null when not found. */
    public Category category() {
        return category;
    }

    /** Signed plies to the next zeroing move or mate, first side's view. */
    public int dtz() {
        return dtz;
    }

    /** Whether the table that answered holds DTM (Rookery's do; Syzygy's do not, and the column is null then). */
    public boolean hasDtm() {
        return hasDtm;
    }

    /** Signed plies to mate, first side's view (0: drawn, or the side to move is mated). */
    public int dtm() {
        return dtm;
    }

    /**
     * Whether a side that was winning within the 50-move rule ({@link Category#WIN} or
     * {@link Category#LOSS}) failed to win the game; null when the game is unfinished or there is
     * no table value. Cursed wins are not counted: they are drawn by a claim, not by the board.
     */
    public static Boolean wonNotWon(Category c, Double firstScore) {
        if (c == null || firstScore == null) {
            return null;
        }
        return switch (c) {
            case WIN -> firstScore < 1.0;
            case LOSS -> firstScore > 0.0;
            default -> false;
        };
    }

    /**
     * Whether a position drawn with best play whatever the clock ({@link Category#DRAW}) ended in
     * a decisive result; null when the game is unfinished or there is no table value.
     */
    public static Boolean drawnNotDrawn(Category c, Double firstScore) {
        if (c == null || firstScore == null) {
            return null;
        }
        return c == Category.DRAW && firstScore != 0.5;
    }
}
