package org.rookery.core.notation;

import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;

/**
 * The UCI text of every move, built once: writers of move lists (the {@code moves_uci} column, the
 * openings table) share these strings instead of allocating one per move. Castling reads as the
 * king's two-square move, as {@link Move#toUci} writes it.
 */
public final class UciText {
    private UciText() {}

    /** Number of table entries: every origin and destination, plain or promoting to N, B, R or Q. */
    public static final int SIZE = 64 * 64 * 5;

    private static final String[] TEXT = new String[SIZE];

    static {
        for (int from = 0; from < 64; from++) {
            for (int to = 0; to < 64; to++) {
                TEXT[index(Move.of(from, to, Move.QUIET))] = Move.toUci(Move.of(from, to, Move.QUIET));
                for (int p = Piece.KNIGHT; p <= Piece.QUEEN; p++) {
                    int move = Move.of(from, to, Move.PROMO_KNIGHT + p - Piece.KNIGHT);
                    TEXT[index(move)] = Move.toUci(move);
                }
            }
        }
    }

    /**
     * The table slot of a move, in {@code [0, SIZE)}: moves with the same text share it, so a
     * caller can keep its own encoding of the texts (bytes, say) in an array indexed the same way.
     */
    public static int index(int move) {
        int promo = Move.isPromotion(move) ? Move.promotionType(move) - Piece.KNIGHT + 1 : 0;
        return Move.from(move) | Move.to(move) << 6 | promo << 12;
    }

    /** The UCI text of a move, shared, never allocated. */
    public static String of(int move) {
        return TEXT[index(move)];
    }

    /** The text in table slot {@code index} (see {@link #index}). */
    public static String at(int index) {
        return TEXT[index];
    }
}
