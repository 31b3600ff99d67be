package org.rookery.endgame.syzygy;

/**
 * How a written DTZ file stores wins and losses inside the 50-move rule: {@link #PLIES} exactly, as
 * {@code rtbgen -p} writes them, or {@link #MOVES} rounded, as rtbgen writes them by default (probers
 * answer 2 × moves + 1, the distance or one ply less), which takes fewer bits where the parity of
 * the distance varies from position to position.
 */
public enum DtzUnit {
    PLIES,
    MOVES;

    /** The unit named on the command line ({@code plies} or {@code moves}); null for another word. */
    public static DtzUnit named(String word) {
        return switch (word) {
            case "plies" -> PLIES;
            case "moves" -> MOVES;
            default -> null;
        };
    }
}
