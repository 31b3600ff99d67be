package org.rookery.workers.engine;

/**
 * Search score conventions: centipawns from the side to move's point of view, with mate scores
 * near {@link #MATE} so that "mated in n plies" is {@code -MATE + n} and shorter mates score
 * higher.
 */
public final class Score {
    private Score() {}

    /** Deepest ply the search ever reaches (main search plus quiescence). */
    public static final int MAX_PLY = 128;
    /** Score of giving mate at the root (mate in 0 plies); never reached by a real line. */
    public static final int MATE = 32_000;
    /** Every score at or beyond this magnitude is a mate score. */
    public static final int MATE_BOUND = MATE - MAX_PLY;
    /** Larger than any score, used as the initial window. Fits the TT's 16-bit field. */
    public static final int INFINITE = MATE + 1;
    public static final int DRAW = 0;

    public static boolean isMate(int score) {
        return Math.abs(score) >= MATE_BOUND;
    }

    /** Score of the side to move being mated at {@code ply}. */
    public static int matedIn(int ply) {
        return -MATE + ply;
    }

    /**
     * Mate distance in moves as UCI's {@code score mate N} counts it: positive when the side to
     * move mates, negative when it is mated; only meaningful when {@link #isMate}.
     */
    public static int mateMoves(int score) {
        return score > 0 ? (MATE - score + 1) / 2 : -(MATE + score) / 2;
    }

    /** UCI text: {@code cp 34} or {@code mate -3}. */
    public static String toUci(int score) {
        return isMate(score) ? "mate " + mateMoves(score) : "cp " + score;
    }

    /**
     * Converts a mate score relative to the root into one relative to the current node before it
     * goes into the transposition table, so the same entry is right at any ply it is read from.
     */
    public static int toTable(int score, int ply) {
        if (score >= MATE_BOUND) return score + ply;
        if (score <= -MATE_BOUND) return score - ply;
        return score;
    }

    /** Inverse of {@link #toTable}. */
    public static int fromTable(int score, int ply) {
        if (score >= MATE_BOUND) return score - ply;
        if (score <= -MATE_BOUND) return score + ply;
        return score;
    }
}
