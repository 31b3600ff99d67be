package org.rookery.workers.match;

import java.util.List;
import org.rookery.core.board.Position;
import org.rookery.core.board.Variant;

/**
 * A starting point for a game pair: a FEN, the variant it is played in, and book moves (UCI)
 * played from it before the engines take over. {@code source} names where it came from (file and
 * line or game number), for reports.
 */
public record Opening(String fen, List<String> moves, String source, Variant variant) {
    public Opening {
        moves = List.copyOf(moves);
        if (variant == null) variant = Variant.STANDARD;
    }

    /** A standard-chess opening. */
    public Opening(String fen, List<String> moves, String source) {
        this(fen, moves, source, Variant.STANDARD);
    }

    /** The start position, in this opening's variant (a Chess960 one writes and reads king-takes-rook castling). */
    public Position startPosition() {
        return variant.position(fen);
    }
}
