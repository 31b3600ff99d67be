package org.rookery.workers.tune;

import org.rookery.core.rules.Result;
import org.rookery.workers.match.GameRecord;

/** Turns a game pair into SPSA's R: wins minus losses of the θ+ engine over both games. */
final class PairResult {
    private PairResult() {}

    /** +1, 0 or −1 for the θ+ engine in one game. */
    static int of(GameRecord g, String plusName) {
        if (g.result() == Result.DRAW) return 0;
        boolean whiteWon = g.result() == Result.WHITE_WINS;
        return whiteWon == g.white().equals(plusName) ? 1 : -1;
    }
}
