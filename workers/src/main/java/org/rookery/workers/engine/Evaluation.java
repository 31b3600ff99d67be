package org.rookery.workers.engine;

import static org.rookery.core.board.Bitboards.FILE_A;
import static org.rookery.core.board.Bitboards.KNIGHT_ATTACKS;
import static org.rookery.core.board.Bitboards.PAWN_ATTACKS;
import static org.rookery.core.board.Bitboards.bishopAttacks;
import static org.rookery.core.board.Bitboards.rookAttacks;

import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;

/**
 * A hand-tuned static evaluation in centipawns for the side to move: material and piece-square
 * tables tapered between a middlegame and an endgame score by the remaining non-pawn material,
 * plus pawn structure (doubled, isolated, passed), mobility, rooks on open files, the bishop pair,
 * a king pawn shield, a mop-up term that drives a bare king to the edge, and scaling of pawnless
 * endings that cannot be won. Stateless apart from static tables; allocation-free.
 */
public final class Evaluation {
    /** Material by piece type (pawn … king), middlegame and endgame. */
    static final int[] MG_VALUE = {90, 320, 330, 470, 950, 0};
    static final int[] EG_VALUE = {110, 300, 315, 520, 980, 0};
    /** Game-phase weight of a piece type; 24 when all minor and major pieces are on the board. */
    static final int[] PHASE = {0, 1, 1, 2, 4, 0};
    static final int TOTAL_PHASE = 24;

    private static final int[] PAWN_ADVANCE_MG = {0, 0, 0, 5, 12, 20, 35, 0};
    private static final int[] PAWN_ADVANCE_EG = {0, 0, 5, 10, 20, 35, 60, 0};
    private static final int[] KING_HOME_MG = {20, 30, 10, 0, 0, 10, 30, 20};
    private static final int[] KING_SECOND_MG = {10, 10, -5, -10, -10, -5, 10, 10};

    /** Piece-square values including material, by piece (colour * 6 + type) and square. */
    private static final int[][] MG_TABLE = new int[12][64];
    private static final int[][] EG_TABLE = new int[12][64];

    private static final int[] PASSED_MG = {0, 5, 10, 15, 25, 40, 60, 0};
    private static final int[] PASSED_EG = {0, 10, 15, 25, 45, 70, 110, 0};
    private static final int DOUBLED_MG = 10, DOUBLED_EG = 20;
    private static final int ISOLATED_MG = 10, ISOLATED_EG = 15;
    private static final int BISHOP_PAIR_MG = 30, BISHOP_PAIR_EG = 50;
    private static final int ROOK_OPEN_MG = 20, ROOK_OPEN_EG = 10, ROOK_HALF_OPEN_MG = 10, ROOK_HALF_OPEN_EG = 5;
    private static final int SHIELD_MG = 10;
    private static final int TEMPO = 10;

    /** Squares in front of a pawn on its own and adjacent files, which an enemy pawn must hold to stop it. */
    private static final long[][] PASSED_SPAN = new long[2][64];
    private static final long[] FILE_MASK = new long[8];
    private static final long[] ADJACENT_FILES = new long[8];
    /** The three squares on each of the two ranks in front of a king: its pawn shield. */
    private static final long[][] SHIELD = new long[2][64];

    static {
        for (int f = 0; f < 8; f++) FILE_MASK[f] = FILE_A << f;
        for (int f = 0; f < 8; f++) {
            ADJACENT_FILES[f] = (f > 0 ? FILE_MASK[f - 1] : 0) | (f < 7 ? FILE_MASK[f + 1] : 0);
        }
        for (int sq = 0; sq < 64; sq++) {
            int f = sq & 7, r = sq >>> 3;
            long files = FILE_MASK[f] | ADJACENT_FILES[f];
            long above = r < 7 ? -1L << (8 * (r + 1)) : 0;
            long below = (1L << (8 * r)) - 1;
            PASSED_SPAN[Piece.WHITE][sq] = files & above;
            PASSED_SPAN[Piece.BLACK][sq] = files & below;
            long wide = files;
            SHIELD[Piece.WHITE][sq] = wide & above & (r < 5 ? (1L << (8 * (r + 3))) - 1 : -1L);
            SHIELD[Piece.BLACK][sq] = wide & below & (r > 1 ? -1L << (8 * (r - 2)) : -1L);
            for (int type = Piece.PAWN; type <= Piece.KING; type++) {
                int mg = MG_VALUE[type] + squareBonus(type, f, r, true);
                int eg = EG_VALUE[type] + squareBonus(type, f, r, false);
                MG_TABLE[Piece.make(Piece.WHITE, type)][sq] = mg;
                EG_TABLE[Piece.make(Piece.WHITE, type)][sq] = eg;
                MG_TABLE[Piece.make(Piece.BLACK, type)][sq ^ 56] = mg;
                EG_TABLE[Piece.make(Piece.BLACK, type)][sq ^ 56] = eg;
            }
        }
    }

    /**
     * Positional bonus of a White piece of {@code type} on file {@code f}, rank {@code r}. Written
     * as formulas of centrality and advancement rather than 384 literals: the shapes (knights and
     * endgame kings want the centre, middlegame kings want a castled corner, pawns gain value as
     * they advance) matter far more at this strength than exact numbers.
     */
    static int squareBonus(int type, int f, int r, boolean mg) {
        int cf = Math.min(f, 7 - f), cr = Math.min(r, 7 - r);
        int c = cf + cr; // 0 in a corner … 6 in the centre
        switch (type) {
            case Piece.PAWN:
                if (!mg) return PAWN_ADVANCE_EG[r];
                int bonus = PAWN_ADVANCE_MG[r];
                if ((f == 3 || f == 4) && (r == 3 || r == 4)) bonus += 15;
                if ((f == 2 || f == 5) && (r == 3 || r == 4)) bonus += 5;
                if ((f == 3 || f == 4) && r == 1) bonus -= 10;
                return bonus;
            case Piece.KNIGHT:
                return mg ? -30 + 8 * c : -25 + 7 * c;
            case Piece.BISHOP:
                return mg ? -10 + 3 * c - (r == 0 ? 10 : 0) : -12 + 4 * c;
            case Piece.ROOK:
                if (!mg) return r == 6 ? 12 : 0;
                return (r == 6 ? 15 : 0) + (f == 3 || f == 4 ? 5 : 0) - (f == 0 || f == 7 ? 3 : 0);
            case Piece.QUEEN:
                return mg ? -5 + 2 * c : -15 + 5 * c;
            default: // king
                if (!mg) return -40 + 10 * c;
                if (r == 0) return KING_HOME_MG[f];
                if (r == 1) return KING_SECOND_MG[f];
                return Math.max(-70, -20 - 10 * (r - 2));
        }
    }

    /** The position's score for the side to move. */
    public int evaluate(Position pos) {
        int mg = 0, eg = 0, phase = 0;
        for (int piece = 0; piece < 12; piece++) {
            long bb = pos.pieces(piece);
            int sign = piece < 6 ? 1 : -1;
            int[] mgT = MG_TABLE[piece], egT = EG_TABLE[piece];
            phase += PHASE[Piece.type(piece)] * Long.bitCount(bb);
            while (bb != 0) {
                int sq = Long.numberOfTrailingZeros(bb);
                bb &= bb - 1;
                mg += sign * mgT[sq];
                eg += sign * egT[sq];
            }
        }
        long packedW = sideTerms(pos, Piece.WHITE), packedB = sideTerms(pos, Piece.BLACK);
        mg += mgOf(packedW) - mgOf(packedB);
        eg += egOf(packedW) - egOf(packedB);
        if (pos.sideToMove() == Piece.WHITE) mg += TEMPO;
        else mg -= TEMPO;

        phase = Math.min(phase, TOTAL_PHASE);
        int score = (mg * phase + eg * (TOTAL_PHASE - phase)) / TOTAL_PHASE;
        score += mopUp(pos, score);
        score = scaleDrawish(pos, score);
        score = Math.max(-Score.MATE_BOUND + 1, Math.min(Score.MATE_BOUND - 1, score));
        return pos.sideToMove() == Piece.WHITE ? score : -score;
    }

    private static long pack(int mg, int eg) { return ((long) mg << 32) + eg; }

    private static int mgOf(long packed) { return (int) ((packed + 0x80000000L) >> 32); }

    private static int egOf(long packed) { return (int) packed; }

    /** Pawn structure, mobility, rook files, bishop pair and shield of one side, packed (mg, eg). */
    private static long sideTerms(Position pos, int us) {
        int them = us ^ 1;
        long ourPawns = pos.pieces(us, Piece.PAWN), theirPawns = pos.pieces(them, Piece.PAWN);
        long ours = pos.colorPieces(us), occ = pos.occupied();
        int mg = 0, eg = 0;

        long pawns = ourPawns;
        while (pawns != 0) {
            int sq = Long.numberOfTrailingZeros(pawns);
            pawns &= pawns - 1;
            int f = sq & 7;
            if ((ourPawns & ADJACENT_FILES[f]) == 0) {
                mg -= ISOLATED_MG;
                eg -= ISOLATED_EG;
            }
            if ((PASSED_SPAN[us][sq] & theirPawns) == 0) {
                int rel = us == Piece.WHITE ? sq >>> 3 : 7 - (sq >>> 3);
                mg += PASSED_MG[rel];
                eg += PASSED_EG[rel];
            }
        }
        for (int f = 0; f < 8; f++) {
            int n = Long.bitCount(ourPawns & FILE_MASK[f]);
            if (n > 1) {
                mg -= DOUBLED_MG * (n - 1);
                eg -= DOUBLED_EG * (n - 1);
            }
        }

        // Mobility counts squares not held by our pieces nor attacked by their pawns.
        long theirPawnAttacks = pawnAttacks(theirPawns, them);
        long area = ~ours & ~theirPawnAttacks;
        long b = pos.pieces(us, Piece.KNIGHT);
        while (b != 0) {
            int n = Long.bitCount(KNIGHT_ATTACKS[Long.numberOfTrailingZeros(b)] & area) - 4;
            b &= b - 1;
            mg += 4 * n;
            eg += 4 * n;
        }
        b = pos.pieces(us, Piece.BISHOP);
        if (Long.bitCount(b) >= 2) {
            mg += BISHOP_PAIR_MG;
            eg += BISHOP_PAIR_EG;
        }
        while (b != 0) {
            int n = Long.bitCount(bishopAttacks(Long.numberOfTrailingZeros(b), occ) & area) - 6;
            b &= b - 1;
            mg += 5 * n;
            eg += 5 * n;
        }
        b = pos.pieces(us, Piece.ROOK);
        while (b != 0) {
            int sq = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            int n = Long.bitCount(rookAttacks(sq, occ) & area) - 7;
            mg += 2 * n;
            eg += 4 * n;
            long file = FILE_MASK[sq & 7];
            if ((file & ourPawns) == 0) {
                if ((file & theirPawns) == 0) {
                    mg += ROOK_OPEN_MG;
                    eg += ROOK_OPEN_EG;
                } else {
                    mg += ROOK_HALF_OPEN_MG;
                    eg += ROOK_HALF_OPEN_EG;
                }
            }
        }
        b = pos.pieces(us, Piece.QUEEN);
        while (b != 0) {
            int sq = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            int n = Long.bitCount((bishopAttacks(sq, occ) | rookAttacks(sq, occ)) & area) - 13;
            mg += n;
            eg += 2 * n;
        }
        int ksq = pos.kingSquare(us);
        int kingRank = us == Piece.WHITE ? ksq >>> 3 : 7 - (ksq >>> 3);
        if (kingRank <= 1) mg += SHIELD_MG * Math.min(3, Long.bitCount(SHIELD[us][ksq] & ourPawns));
        return pack(mg, eg);
    }

    private static long pawnAttacks(long pawns, int color) {
        if (color == Piece.WHITE) return ((pawns & ~FILE_A) << 7) | ((pawns & ~(FILE_A << 7)) << 9);
        return ((pawns & ~FILE_A) >>> 9) | ((pawns & ~(FILE_A << 7)) >>> 7);
    }

    /** Sum of endgame piece values of a side's knights, bishops, rooks and queens. */
    private static int nonPawnMaterial(Position pos, int color) {
        int sum = 0;
        for (int type = Piece.KNIGHT; type <= Piece.QUEEN; type++) sum += EG_VALUE[type] * Long.bitCount(pos.pieces(color, type));
        return sum;
    }

    /**
     * Against a bare king, rewards pushing it to the edge and bringing our king close: without
     * this a mate in KQK or KRK lies beyond the horizon and the winner shuffles aimlessly.
     * Returned from White's point of view.
     */
    private static int mopUp(Position pos, int whiteScore) {
        int winner = whiteScore > 0 ? Piece.WHITE : Piece.BLACK, loser = winner ^ 1;
        if (pos.colorPieces(loser) != pos.pieces(loser, Piece.KING)) return 0;
        if (nonPawnMaterial(pos, winner) < EG_VALUE[Piece.ROOK]) return 0;
        int lk = pos.kingSquare(loser), wk = pos.kingSquare(winner);
        int lf = lk & 7, lr = lk >>> 3;
        int edge = Math.max(3 - lf, lf - 4) + Math.max(3 - lr, lr - 4); // 0 centre … 6 corner
        int kingDistance = Math.abs(lf - (wk & 7)) + Math.abs(lr - (wk >>> 3));
        int bonus = 10 * edge + 4 * (14 - kingDistance);
        return winner == Piece.WHITE ? bonus : -bonus;
    }

    /**
     * Scales down pawnless advantages too small to mate with (a minor piece up, rook against
     * minor, two knights): the search should not trade into them expecting to win.
     */
    private static int scaleDrawish(Position pos, int whiteScore) {
        int strong = whiteScore > 0 ? Piece.WHITE : Piece.BLACK, weak = strong ^ 1;
        if (pos.pieces(strong, Piece.PAWN) != 0) return whiteScore;
        int strongMat = nonPawnMaterial(pos, strong), weakMat = nonPawnMaterial(pos, weak);
        long strongPieces = pos.colorPieces(strong) & ~pos.pieces(strong, Piece.KING);
        if (strongPieces == pos.pieces(strong, Piece.KNIGHT) && Long.bitCount(strongPieces) <= 2
            && pos.colorPieces(weak) == pos.pieces(weak, Piece.KING)) {
            return whiteScore / 16;
        }
        if (strongMat - weakMat < EG_VALUE[Piece.ROOK] - 100) return whiteScore / 4;
        return whiteScore;
    }
}
