package org.rookery.workers.match;

import java.util.List;

/**
 * A starting point for a game pair: a FEN and book moves (UCI) played from it before the engines
 * take over. {@code source} names where it came from (file and line or game number), for reports.
 */
public record Opening(String fen, List<String> moves, String source) {
    public Opening {
        moves = List.copyOf(moves);
    }
}
