package org.rookery.endgame.generate;

import static org.rookery.core.board.Bitboards.PAWN_ATTACKS;

import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.endgame.index.Attacks;
import org.rookery.endgame.index.GroupTerms;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.TableSet;
import org.rookery.endgame.probe.Values;

/**
 * Lists the legal moves of a board (no castling; no en passant, which tables do not store) and
 * what each leads to: a slot of the same slice for a reversible move (no capture, no pawn), or,
 * for a zeroing move, the stored values of its target already turned into values for the mover.
 * A double push that allows an en-passant capture is valued as Syzygy does: the opponent gets the
 * better of the capture and, if it has any other legal move, the target's stored value.
 *
 * <p>One instance per thread; nothing is allocated per board.
 */
final class Successors {
    final long[] bb = new long[12];
    private final long[] scratch = new long[12];
    private final TableIndex index;
    private final PawnKeyCache pawnKeys;
    private final TableSet tables;
    private final IndexSet seen = new IndexSet();
    private final GroupTerms terms = new GroupTerms();
    private final KingSafety safety = new KingSafety();

    /** Number of legal moves of the last scan, and per move: the move, the internal slot (or -1), the mover's exit values. */
    int count;
    final int[] moves = new int[256];
    final long[] slot = new long[256];
    final short[] exitDtm = new short[256];
    final short[] exitDtz = new short[256];
    boolean inCheck;
    /**
     * Over the zeroing moves of the last scan, per metric: the shortest win for the mover
     * ({@link Integer#MAX_VALUE} if none), the longest loss in plies (-1 if none), and whether
     * one draws; what the forward pass needs of them, gathered as they are recorded.
     */
    int bestWinDtm, worstLossDtm, bestWinDtz, worstLossDtz;
    boolean drawnDtm, drawnDtz;
    private int pawnKey;
    /** Number of reversible moves (internal slots, repeats included) of the last scan. */
    private int reversible;
    /** Whether the board's orientation is ambiguous, so every slot is the smaller of two indices. */
    private boolean ambiguous;
    /** The moves whose slot was indexed in full (king moves that left the board's orientation). */
    private final int[] fullMoves = new int[16];
    private int fullCount;
    /**
     * The table slot ({@link TableSet#find}) of the material after a zeroing move, by the captured
     * piece's code + 1 (0: none) and the promoted piece's code + 1 (0: none): the material key of
     * every board of a scan is this table's, so it need not be counted and searched per move.
     */
    private final int[][] slotAfter = new int[13][13];

    /** Per side to move, whether the opponent has a bare king (see {@link #scanAgainstBareKing}). */
    final boolean[] bareKingOpponent = new boolean[2];

    Successors(TableIndex index, TableSet tables) {
        for (int us = 0; us < 2; us++) {
            int them6 = (us ^ 1) * 6;
            boolean bare = true;
            for (int type = Piece.PAWN; type < Piece.KING; type++) bare &= index.material().count(them6 + type) == 0;
            bareKingOpponent[us] = bare;
        }
        this.index = index;
        this.pawnKeys = new PawnKeyCache(index);
        this.tables = tables;
        long key = index.material().key();
        for (int victim = -1; victim < 12; victim++) {
            for (int placed = -1; placed < 12; placed++) {
                long k = key;
                if (victim >= 0) k -= 1L << (3 * victim);
                if (placed >= 0) k += (1L << (3 * placed)) - (1L << (3 * Piece.make(Piece.color(placed), Piece.PAWN)));
                boolean possible = (victim < 0 || Piece.type(victim) != Piece.KING) && (placed < 0 || Piece.type(placed) != Piece.KING);
                slotAfter[victim + 1][placed + 1] = possible ? tables.find(k) : -1;
            }
        }
    }

    /** Scans the legal moves of {@link #bb}, the decoded board of slot {@code idx}, with {@code us} to move. */
    void scan(int us, long idx) {
        final long[] b = bb;
        final int them = us ^ 1;
        final long own = Attacks.color(b, us), opp = Attacks.color(b, them), occ = own | opp;
        final int ksq = Long.numberOfTrailingZeros(b[us * 6 + Piece.KING]);
        begin(us, ksq, occ, checkers(us, ksq, occ));
        pawnKey = pawnKeys.of(b);
        final boolean incremental = index.incremental(b);
        final int wk = Long.numberOfTrailingZeros(b[Piece.W_KING]), bk = Long.numberOfTrailingZeros(b[Piece.B_KING]);
        final int pair = wk * 64 + bk;
        ambiguous = !incremental;
        terms.reset();
        final long reflected = incremental ? 0 : index.reflectedIndex(b, us);
        for (int type = Piece.KNIGHT; type <= Piece.KING; type++) {
            int pc = us * 6 + type;
            for (long pcs = b[pc]; pcs != 0; pcs &= pcs - 1) {
                int from = Long.numberOfTrailingZeros(pcs);
                long fromBit = 1L << from;
                for (long targets = Bitboards.attacks(type, from, occ) & ~own; targets != 0; targets &= targets - 1) {
                    int to = Long.numberOfTrailingZeros(targets);
                    long toBit = 1L << to;
                    if (type == Piece.KING ? !safety.kingMay(toBit) : !safety.pieceMay(from, toBit)) continue;
                    int victim = (opp & toBit) != 0 ? pieceOn(them, toBit) : -1;
                    if (victim >= 0) b[victim] ^= toBit;
                    b[pc] ^= fromBit | toBit;
                    if (victim < 0) {
                        reversible++;
                        int n = count++;
                        moves[n] = Move.of(from, to, Move.QUIET);
                        long at;
                        if (type == Piece.KING) {
                            int nwk = us == Piece.WHITE ? to : wk, nbk = us == Piece.WHITE ? bk : to;
                            at = index.afterKingMove(idx, us, pawnKey, pair, nwk * 64 + nbk);
                            if (at < 0) {
                                at = index.afterKingMoveTransformed(b, them, pawnKey, nwk, nbk, terms);
                                fullMoves[fullCount++] = n;
                            }
                        } else {
                            long before = b[pc] ^ fromBit ^ toBit;
                            at = index.afterMove(idx, us, pc, before, b[pc]);
                            if (!incremental) at = Math.min(at, index.afterMoveReflected(reflected, us, pc, before, b[pc]));
                        }
                        slot[n] = at;
                    }
                    else exit(Move.of(from, to, Move.CAPTURE), them, -1, 0, slotAfter[victim + 1][0]);
                    b[pc] ^= fromBit | toBit;
                    if (victim >= 0) b[victim] ^= toBit;
                }
            }
        }
        pawnMoves(us, ksq, occ, opp);
    }

    /** The two long diagonals: the axes of the only symmetries that can fix a king (see {@link #scanCounting}). */
    private static final long LONG_DIAGONALS = 0x8040201008040201L | 0x0102040810204080L;

    /**
     * The forward pass's scan of {@link #bb} ({@code us} to move) where no two reversible moves can
     * lead to one slot: records the zeroing moves as {@link #scan} does but only counts the
     * reversible ones, into {@link #reversible} (and {@link #count}); returns false, having changed
     * nothing, for a board that needs {@link #scan} and {@link #distinctInternalCount} instead.
     *
     * <p>Incrementally indexed successors keep the board's orientation, in which the index is
     * one-to-one; a king move indexed in full can only share a slot with another move through a
     * symmetry that maps its target to its origin and fixes the other king. The pawn tables' only
     * symmetry, the mirror, fixes no square, and of the pawnless ones only a reflection in a long
     * diagonal fixes squares: so a repeat needs a pawnless board with the other king on a long
     * diagonal (or an ambiguous one, which is not incremental).
     */
    boolean scanCounting(int us) {
        final long[] b = bb;
        final int them = us ^ 1;
        if (!index.hasPawns() && ((b[them * 6 + Piece.KING] & LONG_DIAGONALS) != 0 || !index.incremental(b))) return false;
        final long own = Attacks.color(b, us), opp = Attacks.color(b, them), occ = own | opp, empty = ~occ;
        final int ksq = Long.numberOfTrailingZeros(b[us * 6 + Piece.KING]);
        begin(us, ksq, occ, checkers(us, ksq, occ));
        int quiet = 0;
        for (int type = Piece.KNIGHT; type <= Piece.KING; type++) {
            int pc = us * 6 + type;
            for (long pcs = b[pc]; pcs != 0; pcs &= pcs - 1) {
                int from = Long.numberOfTrailingZeros(pcs);
                long targets = Bitboards.attacks(type, from, occ) & ~own;
                if (type == Piece.KING) targets &= ~safety.danger;
                else {
                    targets &= safety.evasions;
                    if ((safety.pinned >>> from & 1) != 0) targets &= Bitboards.LINE[ksq][from];
                }
                quiet += Long.bitCount(targets & empty);
                long fromBit = 1L << from;
                for (long caps = targets & opp; caps != 0; caps &= caps - 1) {
                    int to = Long.numberOfTrailingZeros(caps);
                    long toBit = 1L << to;
                    int victim = pieceOn(them, toBit);
                    b[victim] ^= toBit;
                    b[pc] ^= fromBit | toBit;
                    exit(Move.of(from, to, Move.CAPTURE), them, -1, 0, slotAfter[victim + 1][0]);
                    b[pc] ^= fromBit | toBit;
                    b[victim] ^= toBit;
                }
            }
        }
        pawnMoves(us, ksq, occ, opp);
        reversible = quiet;
        count += quiet;
        return true;
    }

    /** The opponent's pieces that attack {@code us}'s king on {@code ksq} in {@link #bb}. */
    private long checkers(int us, int ksq, long occ) {
        final long[] b = bb;
        final int t6 = (us ^ 1) * 6;
        return (PAWN_ATTACKS[us][ksq] & b[t6])
            | (Bitboards.KNIGHT_ATTACKS[ksq] & b[t6 + Piece.KNIGHT])
            | (Bitboards.KING_ATTACKS[ksq] & b[t6 + Piece.KING])
            | (Bitboards.bishopAttacks(ksq, occ) & (b[t6 + Piece.BISHOP] | b[t6 + Piece.QUEEN]))
            | (Bitboards.rookAttacks(ksq, occ) & (b[t6 + Piece.ROOK] | b[t6 + Piece.QUEEN]));
    }

    /** Starts a scan of {@link #bb} for {@code us} to move: the check, the king safety tests, no moves recorded yet. */
    private void begin(int us, int ksq, long occ, long checkers) {
        inCheck = checkers != 0;
        safety.of(bb, us, occ, checkers);
        count = 0;
        reversible = 0;
        bestWinDtm = bestWinDtz = Integer.MAX_VALUE;
        worstLossDtm = worstLossDtz = -1;
        drawnDtm = drawnDtz = false;
        ambiguous = false;
        fullCount = 0;
    }

    /** Records the pawn moves of {@link #bb} ({@code us} to move; {@link #safety} prepared), every one a zeroing move. */
    private void pawnMoves(int us, int ksq, long occ, long opp) {
        final long[] b = bb;
        final int them = us ^ 1;
        final int pawn = us * 6;
        final int up = us == Piece.WHITE ? 8 : -8;
        final long last = us == Piece.WHITE ? Bitboards.RANK_8 : Bitboards.RANK_1;
        final long start = us == Piece.WHITE ? Bitboards.RANK_2 : Bitboards.RANK_7;
        for (long pcs = b[pawn]; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            int to = from + up;
            if ((occ & (1L << to)) == 0) {
                if (((1L << to) & last) != 0) {
                    for (int promo = Piece.QUEEN; promo >= Piece.KNIGHT; promo--) pawnMove(us, ksq, occ, from, to, -1, promo);
                } else {
                    pawnMove(us, ksq, occ, from, to, -1, -1);
                    if (((1L << from) & start) != 0 && (occ & (1L << (to + up))) == 0) pawnMove(us, ksq, occ, from, to + up, -1, -1);
                }
            }
            for (long caps = PAWN_ATTACKS[us][from] & opp; caps != 0; caps &= caps - 1) {
                int cto = Long.numberOfTrailingZeros(caps);
                int victim = pieceOn(them, 1L << cto);
                if (((1L << cto) & last) != 0) {
                    for (int promo = Piece.QUEEN; promo >= Piece.KNIGHT; promo--) pawnMove(us, ksq, occ, from, cto, victim, promo);
                } else {
                    pawnMove(us, ksq, occ, from, cto, victim, -1);
                }
            }
        }
    }

    /**
     * For {@code us} to move when the opponent has a bare king, which can never win: such a board
     * is never lost, so nothing reads how many reversible successors it has, and only its pawn
     * moves (zeroing moves, recorded as {@link #scan} records them) are listed.
     */
    void scanAgainstBareKing(int us) {
        final long[] b = bb;
        final long occ = Attacks.color(b, 0) | Attacks.color(b, 1);
        final int ksq = Long.numberOfTrailingZeros(b[us * 6 + Piece.KING]);
        begin(us, ksq, occ, 0); // a bare king gives no check
        pawnMoves(us, ksq, occ, 0); // nothing to capture
    }

    private void pawnMove(int us, int ksq, long occ, int from, int to, int victim, int promo) {
        if (!safety.pieceMay(from, 1L << to)) return;
        final long[] b = bb;
        int pawn = us * 6;
        long fromBit = 1L << from, toBit = 1L << to;
        if (victim >= 0) b[victim] ^= toBit;
        b[pawn] ^= fromBit;
        int placed = promo < 0 ? pawn : us * 6 + promo;
        b[placed] ^= toBit;
        {
            int flags;
            if (promo >= 0) flags = (victim >= 0 ? Move.PROMO_CAPTURE_KNIGHT : Move.PROMO_KNIGHT) + promo - Piece.KNIGHT;
            else if (victim >= 0) flags = Move.CAPTURE;
            else flags = Math.abs(to - from) == 16 ? Move.DOUBLE_PUSH : Move.QUIET;
            exit(Move.of(from, to, flags), us ^ 1, flags == Move.DOUBLE_PUSH ? (from + to) >>> 1 : -1, to,
                slotAfter[victim + 1][promo < 0 ? 0 : placed + 1]);
        }
        b[placed] ^= toBit;
        b[pawn] ^= fromBit;
        if (victim >= 0) b[victim] ^= toBit;
    }

    private int pieceOn(int color, long bit) {
        int base = color * 6;
        for (int t = Piece.PAWN; t <= Piece.QUEEN; t++) if ((bb[base + t] & bit) != 0) return base + t;
        throw new IllegalStateException("no capturable piece on the target square");
    }

    /**
     * Records a zeroing move into the current board ({@code them} to move); {@code ep} is the square
     * a double push passed; {@code tableSlot} is the slot of the board's material in the table set.
     */
    private void exit(int move, int them, int ep, int pushedTo, int tableSlot) {
        int packed = tables.lookup(tableSlot, bb, them, scratch);
        if (packed == TableSet.MISSING) throw new IllegalStateException("no table for the material after " + Move.toUci(move));
        short dtm = TableSet.dtmOf(packed), dtz = TableSet.dtzOf(packed);
        if (ep >= 0) {
            int epPacked = enPassant(them, ep, pushedTo, dtm, dtz);
            dtm = TableSet.dtmOf(epPacked);
            dtz = TableSet.dtzOf(epPacked);
        }
        int n = count++;
        moves[n] = move;
        slot[n] = -1;
        short m = Values.back(dtm), z = Values.backZeroing(dtz);
        exitDtm[n] = m;
        exitDtz[n] = z;
        if (m > 0) bestWinDtm = Math.min(bestWinDtm, m);
        else if (m == 0) drawnDtm = true;
        else worstLossDtm = Math.max(worstLossDtm, Values.plies(m));
        if (z > 0) bestWinDtz = Math.min(bestWinDtz, z);
        else if (z == 0) drawnDtz = true;
        else worstLossDtz = Math.max(worstLossDtz, Values.plies(z));
    }

    /**
     * Values for {@code them} of the board after a double push (pawn now on {@code pushedTo},
     * having passed {@code ep}), taking the en-passant captures into account.
     */
    private int enPassant(int them, int ep, int pushedTo, short storedDtm, short storedDtz) {
        final long[] b = bb;
        int us = them ^ 1;
        long candidates = PAWN_ATTACKS[us][ep] & b[them * 6];
        if (candidates == 0) return (storedDtm << 16) | (storedDtz & 0xffff);
        int bestDtm = 0, bestDtz = 0;
        boolean any = false;
        int kt = Long.numberOfTrailingZeros(b[them * 6 + Piece.KING]);
        for (; candidates != 0; candidates &= candidates - 1) {
            int c = Long.numberOfTrailingZeros(candidates);
            long move = (1L << c) | (1L << ep);
            b[them * 6] ^= move;
            b[us * 6] ^= 1L << pushedTo;
            long occ = Attacks.color(b, 0) | Attacks.color(b, 1);
            if (!Attacks.attacked(b, kt, us, occ)) {
                int packed = tables.lookup(slotAfter[us * 6 + Piece.PAWN + 1][0], b, us, scratch);
                if (packed == TableSet.MISSING) throw new IllegalStateException("no table for the material after an en-passant capture");
                short d = Values.back(TableSet.dtmOf(packed)), z = Values.backZeroing(TableSet.dtzOf(packed));
                if (!any || Values.score(d) > Values.score(bestDtm)) bestDtm = d;
                if (!any || Values.score(z) > Values.score(bestDtz)) bestDtz = z;
                any = true;
            }
            b[us * 6] ^= 1L << pushedTo;
            b[them * 6] ^= move;
        }
        if (any && LegalMoves.anyOtherThanEnPassant(b, them)) {
            if (Values.score(storedDtm) > Values.score(bestDtm)) bestDtm = storedDtm;
            if (Values.score(storedDtz) > Values.score(bestDtz)) bestDtz = storedDtz;
        } else if (!any) {
            return (storedDtm << 16) | (storedDtz & 0xffff);
        }
        return (bestDtm << 16) | (bestDtz & 0xffff);
    }

    /**
     * Collects the distinct internal slots of the last scan into {@code out}; returns how many.
     * Boards indexed incrementally keep the decoded board's orientation, in which the index is
     * one-to-one, so distinct moves give distinct slots unless some board needed a full
     * re-index (a different orientation, or an ambiguous one); only then are repeats looked for.
     */
    int distinctInternal(long[] out) {
        int n = 0;
        if (!ambiguous && fullCount == 0) {
            for (int i = 0; i < count; i++) if (slot[i] >= 0) out[n++] = slot[i];
            return n;
        }
        return distinctFullyIndexed(out);
    }

    /**
     * The number of distinct internal slots of the last scan, for callers that need only the count:
     * without a full re-index every reversible move's slot is distinct, so it is their number.
     */
    int distinctInternalCount(long[] scratch) {
        if (ambiguous) return distinctFullyIndexed(scratch);
        // Slots indexed incrementally are distinct from each other, so a repeat involves a fully
        // indexed one: each of those counts once unless it equals an incremental slot or an
        // earlier fully indexed one.
        int n = reversible;
        for (int f = 0; f < fullCount; f++) {
            int i = fullMoves[f];
            long v = slot[i];
            boolean repeat = false;
            for (int j = 0; j < count && !repeat; j++) {
                if (j == i || slot[j] != v) continue;
                repeat = !isFull(j) || j < i;
            }
            if (repeat) n--;
        }
        return n;
    }

    /** After {@link #scanCounting}: the number of reversible moves, every one to a slot of its own. */
    int reversibleCount() {
        return reversible;
    }

    private boolean isFull(int move) {
        for (int f = 0; f < fullCount; f++) if (fullMoves[f] == move) return true;
        return false;
    }

    private int distinctFullyIndexed(long[] out) {
        int n = 0;
        seen.clear();
        for (int i = 0; i < count; i++) if (slot[i] >= 0 && seen.add(slot[i])) out[n++] = slot[i];
        return n;
    }
}
