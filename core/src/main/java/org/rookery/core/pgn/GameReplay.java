package org.rookery.core.pgn;

import org.rookery.core.board.FenException;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.San;

/**
 * Replays a parsed PGN game on a board: resolves every SAN move, so only legal games count, and
 * tracks when the draw rules first applied (threefold and fivefold repetition, the 50- and
 * 75-move rules). One instance per thread; replaying allocates nothing per move.
 */
public final class GameReplay {
    private static final Position START = new Position();
    private final San san = new San();
    private final Position pos = new Position();
    private int[] moves = new int[512];
    private int plies;
    private String error;
    private int errorPly;
    private int startSide, startFullmove;
    private int threefoldPly, fivefoldPly, fiftyPly, seventyFivePly, maxHalfmove;

    /**
     * Replays {@code game} from its FEN tag (when SetUp says so) or the initial position. Returns
     * false, with {@link #error()} set, at the first illegal or unreadable move; the moves before
     * it stay available.
     */
    public boolean replay(PgnGame game) {
        plies = 0;
        error = null;
        errorPly = -1;
        threefoldPly = fivefoldPly = fiftyPly = seventyFivePly = -1;
        String fen = game.tag("FEN");
        try {
            if (fen != null) pos.setFen(fen);
            else pos.copyFrom(START);
        } catch (FenException e) {
            error = "FEN tag: " + e.getMessage();
            return false;
        }
        maxHalfmove = pos.halfmoveClock();
        startSide = pos.sideToMove();
        startFullmove = pos.fullmoveNumber();
        char[] buf = game.sanBuffer();
        int n = game.plyCount();
        if (moves.length < n) moves = new int[Math.max(n, moves.length * 2)];
        for (int i = 0; i < n; i++) {
            int move;
            int start = game.sanStart(i);
            try {
                move = san.parse(pos, buf, start, start + game.sanLength(i));
            } catch (NotationException e) {
                error = "move " + moveNumberText(i).trim() + " (ply " + (i + 1) + "): " + e.getMessage();
                errorPly = i;
                return false;
            }
            pos.makeMove(move);
            moves[plies++] = move;
            int hm = pos.halfmoveClock();
            if (hm > maxHalfmove) maxHalfmove = hm;
            if (hm >= 100 && fiftyPly < 0) fiftyPly = plies;
            if (hm >= 150 && seventyFivePly < 0) seventyFivePly = plies;
            // A repetition needs at least four reversible plies; skip the scan otherwise.
            if (hm >= 4 && fivefoldPly < 0) {
                int reps = pos.repetitionCount();
                if (reps >= 3 && threefoldPly < 0) threefoldPly = plies;
                if (reps >= 5) fivefoldPly = plies;
            }
        }
        return true;
    }

    private String moveNumberText(int ply) {
        int fromStart = ply + (startSide == Piece.BLACK ? 1 : 0);
        return (startFullmove + fromStart / 2) + (fromStart % 2 == 0 ? "." : "...");
    }

    /** The position after the last replayed move. */
    public Position position() { return pos; }

    public int plies() { return plies; }

    public int move(int i) { return moves[i]; }

    /** The reason the last replay stopped, or null when it succeeded. */
    public String error() { return error; }

    /** 0-based ply that failed, or -1. */
    public int errorPly() { return errorPly; }

    /** Ply after which some position stood on the board for the third time, or -1. */
    public int threefoldPly() { return threefoldPly; }

    public int fivefoldPly() { return fivefoldPly; }

    /** First ply with the halfmove clock at 100 (50-move claim available), or -1. */
    public int fiftyPly() { return fiftyPly; }

    public int seventyFivePly() { return seventyFivePly; }

    public int maxHalfmoveClock() { return maxHalfmove; }
}
