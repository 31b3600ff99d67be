package org.rookery.dashboards.chess;

import java.util.ArrayList;
import java.util.List;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;

/**
 * Replays a stored game's UCI moves to give the viewer each move's SAN and the FEN after it, so
 * the browser needs no chess rules of its own. Replay stops quietly at a move that does not fit
 * (the rest is reported as {@code replayedPlies} &lt; moves).
 */
public final class MoveTexts {
    /**
     * One ply.
     *
     * @param uci the move in UCI
     * @param san the move in SAN
     * @param fen the position after it
     */
    public record Ply(String uci, String san, String fen) {
    }

    private MoveTexts() {
    }

    public static List<Ply> replay(String startFen, List<String> uciMoves) {
        List<Ply> out = new ArrayList<>();
        Position pos;
        try {
            pos = startFen == null || startFen.isBlank() ? new Position() : Position.fromFen(startFen);
        } catch (FenException e) {
            return out;
        }
        Uci uci = new Uci();
        San san = new San();
        for (String u : uciMoves) {
            if (u == null || out.size() >= 4000) break;
            int m;
            try {
                m = uci.parse(pos, u);
            } catch (NotationException e) {
                break;
            }
            String s = san.toSan(pos, m);
            // A Chess960 game's castling stays king-takes-rook, as stored and as the board plays it.
            String text = Uci.toUci(pos, m);
            pos.makeMove(m);
            out.add(new Ply(text, s, pos.toFen()));
        }
        return out;
    }
}
