package org.rookery.endgame.generate;

/**
 * Working values of one metric during generation, in a short per slot. Decided values use the
 * stored encoding ({@code k} win in k plies, {@code -(k+1)} loss in k plies); undecided slots hold
 * {@code UNDECIDED + e}, where e is the longest loss among the slot's zeroing moves (the loss it
 * takes once every reversible move is known to lose), or {@link #DRAWN} when a zeroing move
 * already secures at least a draw. Whatever is still undecided when the passes end is a draw.
 */
final class Work {
    private Work() {}

    static final int UNDECIDED = 16384;
    static final int DRAWN = 32000;
    /** Longest win or loss, in plies, the working encoding can hold. */
    static final int MAX_PLIES = UNDECIDED - 1;

    static boolean undecided(int v) {
        return v >= UNDECIDED;
    }

    /** The stored value of a working value. */
    static short stored(int v) {
        return v >= UNDECIDED ? 0 : (short) v;
    }
}
