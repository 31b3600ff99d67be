package org.rookery.endgame.index;

/**
 * A per-thread cache of what the non-king pieces of one decoded board contribute to the index
 * under each of the eight orientations, for {@link TableIndex#afterKingMoveTransformed}: all king
 * moves of a board share them. {@link #reset} before each new board.
 */
public final class GroupTerms {
    final long[] term = new long[8];
    int valid;

    public void reset() {
        valid = 0;
    }
}
