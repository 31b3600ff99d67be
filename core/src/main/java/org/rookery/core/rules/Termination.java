package org.rookery.core.rules;

/**
 * Why a game ended. The first group is decided by the rules on the board; the rest by clocks,
 * claims, engines' behaviour or a match runner's adjudication. {@link #pgnTag()} is the value of
 * the PGN {@code Termination} tag, following cutechess-cli's and the PGN standard's vocabulary.
 */
public enum Termination {
    CHECKMATE("normal"),
    STALEMATE("normal"),
    /** No sequence of legal moves can produce a mate (FIDE 5.2.2 / 9.6). */
    DEAD_POSITION("normal"),
    /** The same position for the fifth time: automatic draw (FIDE 9.6.1). */
    FIVEFOLD_REPETITION("normal"),
    /** 75 moves by each side without capture or pawn move: automatic draw (FIDE 9.6.2). */
    SEVENTY_FIVE_MOVE_RULE("normal"),
    /** Claimed threefold repetition (FIDE 9.2). */
    THREEFOLD_REPETITION("normal"),
    /** Claimed 50-move rule (FIDE 9.3). */
    FIFTY_MOVE_RULE("normal"),
    /** A flag fell and the opponent could mate: the flagging side loses. */
    TIME_FORFEIT("time forfeit"),
    /** A flag fell but the opponent cannot mate by any sequence of legal moves: draw (FIDE 6.9). */
    TIMEOUT_VS_INSUFFICIENT_MATERIAL("time forfeit"),
    RESIGNATION("normal"),
    AGREEMENT("normal"),
    ADJUDICATION("adjudication"),
    ILLEGAL_MOVE("illegal move"),
    /** The engine process crashed or exited. */
    DISCONNECT("abandoned"),
    /** The engine stopped answering (no bestmove within its time plus margin). */
    STALL("time forfeit"),
    UNTERMINATED("unterminated");

    private final String pgnTag;

    Termination(String pgnTag) { this.pgnTag = pgnTag; }

    public String pgnTag() { return pgnTag; }
}
