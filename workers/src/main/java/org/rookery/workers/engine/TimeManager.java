package org.rookery.workers.engine;

import org.rookery.core.board.Piece;

/**
 * How long one move may take, from the {@code go} command's clock or move time. Two budgets: a
 * target after which no new iteration starts (an iteration costs about as much as all before it,
 * so starting one late overshoots), and a hard maximum at which the running iteration is
 * abandoned. Both leave the {@code Move Overhead} for the GUI's and the pipe's latency.
 */
public final class TimeManager {
    /** No time limit. */
    public static final long UNLIMITED = Long.MAX_VALUE;

    /** Moves assumed to remain in sudden death; large enough to keep reserves in long games. */
    static final int SUDDEN_DEATH_MOVES = 30;
    /** Movestogo values above this are treated as this, so a huge control is not spread too thin. */
    static final int MAX_MOVES_TO_GO = 50;

    private final long targetMs;
    private final long maximumMs;
    private final boolean fixedMoveTime;

    private TimeManager(long targetMs, long maximumMs, boolean fixedMoveTime) {
        this.targetMs = targetMs;
        this.maximumMs = maximumMs;
        this.fixedMoveTime = fixedMoveTime;
    }

    /** The budget for the side to move under {@code limits}, keeping {@code overheadMs} in reserve. */
    public static TimeManager of(SearchLimits limits, int sideToMove, long overheadMs) {
        if (limits.moveTimeMs() > 0) {
            long t = Math.max(1, limits.moveTimeMs() - overheadMs);
            return new TimeManager(t, t, true);
        }
        long time = sideToMove == Piece.WHITE ? limits.wtimeMs() : limits.btimeMs();
        long inc = sideToMove == Piece.WHITE ? limits.wincMs() : limits.bincMs();
        if (time <= 0) return new TimeManager(UNLIMITED, UNLIMITED, false);
        long available = Math.max(1, time - overheadMs);
        int movesToGo = limits.movesToGo() > 0 ? Math.min(limits.movesToGo(), MAX_MOVES_TO_GO) : SUDDEN_DEATH_MOVES;
        long target = available / movesToGo + inc * 3 / 4;
        // Never plan on more than half the clock, and never risk more than four fifths of it.
        target = Math.max(1, Math.min(target, available / 2));
        long maximum = Math.max(target, Math.min(target * 4, available * 4 / 5));
        return new TimeManager(target, maximum, false);
    }

    /** Whether a search that has run {@code elapsedMs} may begin another iteration. */
    public boolean mayStartIteration(long elapsedMs) {
        if (targetMs == UNLIMITED) return true;
        // A fixed move time is the GUI's explicit wish: use it all.
        return fixedMoveTime ? elapsedMs < maximumMs : elapsedMs < targetMs / 2;
    }

    /** Whether the running iteration must be abandoned now. */
    public boolean outOfTime(long elapsedMs) {
        return elapsedMs >= maximumMs;
    }

    public long targetMs() { return targetMs; }

    public long maximumMs() { return maximumMs; }

    public boolean isLimited() { return maximumMs != UNLIMITED; }
}
