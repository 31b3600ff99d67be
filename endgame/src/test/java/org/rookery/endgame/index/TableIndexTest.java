package org.rookery.endgame.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Piece;

class TableIndexTest {
    @Test
    void kingPairsAreEnumeratedLegally() {
        assertEquals(462, Symmetry.PAWNLESS_PAIRS);
        assertEquals(3612, Symmetry.PAWN_PAIRS);
        assertEquals(2L * 462 * 64 * 64, new TableIndex(Material.parse("KQvKR")).size());
        assertEquals(2L * 462 * 2016, new TableIndex(Material.parse("KBBvK")).size(), "identical pieces as combinations");
        assertEquals(24L * 2 * 3612, new TableIndex(Material.parse("KPvK")).size(), "one pawn: 24 slices after mirroring");
    }

    @Test
    void everySymmetricImageIndexesToTheSameSlot() {
        for (String m : new String[] {"KQvKR", "KBBvK", "KNNvKB", "KRPvKP", "KPPvKP", "KPvKP"}) {
            TableIndex ti = new TableIndex(Material.parse(m));
            SplittableRandom rnd = new SplittableRandom(m.hashCode());
            long[] bb = new long[12], img = new long[12];
            int checked = 0;
            while (checked < 3000) {
                long idx = rnd.nextLong(ti.size());
                if (!ti.valid(idx, bb)) continue;
                int stm = ti.decode(idx, bb);
                assertEquals(idx, ti.index(bb, stm));
                int transforms = ti.hasPawns() ? 2 : 8;
                for (int t = 0; t < transforms; t++) {
                    for (int p = 0; p < 12; p++) img[p] = Symmetry.transform(t, bb[p]);
                    assertEquals(idx, ti.index(img, stm), m + " transform " + t + " of " + Boards.fen(bb, stm));
                }
                checked++;
            }
        }
    }

    @Test
    void slicesAreOrderedByPawnAdvancement() {
        TableIndex ti = new TableIndex(Material.parse("KPvKP"));
        for (int s = 1; s < ti.sliceCount(); s++) assertTrue(ti.advancement(s - 1) >= ti.advancement(s));
        long[] bb = new long[12];
        // a white pawn on e2 and a black pawn on d7 is the mirror of d2/e7: same slice
        long[] a = new long[12], b = new long[12];
        a[Piece.W_KING] = 1L << 0;
        a[Piece.B_KING] = 1L << 63;
        a[Piece.W_PAWN] = 1L << 12;
        a[Piece.B_PAWN] = 1L << 51;
        for (int p = 0; p < 12; p++) b[p] = Symmetry.transform(Symmetry.MIRROR, a[p]);
        assertEquals(ti.index(a, 0), ti.index(b, 0));
        assertTrue(ti.valid(ti.index(a, 0), bb));
    }

    @Test
    void incrementalKingMovesAndTheCanonicalTestAgreeWithFullIndexing() {
        for (String m : new String[] {"KQvKR", "KBBvK", "KNNNvK", "KPvK", "KRPvKP", "KPPvKP"}) {
            TableIndex ti = new TableIndex(Material.parse(m));
            SplittableRandom rnd = new SplittableRandom(m.hashCode() + 1);
            long[] bb = new long[12], moved = new long[12];
            int incremental = 0, full = 0, reflected = 0;
            for (int tried = 0; tried < 20000; tried++) {
                long idx = rnd.nextLong(ti.size());
                int stm = ti.decode(idx, bb);
                if (stm < 0) continue;
                // the shortcut must answer exactly what re-indexing answers, for canonical and duplicate slots alike
                assertEquals(ti.index(bb, stm) == idx, ti.canonical(idx, bb, stm), m + " " + Boards.fen(bb, stm));
                if (TableIndex.illegal(bb, stm) || ti.index(bb, stm) != idx) continue;
                int wk = Long.numberOfTrailingZeros(bb[Piece.W_KING]), bk = Long.numberOfTrailingZeros(bb[Piece.B_KING]);
                long occ = 0;
                for (long b : bb) occ |= b;
                if (!ti.incremental(bb)) {
                    // both kings on the long diagonal: a non-king move's index is the smaller of the two orientations'
                    long idx4 = ti.reflectedIndex(bb, stm);
                    for (int p = 0; p < 12; p++) {
                        if (p == Piece.W_KING || p == Piece.B_KING || Piece.type(p) == Piece.PAWN) continue;
                        for (long pcs = bb[p]; pcs != 0; pcs &= pcs - 1) {
                            int from = Long.numberOfTrailingZeros(pcs);
                            for (long to = Bitboards.KNIGHT_ATTACKS[from] & ~occ; to != 0; to &= to - 1) {
                                System.arraycopy(bb, 0, moved, 0, 12);
                                moved[p] ^= (1L << from) | (to & -to);
                                long inc = Math.min(ti.afterMove(idx, stm, p, bb[p], moved[p]), ti.afterMoveReflected(idx4, stm, p, bb[p], moved[p]));
                                assertEquals(ti.index(moved, stm ^ 1), inc, m + ": move from " + from + " in " + Boards.fen(bb, stm));
                                reflected++;
                            }
                        }
                    }
                }
                for (int king : new int[] {Piece.W_KING, Piece.B_KING}) {
                    int from = king == Piece.W_KING ? wk : bk, other = king == Piece.W_KING ? bk : wk;
                    for (long to = Bitboards.KING_ATTACKS[from] & ~occ & ~Bitboards.KING_ATTACKS[other]; to != 0; to &= to - 1) {
                        int sq = Long.numberOfTrailingZeros(to);
                        System.arraycopy(bb, 0, moved, 0, 12);
                        moved[king] = 1L << sq;
                        int after = king == Piece.W_KING ? sq * 64 + bk : wk * 64 + sq;
                        long inc = ti.afterKingMove(idx, stm, ti.pawnKey(bb), wk * 64 + bk, after);
                        if (inc < 0) {
                            full++;
                            GroupTerms terms = new GroupTerms();
                            int nwk = king == Piece.W_KING ? sq : wk, nbk = king == Piece.W_KING ? bk : sq;
                            assertEquals(ti.index(moved, stm ^ 1), ti.afterKingMoveTransformed(bb, stm ^ 1, ti.pawnKey(bb), nwk, nbk, terms),
                                m + ": re-oriented king move to " + sq + " from " + Boards.fen(bb, stm));
                            continue;
                        }
                        incremental++;
                        assertEquals(ti.index(moved, stm ^ 1), inc, m + ": king to " + sq + " from " + Boards.fen(bb, stm));
                    }
                }
            }
            assertTrue(incremental > 1000, m + ": " + incremental + " incremental king moves checked");
            if (!ti.hasPawns()) assertTrue(reflected > 100, m + ": " + reflected + " moves from diagonal king pairs checked");
            if (!ti.hasPawns()) assertTrue(full > 0, m + ": moves into another orientation fall back to full indexing");
        }
    }

    /**
     * Decoding through a cursor (one piece moved within a run of 64 slots) gives the board and side
     * of a full decode, overlaps included, for slots visited in index order with gaps, as the
     * retrograde plies visit them; and across runs, slices and materials with and without a lone
     * innermost piece.
     */
    @Test
    void decodingThroughACursorMatchesAFullDecode() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (String name : new String[] {"KQvKR", "KQvKP", "KRNvK", "KQQvK", "KPvKP", "KBBvKN", "KRPvKB"}) {
            TableIndex index = new TableIndex(Material.parse(name).canonical());
            long[] plain = new long[12], fast = new long[12];
            TableIndex.Cursor cursor = new TableIndex.Cursor();
            long step = Math.max(1, index.size() / 2_000_000);
            int checked = 0;
            for (long idx = rnd.nextLong(64); idx < index.size(); idx += 1 + rnd.nextLong(3 * step), checked++) {
                int a = index.decode(idx, plain), b = index.decode(idx, fast, cursor);
                assertEquals(a, b, name + " slot " + idx);
                assertTrue(java.util.Arrays.equals(plain, fast), name + " slot " + idx);
            }
            assertTrue(checked > 100_000, name + ": " + checked + " slots compared");
        }
    }

    @Test
    void bitTwiddledTransformsMatchTheSquareTables() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < 2000; i++) {
            long b = rnd.nextLong() & rnd.nextLong();
            for (int t = 0; t < 8; t++) assertEquals(Symmetry.transform(t, b), Symmetry.transformBits(t, b), "transform " + t + " of " + Long.toHexString(b));
        }
    }
}
