package org.rookery.workers.match;

import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;

/**
 * cutechess-style one-line reasons ("White mates", "White loses on time") rebuilt from a game
 * record's termination and result: the one wording for the match runner's rule endings and for
 * standings printed from {@code rookery.games}.
 */
public final class Reasons {
    private Reasons() {}

    /** The reason line for a game that ended by {@code t} with result {@code r}. */
    public static String describe(Termination t, Result r) {
        String winner = r == Result.WHITE_WINS ? "White" : "Black", loser = r == Result.WHITE_WINS ? "Black" : "White";
        return switch (t) {
            case CHECKMATE -> winner + " mates";
            case STALEMATE -> "Draw by stalemate";
            case DEAD_POSITION -> "Draw by insufficient mating material";
            case FIVEFOLD_REPETITION -> "Draw by fivefold repetition";
            case SEVENTY_FIVE_MOVE_RULE -> "Draw by 75-move rule";
            case THREEFOLD_REPETITION -> "Draw by 3-fold repetition";
            case FIFTY_MOVE_RULE -> "Draw by fifty moves rule";
            case TIME_FORFEIT -> loser + " loses on time"; // as GameRunner and the peers word it (OpenBench counts by it)
            case TIMEOUT_VS_INSUFFICIENT_MATERIAL -> "Draw: flag fall, but the opponent cannot mate";
            case RESIGNATION -> loser + " resigns";
            case AGREEMENT -> "Draw by agreement";
            case ADJUDICATION -> r == Result.DRAW ? "Draw by adjudication" : winner + " wins by adjudication";
            case ILLEGAL_MOVE -> loser + " makes an illegal move";
            case DISCONNECT -> loser + " disconnects";
            case STALL -> r == Result.DRAW ? "Draw: a connection stalls" : loser + "'s connection stalls";
            case UNTERMINATED -> "Unterminated";
        };
    }
}
