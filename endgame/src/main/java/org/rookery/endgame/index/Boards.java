package org.rookery.endgame.index;

import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;

/** Conversions between piece bitboards and core positions, for messages, tests and the CLI (not hot paths). */
public final class Boards {
    private Boards() {}

    /** FEN of piece bitboards with the given side to move, no castling, no en passant, clocks 0 1. */
    public static String fen(long[] bb, int stm) {
        StringBuilder sb = new StringBuilder(64);
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int sq = rank * 8 + file, piece = -1;
                for (int p = 0; p < 12; p++) if ((bb[p] >>> sq & 1) != 0) piece = p;
                if (piece < 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) sb.append(empty);
                empty = 0;
                sb.append(Piece.fenChar(piece));
            }
            if (empty > 0) sb.append(empty);
            if (rank > 0) sb.append('/');
        }
        return sb.append(stm == Piece.WHITE ? " w - - 0 1" : " b - - 0 1").toString();
    }

    /** The position of piece bitboards. */
    public static Position position(long[] bb, int stm) {
        return Position.fromFen(fen(bb, stm));
    }

    /** Piece bitboards of a position. */
    public static long[] bitboards(Position pos) {
        long[] bb = new long[12];
        for (int p = 0; p < 12; p++) bb[p] = pos.pieces(p);
        return bb;
    }
}
