package org.rookery.dashboards.chess;

import org.rookery.core.board.FenException;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.Uci;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Text;

/**
 * The position a request names: a FEN (default: the initial position) and then {@code play}, a
 * comma-separated list of UCI moves, as the lichess explorer takes them. Bad input is an
 * {@link ApiException} naming {@code fen} or {@code play}.
 */
public final class PositionInput {
    /** More moves than any opening line; also keeps the position's history array in bounds. */
    public static final int MAX_PLAY = 300;
    private static final int MAX_FEN_LENGTH = 120;

    private PositionInput() {
    }

    public static Position parse(String fen, String play) {
        Position pos;
        if (fen == null || fen.isBlank()) {
            pos = new Position();
        } else {
            if (fen.length() > MAX_FEN_LENGTH) throw ApiException.badParameter("fen", "too long to be a FEN");
            try {
                pos = Position.fromFen(fen.trim());
            } catch (FenException e) {
                throw ApiException.badParameter("fen", e.getMessage());
            }
        }
        if (play == null || play.isBlank()) return pos;
        String[] moves = play.split(",", -1);
        if (moves.length > MAX_PLAY) throw ApiException.badParameter("play", "more than " + MAX_PLAY + " moves");
        Uci uci = new Uci();
        for (int i = 0; i < moves.length; i++) {
            String m = moves[i].trim();
            try {
                pos.makeMove(uci.parse(pos, m));
            } catch (NotationException e) {
                throw ApiException.badParameter("play", "move " + (i + 1) + " " + Text.clip(m) + " is not legal here");
            }
        }
        return pos;
    }
}
