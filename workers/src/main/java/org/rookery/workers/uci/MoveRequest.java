package org.rookery.workers.uci;

import java.util.List;
import org.rookery.core.board.Position;
import org.rookery.core.clock.UciTimes;

/**
 * The runner's view of a game at the moment an engine is to move, owned and updated by the runner
 * and read by the engine during {@link Engine#go}: the start, the moves so far (UCI text in the
 * variant's own castling form, and SAN), the current position and both clocks. One instance per
 * game; nothing is copied per move.
 */
public final class MoveRequest {
    private String startFen;
    private List<String> uciMoves;
    private List<String> sanMoves;
    private Position position;
    private UciTimes times;
    private int side;
    private long gameId;

    /** Points the request at a new game's start and move lists (the lists are the runner's, appended to as the game goes). */
    public void reset(long gameId, String startFen, List<String> uciMoves, List<String> sanMoves) {
        this.gameId = gameId;
        this.startFen = startFen;
        this.uciMoves = uciMoves;
        this.sanMoves = sanMoves;
    }

    /** The state at this move: the position to move in, its side to move and both clocks. */
    public void update(Position position, int side, UciTimes times) {
        this.position = position;
        this.side = side;
        this.times = times;
    }

    /** Distinguishes games, so an engine can tell a request of a new game from the next move of the last. */
    public long gameId() { return gameId; }
    public String startFen() { return startFen; }
    /** The moves so far in UCI text (Chess960: king takes rook), oldest first. */
    public List<String> uciMoves() { return uciMoves; }
    /** The same moves in SAN. */
    public List<String> sanMoves() { return sanMoves; }
    /** The current position: read only. */
    public Position position() { return position; }
    /** Both clocks, in UCI's milliseconds. */
    public UciTimes times() { return times; }
    /** The side to move, {@link org.rookery.core.board.Piece#WHITE} or BLACK. */
    public int side() { return side; }
}
