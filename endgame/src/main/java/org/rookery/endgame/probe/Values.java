package org.rookery.endgame.probe;

/**
 * The stored encoding of one metric for one position, a signed 16-bit value from the point of view
 * of the side to move: {@code 0} draw, {@code k > 0} win in k plies, {@code -(k + 1)} loss in k
 * plies (so a checkmated side reads -1), {@link #BROKEN} for slots that are no real position.
 *
 * <p>For DTM, k counts plies to mate. For DTZ, k counts plies to the next zeroing move (capture or
 * pawn move) or mate under best play for the 50-move rule, plus 100 when the win is cursed (or the
 * loss blessed) by a later phase, as Syzygy does; so a win or loss is decided within the 50-move
 * rule exactly when k ≤ 100.
 */
public final class Values {
    private Values() {}

    public static final short BROKEN = Short.MIN_VALUE;

    public static boolean isWin(int v) { return v > 0; }

    public static boolean isLoss(int v) { return v < 0 && v != BROKEN; }

    /** Plies of a win or loss (0 for the checkmated side). */
    public static int plies(int v) { return v > 0 ? v : -v - 1; }

    public static short win(int plies) { return (short) plies; }

    public static short loss(int plies) { return (short) (-plies - 1); }

    /** A preference score for the side to move: higher is better (short wins, then draws, then long losses). */
    public static int score(int v) {
        return v > 0 ? 1_000_000 - v : v == 0 ? 0 : -1_000_000 - v;
    }

    /** The value for the side that made a move into a position worth {@code v} to its opponent, one ply later. */
    public static short back(int v) {
        if (v > 0) return loss(v + 1);
        if (v < 0) return win(plies(v) + 1);
        return 0;
    }

    /**
     * The DTZ value for the side that made a zeroing move into a position whose own DTZ is
     * {@code v}: the zeroing move ends the count, so only the 50-move category of the target
     * survives (1 ply, or 101 when the target is cursed or blessed).
     */
    public static short backZeroing(int v) {
        if (v > 0) return loss(v > 100 ? 101 : 1);
        if (v < 0) return win(plies(v) > 100 ? 101 : 1);
        return 0;
    }
}
