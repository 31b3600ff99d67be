package org.rookery.core.board;

import static org.rookery.core.board.Bitboards.BETWEEN;
import static org.rookery.core.board.Bitboards.FILE_A;
import static org.rookery.core.board.Bitboards.FILE_H;
import static org.rookery.core.board.Bitboards.KING_ATTACKS;
import static org.rookery.core.board.Bitboards.KNIGHT_ATTACKS;
import static org.rookery.core.board.Bitboards.LINE;
import static org.rookery.core.board.Bitboards.PAWN_ATTACKS;
import static org.rookery.core.board.Bitboards.bishopAttacks;
import static org.rookery.core.board.Bitboards.rookAttacks;

/**
 * Legal move generation for a {@link Position}, straight from its check and pin masks (as Pulse
 * keeps {@code MoveGenerator} beside {@code Position} and Stockfish keeps movegen.cpp beside
 * position.cpp).
 *
 * <p>{@link #generate} lists moves for a target set; {@link #count} counts all of them from the same
 * masks by popcounts; {@link #pieceTo} looks back from one square, for SAN.
 */
final class MoveGenerator {
    private MoveGenerator() {}

    /** Appends the legal moves landing in {@code target} at {@code n} of {@code moves}; returns the new end. */
    static int generate(Position p, int[] moves, int n, long target, boolean withEp, boolean withCastling) {
        final int us = p.side, them = us ^ 1, u = us * 6;
        final long occ = p.occupied, ours = p.colorBB[us], theirs = p.colorBB[them];
        final int ksq = p.kingSq[us];

        long kingTargets = KING_ATTACKS[ksq] & target;
        long occNoKing = occ ^ (1L << ksq);
        while (kingTargets != 0) {
            int to = Long.numberOfTrailingZeros(kingTargets);
            kingTargets &= kingTargets - 1;
            if (!p.attackedBy(them, to, occNoKing)) {
                moves[n++] = ksq | (to << 6) | (((theirs >>> to) & 1) == 0 ? 0 : Move.CAPTURE << 12);
            }
        }
        long chk = p.checkers;
        if (chk != 0 && (chk & (chk - 1)) != 0) return n;

        long t = target & ~ours;
        if (chk != 0) t &= BETWEEN[ksq][Long.numberOfTrailingZeros(chk)] | chk;
        else if (withCastling && p.castling != 0) n = generateCastling(p, moves, n, us);

        final long pin = p.pinned;
        final long movable = chk != 0 ? ~pin : ~0L; // a p.pinned piece can never resolve a check

        long knights = p.pieceBB[u + Piece.KNIGHT] & ~pin;
        while (knights != 0) {
            int from = Long.numberOfTrailingZeros(knights);
            knights &= knights - 1;
            n = emit(moves, n, from, KNIGHT_ATTACKS[from] & t, theirs);
        }
        long diag = (p.pieceBB[u + Piece.BISHOP] | p.pieceBB[u + Piece.QUEEN]) & movable;
        while (diag != 0) {
            int from = Long.numberOfTrailingZeros(diag);
            diag &= diag - 1;
            long a = bishopAttacks(from, occ) & t;
            if (((pin >>> from) & 1) != 0) a &= LINE[ksq][from];
            n = emit(moves, n, from, a, theirs);
        }
        long orth = (p.pieceBB[u + Piece.ROOK] | p.pieceBB[u + Piece.QUEEN]) & movable;
        while (orth != 0) {
            int from = Long.numberOfTrailingZeros(orth);
            orth &= orth - 1;
            long a = rookAttacks(from, occ) & t;
            if (((pin >>> from) & 1) != 0) a &= LINE[ksq][from];
            n = emit(moves, n, from, a, theirs);
        }

        long pawns = p.pieceBB[u];
        n = generatePawns(p, moves, n, pawns & ~pin, t, theirs, us);
        if (chk == 0) {
            long pinnedPawns = pawns & pin;
            while (pinnedPawns != 0) {
                int from = Long.numberOfTrailingZeros(pinnedPawns);
                pinnedPawns &= pinnedPawns - 1;
                n = generatePawns(p, moves, n, 1L << from, t & LINE[ksq][from], theirs, us);
            }
        }
        if (withEp && p.epSquare != Square.NONE) {
            long cands = PAWN_ATTACKS[them][p.epSquare] & pawns;
            while (cands != 0) {
                int from = Long.numberOfTrailingZeros(cands);
                cands &= cands - 1;
                if (p.epLegalFrom(from, p.epSquare)) moves[n++] = Move.of(from, p.epSquare, Move.EN_PASSANT);
            }
        }
        return n;
    }

    private static int emit(int[] moves, int n, int from, long targets, long theirs) {
        long caps = targets & theirs;
        long quiets = targets ^ caps;
        while (caps != 0) {
            moves[n++] = from | (Long.numberOfTrailingZeros(caps) << 6) | (Move.CAPTURE << 12);
            caps &= caps - 1;
        }
        while (quiets != 0) {
            moves[n++] = from | (Long.numberOfTrailingZeros(quiets) << 6);
            quiets &= quiets - 1;
        }
        return n;
    }

    private static int generateCastling(Position p, int[] moves, int n, int us) {
        for (int right = us * 2; right < us * 2 + 2; right++) {
            if ((p.castling & (1 << right)) == 0) continue;
            if (p.castlingAllowed(right)) {
                int kingTo = Square.of((right & 1) == 0 ? 6 : 2, Square.rank(p.castleKingFrom[right]));
                moves[n++] = Move.of(p.castleKingFrom[right], kingTo, (right & 1) == 0 ? Move.KING_CASTLE : Move.QUEEN_CASTLE);
            }
        }
        return n;
    }

    private static int generatePawns(Position p, int[] moves, int n, long pawns, long t, long theirs, int us) {
        if (pawns == 0) return n;
        long empty = ~p.occupied;
        long single, dbl, capL, capR;
        int up, upL, upR;
        long promoRank;
        if (us == Piece.WHITE) {
            single = (pawns << 8) & empty;
            dbl = ((single & Bitboards.RANK_3) << 8) & empty & t;
            capL = ((pawns & ~FILE_A) << 7) & theirs & t;
            capR = ((pawns & ~FILE_H) << 9) & theirs & t;
            up = 8; upL = 7; upR = 9;
            promoRank = Bitboards.RANK_8;
        } else {
            single = (pawns >>> 8) & empty;
            dbl = ((single & Bitboards.RANK_6) >>> 8) & empty & t;
            capL = ((pawns & ~FILE_A) >>> 9) & theirs & t;
            capR = ((pawns & ~FILE_H) >>> 7) & theirs & t;
            up = -8; upL = -9; upR = -7;
            promoRank = Bitboards.RANK_1;
        }
        single &= t;
        long b = single & ~promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            moves[n++] = (to - up) | (to << 6);
        }
        while (dbl != 0) {
            int to = Long.numberOfTrailingZeros(dbl);
            dbl &= dbl - 1;
            moves[n++] = (to - 2 * up) | (to << 6) | (Move.DOUBLE_PUSH << 12);
        }
        b = capL & ~promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            moves[n++] = (to - upL) | (to << 6) | (Move.CAPTURE << 12);
        }
        b = capR & ~promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            moves[n++] = (to - upR) | (to << 6) | (Move.CAPTURE << 12);
        }
        b = single & promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = promotions(moves, n, to - up, to, Move.PROMO_KNIGHT);
        }
        b = capL & promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = promotions(moves, n, to - upL, to, Move.PROMO_CAPTURE_KNIGHT);
        }
        b = capR & promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = promotions(moves, n, to - upR, to, Move.PROMO_CAPTURE_KNIGHT);
        }
        return n;
    }

    private static int promotions(int[] moves, int n, int from, int to, int baseFlag) {
        int m = from | (to << 6);
        // Queen first: engines and SAN resolution meet the usual promotion earliest.
        moves[n++] = m | ((baseFlag + 3) << 12);
        moves[n++] = m | (baseFlag << 12);
        moves[n++] = m | ((baseFlag + 2) << 12);
        moves[n++] = m | ((baseFlag + 1) << 12);
        return n;
    }

    /**
     * The number of legal moves, without listing them: popcounts of the same target sets as
     * {@link #generate}, so perft's last ply costs a fraction of generating. Kept apart from
     * {@link #generate} for speed: one generator with a count-only mode (moves == null) measured
     * about 8 % slower bulk perft (median of six paired runs, BENCHMARKS.md session 7), as C2
     * compiles it once for both modes. MakeUnmakeTest checks the two agree in every position it
     * visits.
     */
    static int count(Position p) {
        final int us = p.side, them = us ^ 1, u = us * 6;
        final long occ = p.occupied, ours = p.colorBB[us], theirs = p.colorBB[them];
        final int ksq = p.kingSq[us];
        int n = 0;
        long kingTargets = KING_ATTACKS[ksq] & ~ours;
        long occNoKing = occ ^ (1L << ksq);
        while (kingTargets != 0) {
            int to = Long.numberOfTrailingZeros(kingTargets);
            kingTargets &= kingTargets - 1;
            if (!p.attackedBy(them, to, occNoKing)) n++;
        }
        long chk = p.checkers;
        if (chk != 0 && (chk & (chk - 1)) != 0) return n;
        long t = ~ours;
        if (chk != 0) t &= BETWEEN[ksq][Long.numberOfTrailingZeros(chk)] | chk;
        else if (p.castling != 0) {
            for (int right = us * 2; right < us * 2 + 2; right++) {
                if ((p.castling & (1 << right)) != 0 && p.castlingAllowed(right)) n++;
            }
        }
        final long pin = p.pinned;
        final long movable = chk != 0 ? ~pin : ~0L;
        long knights = p.pieceBB[u + Piece.KNIGHT] & ~pin;
        while (knights != 0) {
            n += Long.bitCount(KNIGHT_ATTACKS[Long.numberOfTrailingZeros(knights)] & t);
            knights &= knights - 1;
        }
        long diag = (p.pieceBB[u + Piece.BISHOP] | p.pieceBB[u + Piece.QUEEN]) & movable;
        while (diag != 0) {
            int from = Long.numberOfTrailingZeros(diag);
            diag &= diag - 1;
            long a = bishopAttacks(from, occ) & t;
            if (((pin >>> from) & 1) != 0) a &= LINE[ksq][from];
            n += Long.bitCount(a);
        }
        long orth = (p.pieceBB[u + Piece.ROOK] | p.pieceBB[u + Piece.QUEEN]) & movable;
        while (orth != 0) {
            int from = Long.numberOfTrailingZeros(orth);
            orth &= orth - 1;
            long a = rookAttacks(from, occ) & t;
            if (((pin >>> from) & 1) != 0) a &= LINE[ksq][from];
            n += Long.bitCount(a);
        }
        long pawns = p.pieceBB[u];
        n += countPawns(p, pawns & ~pin, t, theirs, us);
        if (chk == 0) {
            long pinnedPawns = pawns & pin;
            while (pinnedPawns != 0) {
                int from = Long.numberOfTrailingZeros(pinnedPawns);
                pinnedPawns &= pinnedPawns - 1;
                n += countPawns(p, 1L << from, t & LINE[ksq][from], theirs, us);
            }
        }
        if (p.epSquare != Square.NONE) {
            long cands = PAWN_ATTACKS[them][p.epSquare] & pawns;
            while (cands != 0) {
                int from = Long.numberOfTrailingZeros(cands);
                cands &= cands - 1;
                if (p.epLegalFrom(from, p.epSquare)) n++;
            }
        }
        return n;
    }

    private static int countPawns(Position p, long pawns, long t, long theirs, int us) {
        if (pawns == 0) return 0;
        long empty = ~p.occupied;
        long single, dbl, caps1, caps2, promoRank;
        if (us == Piece.WHITE) {
            single = (pawns << 8) & empty;
            dbl = ((single & Bitboards.RANK_3) << 8) & empty & t;
            caps1 = ((pawns & ~FILE_A) << 7) & theirs & t;
            caps2 = ((pawns & ~FILE_H) << 9) & theirs & t;
            promoRank = Bitboards.RANK_8;
        } else {
            single = (pawns >>> 8) & empty;
            dbl = ((single & Bitboards.RANK_6) >>> 8) & empty & t;
            caps1 = ((pawns & ~FILE_A) >>> 9) & theirs & t;
            caps2 = ((pawns & ~FILE_H) >>> 7) & theirs & t;
            promoRank = Bitboards.RANK_1;
        }
        single &= t;
        return Long.bitCount(single & ~promoRank) + Long.bitCount(dbl)
            + Long.bitCount(caps1 & ~promoRank) + Long.bitCount(caps2 & ~promoRank)
            + 4 * (Long.bitCount(single & promoRank) + Long.bitCount(caps1 & promoRank) + Long.bitCount(caps2 & promoRank));
    }

    /**
     * The legal moves of the side to move's knights, bishops, rooks or queens ({@code type}) to
     * {@code to}: looks back from the square at the pieces of that type that attack it, with the
     * same check and pin rules as {@link #generate}.
     */
    static int pieceTo(Position p, int[] moves, int start, int type, int to) {
        final int us = p.side, u = us * 6, ksq = p.kingSq[us];
        long chk = p.checkers;
        if (chk != 0 && (chk & (chk - 1)) != 0) return start;
        long t = (1L << to) & ~p.colorBB[us];
        if (chk != 0) t &= BETWEEN[ksq][Long.numberOfTrailingZeros(chk)] | chk;
        if (t == 0) return start;
        final long occ = p.occupied;
        long from;
        switch (type) {
            case Piece.KNIGHT: from = KNIGHT_ATTACKS[to]; break;
            case Piece.BISHOP: from = bishopAttacks(to, occ); break;
            case Piece.ROOK: from = rookAttacks(to, occ); break;
            default: from = bishopAttacks(to, occ) | rookAttacks(to, occ); break;
        }
        from &= p.pieceBB[u + type];
        final long pin = p.pinned;
        if (chk != 0) from &= ~pin; // a pinned piece can never resolve a check
        final int flags = ((p.colorBB[us ^ 1] >>> to) & 1) == 0 ? 0 : Move.CAPTURE << 12;
        int n = start;
        while (from != 0) {
            int f = Long.numberOfTrailingZeros(from);
            from &= from - 1;
            if (((pin >>> f) & 1) != 0 && ((LINE[ksq][f] >>> to) & 1) == 0) continue;
            moves[n++] = f | (to << 6) | flags;
        }
        return n;
    }
}
