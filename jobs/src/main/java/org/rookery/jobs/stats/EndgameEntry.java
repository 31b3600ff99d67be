package org.rookery.jobs.stats;

import java.util.List;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.UciMoves;

/**
 * Finds where a game first has at most N pieces on the board (kings included) and names the
 * material there, e.g. {@code KRPvKR}. Plain Java; one instance per thread.
 */
public final class EndgameEntry {
    /** Piece letters in signature order, strongest first. */
    private static final int[] ORDER = {Piece.KING, Piece.QUEEN, Piece.ROOK, Piece.BISHOP, Piece.KNIGHT,
        Piece.PAWN};

    private final Position pos = new Position();
    private final UciMoves uci = new UciMoves();
    private int entryPly;
    private String entryFen;
    private long entryKey;
    private int pieces;
    private int sideToMove;
    private String whiteSide;
    private String blackSide;

    /**
     * Replays {@code moves} from {@code startFen} until the board first holds at most
     * {@code maxPieces} pieces. Returns false when that never happens (or the moves do not replay
     * that far).
     */
    public boolean find(String startFen, List<String> moves, int maxPieces) {
        return find(startFen, UciMoves.array(moves), maxPieces);
    }

    /** As {@link #find(String, List, int)}, over an array. */
    public boolean find(String startFen, String[] moves, int maxPieces) {
        try {
            pos.setFen(startFen == null ? Position.START_FEN : startFen);
        } catch (FenException e) {
            return false;
        }
        int n = moves == null ? 0 : moves.length;
        for (int ply = 0; ; ply++) {
            int count = Long.bitCount(pos.occupied());
            if (count <= maxPieces) {
                entryPly = ply;
                pieces = count;
                entryFen = pos.toFen();
                entryKey = pos.key();
                sideToMove = pos.sideToMove();
                whiteSide = side(pos, Piece.WHITE);
                blackSide = side(pos, Piece.BLACK);
                return true;
            }
            if (ply >= n) {
                return false;
            }
            try {
                pos.makeMove(uci.resolve(pos, moves[ply]));
            } catch (NotationException e) {
                return false;
            }
        }
    }

    /** One side's pieces as letters, strongest first, e.g. {@code KRP}. */
    static String side(Position pos, int color) {
        StringBuilder sb = new StringBuilder(8);
        for (int type : ORDER) {
            int k = Long.bitCount(pos.pieces(color, type));
            for (int i = 0; i < k; i++) {
                sb.append(Piece.typeChar(type));
            }
        }
        return sb.toString();
    }

    /** Material value of a side's letters (P 1, N 3, B 3, R 5, Q 9). */
    static int value(String side) {
        int v = 0;
        for (int i = 0; i < side.length(); i++) {
            switch (side.charAt(i)) {
                case 'Q' -> v += 9;
                case 'R' -> v += 5;
                case 'B', 'N' -> v += 3;
                case 'P' -> v += 1;
                default -> { }
            }
        }
        return v;
    }

    /**
     * Whether White's side is listed first in the canonical signature: the side with more
     * material, then the one whose letters sort stronger (more queens, then rooks, ...), White
     * when both sides are the same.
     */
    public boolean whiteFirst() {
        int w = value(whiteSide);
        int b = value(blackSide);
        if (w != b) {
            return w > b;
        }
        return compareLetters(whiteSide, blackSide) >= 0;
    }

    private static int compareLetters(String a, String b) {
        for (int type : ORDER) {
            int ca = count(a, Piece.typeChar(type));
            int cb = count(b, Piece.typeChar(type));
            if (ca != cb) {
                return ca - cb;
            }
        }
        return 0;
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }

    /** Canonical signature, stronger side first: {@code KRPvKR}. */
    public String signature() {
        return whiteFirst() ? whiteSide + "v" + blackSide : blackSide + "v" + whiteSide;
    }

    /** Material as White's pieces versus Black's: {@code KRvKRP} when Black has the pawn. */
    public String material() {
        return whiteSide + "v" + blackSide;
    }

    public int entryPly() {
        return entryPly;
    }

    public String entryFen() {
        return entryFen;
    }

    public long entryKey() {
        return entryKey;
    }

    public int pieces() {
        return pieces;
    }

    /** {@link Piece#WHITE} or {@link Piece#BLACK}. */
    public int sideToMove() {
        return sideToMove;
    }

    /**
     * The board at the entry position after {@link #find} returned true (until the next call):
     * probing it needs the pieces, castling rights, en-passant square and halfmove clock.
     */
    public Position position() {
        return pos;
    }
}
