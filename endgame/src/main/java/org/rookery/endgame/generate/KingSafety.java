package org.rookery.endgame.generate;

import static org.rookery.core.board.Bitboards.PAWN_ATTACKS;

import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Piece;

/**
 * Which moves of one board leave the mover's king safe, worked out once per board: the squares the
 * opponent attacks with that king lifted off the board (where the king may not step), the squares
 * another piece must move to when in check (the checker or a square between it and the king), and
 * the pinned pieces. Move generation then tests each move with a couple of bit operations instead
 * of looking for attacks on the king after it, the bulk of the forward pass's cost otherwise.
 *
 * <p>One instance per thread; nothing is allocated. En passant is not covered (callers that meet
 * it test the board after the capture).
 */
final class KingSafety {
    /** Squares the opponent attacks, through the mover's king (so it cannot step back along a ray). */
    long danger;
    /** Squares a non-king move must reach: every square when not in check, none in double check. */
    long evasions;
    /** The mover's pieces pinned to its king. */
    long pinned;
    private int ksq;

    /** Prepares the tests for {@code us} to move on piece bitboards {@code b} of occupancy {@code occ}; {@code checkers} attack the king. */
    void of(long[] b, int us, long occ, long checkers) {
        final int them = us ^ 1, t6 = them * 6;
        final long king = b[us * 6 + Piece.KING];
        ksq = Long.numberOfTrailingZeros(king);
        if (checkers == 0) evasions = -1L;
        else if ((checkers & (checkers - 1)) == 0) evasions = checkers | Bitboards.BETWEEN[ksq][Long.numberOfTrailingZeros(checkers)];
        else evasions = 0;
        final long own = occ & ~(b[t6] | b[t6 + 1] | b[t6 + 2] | b[t6 + 3] | b[t6 + 4] | b[t6 + 5]);
        final long diagonal = b[t6 + Piece.BISHOP] | b[t6 + Piece.QUEEN], straight = b[t6 + Piece.ROOK] | b[t6 + Piece.QUEEN];
        long pins = 0;
        for (long s = (Bitboards.BISHOP_RAYS[ksq] & diagonal) | (Bitboards.ROOK_RAYS[ksq] & straight); s != 0; s &= s - 1) {
            long between = Bitboards.BETWEEN[ksq][Long.numberOfTrailingZeros(s)] & occ;
            if (between != 0 && (between & (between - 1)) == 0 && (between & own) != 0) pins |= between;
        }
        pinned = pins;
        final long lifted = occ ^ king;
        long d = Bitboards.KING_ATTACKS[Long.numberOfTrailingZeros(b[t6 + Piece.KING])];
        for (long p = b[t6]; p != 0; p &= p - 1) d |= PAWN_ATTACKS[them][Long.numberOfTrailingZeros(p)];
        for (long p = b[t6 + Piece.KNIGHT]; p != 0; p &= p - 1) d |= Bitboards.KNIGHT_ATTACKS[Long.numberOfTrailingZeros(p)];
        for (long p = diagonal; p != 0; p &= p - 1) d |= Bitboards.bishopAttacks(Long.numberOfTrailingZeros(p), lifted);
        for (long p = straight; p != 0; p &= p - 1) d |= Bitboards.rookAttacks(Long.numberOfTrailingZeros(p), lifted);
        danger = d;
    }

    /** Whether the king may step to a square (empty or holding an opponent's piece). */
    boolean kingMay(long toBit) {
        return (danger & toBit) == 0;
    }

    /** Whether a non-king piece may move from {@code from} to {@code toBit} (any capture is of the piece there). */
    boolean pieceMay(int from, long toBit) {
        return (toBit & evasions) != 0 && ((pinned >>> from & 1) == 0 || (Bitboards.LINE[ksq][from] & toBit) != 0);
    }
}
