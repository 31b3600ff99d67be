package org.rookery.workers.match;

import java.util.List;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;

/**
 * A finished game: who played, how it ended and why, every move with the engine's eval, depth,
 * time and clock, and the PGN text. {@code reason} is the human one-liner cutechess prints
 * ("White mates", "Black's connection stalls").
 */
public record GameRecord(int gameNumber, int pairIndex, int round, String white, String black, Opening opening,
                         String startFen, Result result, Termination termination, String reason, List<MoveRecord> moves,
                         long startedAtMillis, long finishedAtMillis, TimeControl whiteTimeControl,
                         TimeControl blackTimeControl, String pgn) {
    public int plyCount() { return moves.size(); }

    /** Score of the named player in this game (1, ½ or 0), or NaN if it did not play. */
    public double scoreOf(String player) {
        if (result == Result.DRAW) return 0.5;
        if (player.equals(white)) return result == Result.WHITE_WINS ? 1 : 0;
        if (player.equals(black)) return result == Result.BLACK_WINS ? 1 : 0;
        return Double.NaN;
    }
}
