package org.rookery.workers.uci;

/**
 * What came back from one {@code go}: a best move, or why none came.
 *
 * @param status OK, TIMEOUT (no bestmove by the deadline) or DISCONNECTED (the process ended)
 * @param bestMove the move text after {@code bestmove}, null unless OK
 * @param info the last scored info line
 * @param sentNanos when {@code go} was written
 * @param receivedNanos when the {@code bestmove} line arrived (or the deadline passed)
 */
public record SearchResult(Status status, String bestMove, SearchInfo info, long sentNanos, long receivedNanos) {
    /** How a search ended. */
    public enum Status { OK, TIMEOUT, DISCONNECTED }
}
