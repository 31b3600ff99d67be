package org.rookery.jobs.stats;

import java.util.List;
import org.rookery.core.board.Piece;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.San;
import org.rookery.core.notation.UciMoves;
import org.rookery.core.notation.UciText;

/**
 * Walks the first plies of one game for the opening explorer: each position reached (the start
 * and after each of the first N moves) once per game, and each move played from a position once
 * per game, however often a transposition or repetition revisits it. Plain Java; one instance per
 * thread.
 */
public final class OpeningWalk {

    /** Receives what a walk found. */
    public interface Sink {
        /** A position reached at {@code ply} (its first time in this game). */
        void position(long key, String fen, int ply);

        /** A move played from the position {@code key}, its first time in this game. */
        void move(long key, String uci, String san);

        /** As {@link #move(long, String, String)}, saying whether White made the move. */
        default void move(long key, String uci, String san, boolean whiteMoves) {
            move(key, uci, san);
        }
    }

    private final Position pos = new Position();
    private final UciMoves uci = new UciMoves();
    private final San san = new San();
    private final long[] seenKeys;
    private final long[] seenMoveKeys;
    private final int[] seenMoves;
    private final boolean names;

    /** A walker over at most {@code maxPlies} moves per game. */
    public OpeningWalk(int maxPlies) {
        this(maxPlies, true);
    }

    /**
     * A walker over at most {@code maxPlies} moves per game; without {@code names} it passes null
     * for each position's FEN and each move's SAN (what a caller that only counts needs not pay for).
     */
    public OpeningWalk(int maxPlies, boolean names) {
        this.names = names;
        seenKeys = new long[maxPlies + 1];
        seenMoveKeys = new long[maxPlies];
        seenMoves = new int[maxPlies];
    }

    /**
     * Walks {@code moves} from {@code startFen} (null: the initial position) for at most the
     * walker's ply limit; stops quietly at an illegal move, keeping what came before it.
     */
    public void walk(String startFen, List<String> moves, Sink sink) {
        walk(startFen, UciMoves.array(moves), sink);
    }

    /** As {@link #walk(String, List, Sink)}, over an array. */
    public void walk(String startFen, String[] moves, Sink sink) {
        try {
            pos.setFen(startFen == null ? Position.START_FEN : startFen);
        } catch (FenException e) {
            return;
        }
        int limit = Math.min(seenMoves.length, moves == null ? 0 : moves.length);
        int keys = 0;
        int pairs = 0;
        for (int ply = 0; ; ply++) {
            long key = pos.key();
            if (!contains(seenKeys, keys, key)) {
                seenKeys[keys++] = key;
                sink.position(key, names ? positionFen(pos) : null, ply);
            }
            if (ply >= limit) {
                return;
            }
            int move;
            try {
                move = uci.resolve(pos, moves[ply]);
            } catch (NotationException e) {
                return;
            }
            if (!containsPair(key, move, pairs)) {
                seenMoveKeys[pairs] = key;
                seenMoves[pairs++] = move;
                sink.move(key, UciText.of(move), names ? san.toSan(pos, move) : null, pos.sideToMove() == Piece.WHITE);
            }
            pos.makeMove(move);
        }
    }

    private boolean containsPair(long key, int move, int n) {
        for (int i = 0; i < n; i++) {
            if (seenMoveKeys[i] == key && seenMoves[i] == move) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(long[] a, int n, long v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    /** The position part of a FEN (placement, side, castling, en passant), without the clocks. */
    public static String positionFen(Position pos) {
        String fen = pos.toFen();
        int cut = fen.length();
        for (int spaces = 0; cut > 0 && spaces < 2; ) {
            cut--;
            if (fen.charAt(cut) == ' ') {
                spaces++;
            }
        }
        return fen.substring(0, cut);
    }
}
