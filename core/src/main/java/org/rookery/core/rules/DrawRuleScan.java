package org.rookery.core.rules;

import java.util.List;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.UciMoves;

/**
 * The draw-rule facts of one game replayed from its start position and UCI moves (the form the
 * {@code games} table stores for imports and gauntlet games alike); {@link
 * org.rookery.core.pgn.GameReplay} gathers the same {@link DrawFacts} from SAN. One instance per
 * thread, owned by the caller; a scan allocates nothing per move.
 */
public final class DrawRuleScan {
    private final Position pos = new Position();
    private final UciMoves uci = new UciMoves();
    private final DrawFacts facts = new DrawFacts();
    private String error;

    /**
     * Replays {@code moves} from {@code startFen} (null: the initial position). Returns false, with
     * {@link #error()} set, if the FEN or a move is not legal; the facts then cover the moves
     * before it.
     */
    public boolean scan(String startFen, List<String> moves) {
        return scan(startFen, UciMoves.array(moves));
    }

    /** As {@link #scan(String, List)}, over an array. */
    public boolean scan(String startFen, String[] moves) {
        error = null;
        try {
            pos.setFen(startFen == null ? Position.START_FEN : startFen);
        } catch (FenException e) {
            error = "start FEN: " + e.getMessage();
            facts.clear();
            return false;
        }
        facts.start(pos);
        int n = moves == null ? 0 : moves.length;
        for (int i = 0; i < n; i++) {
            int move;
            try {
                move = uci.resolve(pos, moves[i]);
            } catch (NotationException e) {
                error = "ply " + (i + 1) + ": " + e.getMessage();
                break;
            }
            pos.makeMove(move);
            facts.afterMove(pos);
        }
        facts.finish(pos, error == null);
        return error == null;
    }

    /** The facts of the last scan (or of {@link DrawFacts#restore}). */
    public DrawFacts facts() {
        return facts;
    }

    /** Why the last scan stopped early, or null. */
    public String error() {
        return error;
    }
}
