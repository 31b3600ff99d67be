package org.rookery.endgame.index;

import java.util.ArrayList;
import java.util.List;
import org.rookery.core.board.Piece;

/**
 * The position index of one canonical material. Layout, outermost first: pawn slice (always 0 for
 * pawnless tables), side to move, king pair, then one combination rank per group of identical
 * non-pawn pieces (white knights, bishops, rooks, queens, then black). Every board of the material
 * maps to exactly one index ({@link #index}); an index is a real position exactly when
 * {@link #decode} accepts it and indexing the decoded board gives the index back, so symmetric
 * duplicates and overlapping pieces are simply unused ("broken") slots.
 *
 * <p>Immutable and thread-safe; {@link #index} and {@link #decode} allocate nothing.
 */
public final class TableIndex {
    private final Material material;
    private final boolean pawnful;
    private final int pairs;
    private final int[] groupPiece;
    private final int[] groupCount;
    private final int[] groupSize;
    private final int[][] groupUnrank;
    private final PawnSlices slices;
    private final long sliceSize;
    /** Half a slice: the index distance between the two sides to move of one placement. */
    private final long sideStride;
    private final long size;
    /** Index distance between consecutive king pairs (the product of the group sizes). */
    private final long pairStride;
    /** Index distance between consecutive ranks of each group, and per piece code (0 when not a group). */
    private final long[] groupStride;
    private final long[] pieceStride = new long[12];
    private final int[] pieceGroupCount = new int[12];
    /** Dividers by the group sizes and the king-pair count, for decoding. */
    private final Divisor[] groupDivisor;
    private final Divisor pairDivisor;
    private final double inverseSliceSize;
    /** Piece codes this material does not have: decoding zeroes only those, and writes the rest. */
    private final int[] absent;
    /** Whether the innermost index group is a single piece (64 ranks, its square), and its code. */
    private final boolean innerSingle;
    private final int innerPiece;

    public TableIndex(Material material) {
        if (!material.isCanonical()) throw new IllegalArgumentException(material + " is not in canonical orientation");
        this.material = material;
        this.pawnful = material.hasPawns();
        this.pairs = pawnful ? Symmetry.PAWN_PAIRS : Symmetry.PAWNLESS_PAIRS;
        List<int[]> groups = new ArrayList<>();
        for (int p = 0; p < 12; p++) {
            int t = Piece.type(p);
            if (t == Piece.KING || t == Piece.PAWN || material.count(p) == 0) continue;
            if (material.count(p) > 4) throw new IllegalArgumentException(material + ": at most four identical pieces are supported");
            groups.add(new int[] {p, material.count(p)});
        }
        int g = groups.size();
        groupPiece = new int[g];
        groupCount = new int[g];
        groupSize = new int[g];
        groupUnrank = new int[g][];
        long inner = 1;
        for (int i = 0; i < g; i++) {
            groupPiece[i] = groups.get(i)[0];
            groupCount[i] = groups.get(i)[1];
            groupSize[i] = (int) Binomial.choose(64, groupCount[i]);
            groupUnrank[i] = Binomial.unrankTable(64, groupCount[i]);
            inner *= groupSize[i];
        }
        groupStride = new long[g];
        long stride = 1;
        for (int i = g - 1; i >= 0; i--) {
            groupStride[i] = stride;
            pieceStride[groupPiece[i]] = stride;
            pieceGroupCount[groupPiece[i]] = groupCount[i];
            stride *= groupSize[i];
        }
        slices = pawnful ? new PawnSlices(material.count(Piece.W_PAWN), material.count(Piece.B_PAWN)) : null;
        pairStride = inner;
        sliceSize = 2L * pairs * inner;
        sideStride = pairs * inner;
        groupDivisor = new Divisor[g];
        for (int i = 0; i < g; i++) groupDivisor[i] = new Divisor(groupSize[i]);
        pairDivisor = new Divisor(pairs);
        inverseSliceSize = 1.0 / sliceSize;
        int[] none = new int[12];
        int k = 0;
        for (int p = 0; p < 12; p++) {
            boolean written = Piece.type(p) == Piece.KING || (pawnful && Piece.type(p) == Piece.PAWN) || pieceStride[p] != 0;
            if (!written) none[k++] = p;
        }
        absent = java.util.Arrays.copyOf(none, k);
        innerSingle = g > 0 && groupCount[g - 1] == 1;
        innerPiece = g > 0 ? groupPiece[g - 1] : -1;
        size = sliceSize * (pawnful ? slices.count : 1);
    }

    public Material material() { return material; }

    /** Number of slots, valid or not. */
    public long size() { return size; }

    public boolean hasPawns() { return pawnful; }

    /** Number of pawn slices (1 for pawnless tables). */
    public int sliceCount() { return pawnful ? slices.count : 1; }

    /** Slots per slice; slice s covers [s * sliceSize, (s + 1) * sliceSize). */
    public long sliceSize() { return sliceSize; }

    /** Pawn advancement of a slice (0 for pawnless tables); pawn moves only go to slices of higher advancement. */
    public int advancement(int slice) { return pawnful ? slices.advancement[slice] : 0; }

    /** Whether the slice's pawns are their own mirror image. */
    public boolean symmetricSlice(int slice) { return pawnful && slices.symmetric[slice]; }

    /**
     * Index of a board of this material given as piece bitboards (by piece code) and the side to
     * move. The board must have this material, legal king placement and pawns on ranks 2–7.
     */
    public long index(long[] bb, int stm) {
        int wk = Long.numberOfTrailingZeros(bb[Piece.W_KING]), bk = Long.numberOfTrailingZeros(bb[Piece.B_KING]);
        if (!pawnful) {
            int pair = wk * 64 + bk;
            int t = Symmetry.CANON_T[pair];
            long i = indexWith(t, bb, stm, 0);
            if (Symmetry.CANON_AMBIGUOUS[pair]) i = Math.min(i, indexWith(t ^ 4, bb, stm, 0));
            return i;
        }
        int raw = slices.raw(bb[Piece.W_PAWN], bb[Piece.B_PAWN]);
        int slice = slices.sliceOfRaw[raw];
        int t = slices.symmetric[slice] ? ((wk & 7) >= 4 ? Symmetry.MIRROR : 0) : (slices.mirroredRaw[raw] ? Symmetry.MIRROR : 0);
        return indexWith(t, bb, stm, slice);
    }

    /** Index distance between the two sides to move of one placement. */
    public long sideStride() {
        return sideStride;
    }

    /**
     * Whether boards one non-king, non-pawn move away from a decoded canonical board keep its
     * orientation, so {@link #afterMove} applies: always with pawns (the pawns fix it), and for
     * pawnless tables unless both kings stand on the a1–h8 diagonal.
     */
    public boolean incremental(long[] decoded) {
        if (pawnful) return true;
        int pair = Long.numberOfTrailingZeros(decoded[Piece.W_KING]) * 64 + Long.numberOfTrailingZeros(decoded[Piece.B_KING]);
        return !Symmetry.CANON_AMBIGUOUS[pair];
    }

    /**
     * The index after a non-king, non-pawn piece of code {@code piece} moved without capturing,
     * given the index {@code idx} of the decoded canonical board before the move (side to move
     * {@code stm}, which passes to the other side) and that piece's bitboard before and after.
     * Valid only when {@link #incremental} holds for the board.
     */
    public long afterMove(long idx, int stm, int piece, long before, long after) {
        long side = stm == 0 ? sideStride() : -sideStride();
        if (pieceGroupCount[piece] == 1) {
            return idx + side + (Long.numberOfTrailingZeros(after) - Long.numberOfTrailingZeros(before)) * pieceStride[piece];
        }
        return idx + side + (rankOf(after) - rankOf(before)) * pieceStride[piece];
    }

    /**
     * The index after a non-capturing king move from a decoded canonical board (side to move
     * {@code stm}, which passes to the other side), given the king pair {@code wk * 64 + bk} before
     * and after and the board's {@link #pawnKey}; or -1 when the new pair may need another
     * orientation, so the caller must index the board in full. The other pieces keep their ranks,
     * so only the pair and side terms of the index change.
     */
    public long afterKingMove(long idx, int stm, int pawnKey, int pairBefore, int pairAfter) {
        long side = stm == 0 ? sideStride() : -sideStride();
        if (pawnful) {
            // a self-mirrored pawn slice is oriented by the white king's file
            if (slices.symmetric[pawnKey >>> 1] && ((pairAfter >>> 6) & 7) >= 4) return -1;
            return idx + side + (Symmetry.PAWN_INDEX[pairAfter] - Symmetry.PAWN_INDEX[pairBefore]) * pairStride;
        }
        int after = Symmetry.PAWNLESS_INDEX[pairAfter];
        if (after < 0 || Symmetry.CANON_AMBIGUOUS[pairAfter]) return -1;
        return idx + side + (after - Symmetry.PAWNLESS_INDEX[pairBefore]) * pairStride;
    }

    /**
     * The index of a board that differs from a decoded canonical board only by where the kings
     * stand (a king move, or un-move, of any side), for the king moves {@link #afterKingMove}
     * cannot shortcut: the other pieces' contribution under each orientation is computed once per
     * decoded board and kept in {@code terms}, so only the king pair is looked up per move.
     * {@code bb} holds the other pieces as decoded; {@code pawnKey} is the board's.
     */
    public long afterKingMoveTransformed(long[] bb, int stm, int pawnKey, int wk, int bk, GroupTerms terms) {
        int pair = wk * 64 + bk;
        if (pawnful) {
            int slice = pawnKey >>> 1;
            // only reached for self-mirrored slices with the white king on files e-h: mirror everything
            int t = slices.symmetric[slice] ? ((wk & 7) >= 4 ? Symmetry.MIRROR : 0) : (pawnKey & 1);
            int[] map = Symmetry.SQ[t];
            long base = ((long) slice * 2 + stm) * pairs + Symmetry.PAWN_INDEX[map[wk] * 64 + map[bk]];
            return base * pairStride + terms(t, bb, terms);
        }
        int t = Symmetry.CANON_T[pair];
        int[] map = Symmetry.SQ[t];
        long i = ((long) stm * pairs + Symmetry.PAWNLESS_INDEX[map[wk] * 64 + map[bk]]) * pairStride + terms(t, bb, terms);
        if (Symmetry.CANON_AMBIGUOUS[pair]) {
            int t4 = t ^ 4;
            int[] map4 = Symmetry.SQ[t4];
            i = Math.min(i, ((long) stm * pairs + Symmetry.PAWNLESS_INDEX[map4[wk] * 64 + map4[bk]]) * pairStride + terms(t4, bb, terms));
        }
        return i;
    }

    private long terms(int t, long[] bb, GroupTerms cache) {
        if ((cache.valid & (1 << t)) != 0) return cache.term[t];
        int[] map = Symmetry.SQ[t];
        long r = 0;
        for (int g = 0; g < groupPiece.length; g++) {
            long b = bb[groupPiece[g]];
            r = r * groupSize[g] + (groupCount[g] == 1 ? map[Long.numberOfTrailingZeros(b)] : rankOf(Symmetry.transformBits(t, b)));
        }
        cache.term[t] = r;
        cache.valid |= 1 << t;
        return r;
    }

    /**
     * For a pawnless decoded board whose kings both stand on the a1–h8 diagonal (where
     * {@link #incremental} fails): the index of its reflection in that diagonal, from which
     * {@link #afterMoveReflected} follows non-king moves as {@link #afterMove} follows the board.
     * The index of a board after such a move is the smaller of the two.
     */
    public long reflectedIndex(long[] bb, int stm) {
        return indexWith(4, bb, stm, 0);
    }

    /** {@link #afterMove} for the diagonal reflection's index (see {@link #reflectedIndex}). */
    public long afterMoveReflected(long idx4, int stm, int piece, long before, long after) {
        long side = stm == 0 ? sideStride() : -sideStride();
        if (pieceGroupCount[piece] == 1) {
            int[] map = Symmetry.SQ[4];
            return idx4 + side + (map[Long.numberOfTrailingZeros(after)] - map[Long.numberOfTrailingZeros(before)]) * pieceStride[piece];
        }
        return idx4 + side + (rankOf(Symmetry.transformBits(4, after)) - rankOf(Symmetry.transformBits(4, before))) * pieceStride[piece];
    }

    /**
     * Whether a board just decoded from {@code idx} without overlap is the canonical image of its
     * position, that is {@code index(bb, stm) == idx}, without re-indexing it where the answer is
     * known: decoding yields canonical coordinates except for the two boards of a king pair on the
     * a1–h8 diagonal and for a self-mirrored pawn slice with the white king on files e–h.
     */
    public boolean canonical(long idx, long[] bb, int stm) {
        int wk = Long.numberOfTrailingZeros(bb[Piece.W_KING]);
        if (pawnful) return !slices.symmetric[(int) (idx / sliceSize)] || (wk & 7) < 4;
        int pair = wk * 64 + Long.numberOfTrailingZeros(bb[Piece.B_KING]);
        return !Symmetry.CANON_AMBIGUOUS[pair] || index(bb, stm) == idx;
    }

    /** COLEX[i * 64 + s] = C(s, i) for i ≤ 4: the colex rank terms, flat so a rank costs one load per piece. */
    private static final int[] COLEX = new int[5 * 64];

    static {
        for (int i = 0; i < 5; i++) for (int sq = 0; sq < 64; sq++) COLEX[i * 64 + sq] = (int) Binomial.C[sq][i];
    }

    /** Colex rank of the squares of a bitboard of at most four pieces (its bits come out sorted). */
    private static int rankOf(long b) {
        int r = 0;
        for (int i = 64; b != 0; i += 64, b &= b - 1) r += COLEX[i + Long.numberOfTrailingZeros(b)];
        return r;
    }

    /**
     * The pawn placement of a board as {@code slice << 1 | mirrored} (0 for pawnless tables), so
     * boards that differ only by non-pawn moves can be indexed without re-ranking their pawns.
     */
    public int pawnKey(long[] bb) {
        if (!pawnful) return 0;
        int raw = slices.raw(bb[Piece.W_PAWN], bb[Piece.B_PAWN]);
        return slices.sliceOfRaw[raw] << 1 | (slices.mirroredRaw[raw] ? 1 : 0);
    }

    /** {@link #index(long[], int)} for a board whose pawns gave {@code pawnKey}. */
    public long index(long[] bb, int stm, int pawnKey) {
        if (!pawnful) return index(bb, stm);
        int slice = pawnKey >>> 1;
        int t = slices.symmetric[slice]
            ? ((Long.numberOfTrailingZeros(bb[Piece.W_KING]) & 7) >= 4 ? Symmetry.MIRROR : 0)
            : (pawnKey & 1);
        return indexWith(t, bb, stm, slice);
    }

    private long indexWith(int t, long[] bb, int stm, int slice) {
        int[] map = Symmetry.SQ[t];
        int wk = map[Long.numberOfTrailingZeros(bb[Piece.W_KING])], bk = map[Long.numberOfTrailingZeros(bb[Piece.B_KING])];
        long idx = ((long) slice * 2 + stm) * pairs + (pawnful ? Symmetry.PAWN_INDEX[wk * 64 + bk] : Symmetry.PAWNLESS_INDEX[wk * 64 + bk]);
        for (int g = 0; g < groupPiece.length; g++) {
            long b = bb[groupPiece[g]];
            // identical pieces: transforming the whole bitboard leaves its squares in sorted order for the rank
            int r = groupCount[g] == 1 ? map[Long.numberOfTrailingZeros(b)] : rankOf(Symmetry.transformBits(t, b));
            idx = idx * groupSize[g] + r;
        }
        return idx;
    }

    /**
     * Fills {@code bb} (12 piece bitboards) with the board at {@code idx} and returns the side to
     * move, or -1 when pieces would overlap. The board may still be illegal (side not to move in
     * check) or a non-canonical duplicate; callers check both.
     */
    public int decode(long idx, long[] bb) {
        return decode(idx, bb, null);
    }

    /**
     * What decoding slots in index order needs to decode the next one by moving one piece: the
     * slot last decoded through this cursor, its side to move, and the squares of every piece but
     * the innermost one. One per board array, which nothing else may decode into meanwhile.
     */
    public static final class Cursor {
        long idx = -1;
        int stm;
        long others;
        /** Whether the pieces other than the innermost one already overlap. */
        boolean othersOverlap;
    }

    /**
     * {@link #decode(long, long[])} into a board that holds the slot last decoded through the same
     * cursor: slots in one aligned run of 64 (slices and every index stride are multiples of 64)
     * differ only by the square of the innermost piece when it is a lone piece of its kind, so
     * only that piece moves and the overlap test is one AND. Passes over slots in index order,
     * the forward pass and the retrograde plies, mostly stay in a run.
     */
    public int decode(long idx, long[] bb, Cursor c) {
        if (c != null && innerSingle && (idx >>> 6) == (c.idx >>> 6) && c.idx >= 0) {
            c.idx = idx;
            long bit = 1L << (idx & 63);
            bb[innerPiece] = bit;
            return c.othersOverlap || (c.others & bit) != 0 ? -1 : c.stm;
        }
        for (int p : absent) bb[p] = 0L;
        int slice = pawnful ? sliceOf(idx) : 0;
        int local = (int) (idx - slice * sliceSize); // slices are below 2^31 slots, so int arithmetic from here
        long occ = 0;
        int n = 0;
        for (int g = groupPiece.length - 1; g >= 0; g--) {
            int size = groupSize[g], r;
            if (size == 64) {
                r = local & 63;
                local >>>= 6;
            } else {
                int q = groupDivisor[g].div(local);
                r = local - q * size;
                local = q;
            }
            int packed = groupUnrank[g][r];
            long b = 0;
            for (int i = 0; i < groupCount[g]; i++) b |= 1L << ((packed >>> (6 * i)) & 63);
            bb[groupPiece[g]] = b;
            occ |= b;
            n += groupCount[g];
        }
        int stm = pairDivisor.div(local);
        int p = local - stm * pairs;
        int pair = pawnful ? Symmetry.PAWN_PAIR[p] : Symmetry.PAWNLESS_PAIR[p];
        bb[Piece.W_KING] = 1L << (pair >>> 6);
        bb[Piece.B_KING] = 1L << (pair & 63);
        occ |= bb[Piece.W_KING] | bb[Piece.B_KING];
        n += 2;
        if (pawnful) {
            bb[Piece.W_PAWN] = slices.whitePawns(slice);
            bb[Piece.B_PAWN] = slices.blackPawns(slice);
            occ |= bb[Piece.W_PAWN] | bb[Piece.B_PAWN];
            n += slices.whiteCount + slices.blackCount;
        }
        boolean overlap = Long.bitCount(occ) != n;
        if (c != null) {
            c.idx = idx;
            c.stm = stm;
            if (innerSingle) {
                c.others = otherSquares(bb);
                c.othersOverlap = Long.bitCount(c.others) != n - 1;
            }
        }
        return overlap ? -1 : stm;
    }

    /** Squares of every piece of the board but the innermost one. */
    private long otherSquares(long[] bb) {
        long o = 0;
        for (int q = 0; q < 12; q++) if (q != innerPiece) o |= bb[q];
        return o;
    }

    /** The slice of a slot: a long division only when the quotient estimated in floating point is off. */
    private int sliceOf(long idx) {
        long q = (long) (idx * inverseSliceSize);
        while (q * sliceSize > idx) q--;
        while ((q + 1) * sliceSize <= idx) q++;
        return (int) q;
    }

    /** Whether the side not to move is in check (the board is then unreachable). */
    public static boolean illegal(long[] bb, int stm) {
        int them = stm ^ 1;
        int ksq = Long.numberOfTrailingZeros(bb[Piece.make(them, Piece.KING)]);
        long occ = 0;
        for (long b : bb) occ |= b;
        return Attacks.attacked(bb, ksq, stm, occ);
    }

    /** Whether the slot is a real, canonical position (for verification and statistics). */
    public boolean valid(long idx, long[] bb) {
        int stm = decode(idx, bb);
        return stm >= 0 && !illegal(bb, stm) && index(bb, stm) == idx;
    }
}
