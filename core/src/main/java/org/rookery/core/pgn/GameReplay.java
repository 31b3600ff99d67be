package org.rookery.core.pgn;

import org.rookery.core.board.FenException;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.San;
import org.rookery.core.rules.DrawFacts;

/**
 * Replays a parsed PGN game on a board: resolves every SAN move, so only legal games count, and
 * gathers the game's {@link DrawFacts} as it goes (when threefold and fivefold repetition and the
 * 50- and 75-move rules first applied, and the rest of {@code draw_facts}). One instance per
 * thread; replaying allocates nothing per move.
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
    private final DrawFacts facts = new DrawFacts();

    /**
     * Replays {@code game} from its FEN tag (when SetUp says so) or the initial position, as Chess960 when its Variant tag or FEN says so. Returns
     * false, with {@link #error()} set, at the first illegal or unreadable move; the moves before
     * it stay available.
     */
    public boolean replay(PgnGame game) {
        plies = 0;
        error = null;
        errorPly = -1;
        String fen = game.tag("FEN");
        try {
            boolean chess960 = PgnVariant.isChess960(game);
            if (fen != null) pos.setFen(fen, chess960);
            else if (chess960) pos.setFen(Position.START_FEN, true);
            else pos.copyFrom(START);
        } catch (FenException e) {
            error = "FEN tag: " + e.getMessage();
            facts.clear();
            return false;
        }
        facts.start(pos);
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
                facts.finish(pos, false);
                return false;
            }
            pos.makeMove(move);
            moves[plies++] = move;
            facts.afterMove(pos);
        }
        facts.finish(pos, true);
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

    /**
     * The draw-rule facts of the last replay; after a failed one they cover the moves before the
     * failure (nothing when the FEN tag was bad).
     */
    public DrawFacts facts() { return facts; }
}
