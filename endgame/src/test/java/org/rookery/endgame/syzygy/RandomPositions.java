package org.rookery.endgame.syzygy;

import java.util.SplittableRandom;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Position;

/** Random legal positions of a given material (name like "KRvKP") with a chosen side to move. */
final class RandomPositions {
    private RandomPositions() {}

    static Position of(String material, boolean blackToMove, SplittableRandom random) {
        String white = material.substring(0, material.indexOf('v'));
        String black = material.substring(material.indexOf('v') + 1);
        while (true) {
            char[] board = new char[64];
            boolean ok = place(board, white, false, random) && place(board, black, true, random);
            if (!ok || kingsTouch(board)) continue;
            try {
                return Position.fromFen(placement(board) + (blackToMove ? " b - - 0 1" : " w - - 0 1"));
            } catch (FenException illegal) {
                continue; // the side not to move is in check
            }
        }
    }

    /** The FEN placement field of a board of FEN letters (0 for empty), a1 = index 0. */
    private static String placement(char[] board) {
        StringBuilder fen = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                char c = board[rank * 8 + file];
                if (c == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) fen.append(empty);
                empty = 0;
                fen.append(c);
            }
            if (empty > 0) fen.append(empty);
            if (rank > 0) fen.append('/');
        }
        return fen.toString();
    }

    private static boolean kingsTouch(char[] board) {
        int wk = -1, bk = -1;
        for (int sq = 0; sq < 64; sq++) {
            if (board[sq] == 'K') wk = sq;
            if (board[sq] == 'k') bk = sq;
        }
        return Math.abs((wk & 7) - (bk & 7)) <= 1 && Math.abs((wk >> 3) - (bk >> 3)) <= 1;
    }

    private static boolean place(char[] board, String side, boolean black, SplittableRandom random) {
        for (char c : side.toCharArray()) {
            int sq = random.nextInt(64);
            if (board[sq] != 0) return false;
            if (c == 'P' && (sq < 8 || sq >= 56)) return false;
            board[sq] = black ? Character.toLowerCase(c) : c;
        }
        return true;
    }

    /**
     * KPvKP with white to move right after black's double push next to white's fifth-rank pawn, so
     * an en-passant capture is possible (when legal).
     */
    static Position enPassant(SplittableRandom random) {
        while (true) {
            int file = random.nextInt(8);
            int side = file == 0 ? 1 : file == 7 ? -1 : (random.nextBoolean() ? 1 : -1);
            char[] board = new char[64];
            board[32 + file] = 'P';
            board[32 + file + side] = 'p';
            int wk = random.nextInt(64), bk = random.nextInt(64);
            int ep = 40 + file + side;
            if (board[wk] != 0 || board[bk] != 0 || wk == bk || wk == ep || bk == ep || wk == ep + 8 || bk == ep + 8) continue;
            board[wk] = 'K';
            board[bk] = 'k';
            if (kingsTouch(board)) continue;
            try {
                return Position.fromFen(placement(board) + " w - " + (char) ('a' + file + side) + "6 0 1");
            } catch (FenException illegal) {
                continue;
            }
        }
    }
}
