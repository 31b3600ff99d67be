package org.rookery.workers.uci;

/**
 * What came back from one {@code go}: a best move, or why none came.
 *
 * @param status OK, TIMEOUT (no bestmove by the deadline) or DISCONNECTED (the process ended)
 * @param bestMove the move text after {@code bestmove}, null unless OK
 * @param info the last scored info line
 * @param sentNanos when {@code go} was written
 * @param receivedNanos when the {@code bestmove} line arrived (or the deadline passed)
 * @param claim a CECP result claim as the engine wrote it ({@code resign}, {@code 1-0 {White mates}}, a draw claim
 *     before its move), or null
 */
public record SearchResult(Status status, String bestMove, SearchInfo info, long sentNanos, long receivedNanos, String claim) {
    /** How a search ended: CLAIM is a result claim (or resignation) instead of a move. */
    public enum Status { OK, TIMEOUT, DISCONNECTED, CLAIM }

    /** A result without a claim. */
    public SearchResult(Status status, String bestMove, SearchInfo info, long sentNanos, long receivedNanos) {
        this(status, bestMove, info, sentNanos, receivedNanos, null);
    }
}
