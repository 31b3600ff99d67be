package org.rookery.endgame.index;

import java.util.ArrayList;
import java.util.List;

/**
 * The pawn configurations of a material, one slice each. Only pawn moves change a configuration,
 * and they only advance, so slices are solved one after another from the most advanced down, each
 * as its own retrograde problem whose pawn moves lead into slices already solved. Slice ids are in
 * that order; slices of equal advancement ({@link #wave}) are independent of each other, which is
 * what lets threads, or later separate machines, take them in parallel.
 *
 * <p>A configuration and its file mirror share one slice; the canonical orientation is the one
 * with the smaller raw rank. A configuration equal to its own mirror is oriented by the white king.
 */
final class PawnSlices {
    final int whiteCount, blackCount;
    final int count;
    /** Raw rank (white combination * C(48, blackCount) + black combination) → slice, or -1 if pawns overlap. */
    final int[] sliceOfRaw;
    /** Whether the raw configuration is the mirror of its slice's canonical one. */
    final boolean[] mirroredRaw;
    final int[] canonicalRaw;
    final boolean[] symmetric;
    final int[] advancement;
    private final int blackSize;
    /** Each slice's canonical pawn bitboards, so decoding a slot does not unrank them again. */
    private final long[] whiteOf, blackOf;

    PawnSlices(int whiteCount, int blackCount) {
        this.whiteCount = whiteCount;
        this.blackCount = blackCount;
        int whiteSize = (int) Binomial.choose(48, whiteCount);
        blackSize = (int) Binomial.choose(48, blackCount);
        int raws = whiteSize * blackSize;
        int[] wt = Binomial.unrankTable(48, whiteCount), bt = Binomial.unrankTable(48, blackCount);
        sliceOfRaw = new int[raws];
        mirroredRaw = new boolean[raws];
        List<long[]> canon = new ArrayList<>(); // {advancement, raw}
        for (int raw = 0; raw < raws; raw++) {
            long w = squares(wt[raw / blackSize], whiteCount), b = squares(bt[raw % blackSize], blackCount);
            if ((w & b) != 0) {
                sliceOfRaw[raw] = -1;
                continue;
            }
            int mirror = raw(Symmetry.transform(Symmetry.MIRROR, w), Symmetry.transform(Symmetry.MIRROR, b));
            mirroredRaw[raw] = mirror < raw;
            if (mirror >= raw) canon.add(new long[] {advancement(w, b), raw});
        }
        canon.sort((x, y) -> x[0] != y[0] ? Long.compare(y[0], x[0]) : Long.compare(x[1], y[1]));
        count = canon.size();
        canonicalRaw = new int[count];
        symmetric = new boolean[count];
        advancement = new int[count];
        for (int s = 0; s < count; s++) {
            int raw = (int) canon.get(s)[1];
            canonicalRaw[s] = raw;
            advancement[s] = (int) canon.get(s)[0];
            sliceOfRaw[raw] = s;
        }
        for (int raw = 0; raw < raws; raw++) {
            if (sliceOfRaw[raw] < 0 || !mirroredRaw[raw]) continue;
            long w = squares(wt[raw / blackSize], whiteCount), b = squares(bt[raw % blackSize], blackCount);
            sliceOfRaw[raw] = sliceOfRaw[raw(Symmetry.transform(Symmetry.MIRROR, w), Symmetry.transform(Symmetry.MIRROR, b))];
        }
        whiteOf = new long[count];
        blackOf = new long[count];
        for (int s = 0; s < count; s++) {
            int raw = canonicalRaw[s];
            long w = squares(wt[raw / blackSize], whiteCount), b = squares(bt[raw % blackSize], blackCount);
            symmetric[s] = raw(Symmetry.transform(Symmetry.MIRROR, w), Symmetry.transform(Symmetry.MIRROR, b)) == raw;
            whiteOf[s] = w;
            blackOf[s] = b;
        }
    }

    /** Raw rank of a configuration given as bitboards (pawns on ranks 2–7). */
    int raw(long whitePawns, long blackPawns) {
        return rankOf(whitePawns, whiteCount) * blackSize + rankOf(blackPawns, blackCount);
    }

    private static int rankOf(long bb, int k) {
        long r = 0;
        int i = 0;
        while (bb != 0) {
            r += Binomial.C[Long.numberOfTrailingZeros(bb) - 8][++i];
            bb &= bb - 1;
        }
        return (int) r;
    }

    /** Bitboards of a canonical slice's white and black pawns. */
    long whitePawns(int slice) {
        return whiteOf[slice];
    }

    long blackPawns(int slice) {
        return blackOf[slice];
    }

    private static long squares(int packed, int k) {
        long bb = 0;
        for (int i = 0; i < k; i++) bb |= 1L << (((packed >>> (6 * i)) & 63) + 8);
        return bb;
    }

    private static long advancement(long w, long b) {
        long a = 0;
        for (long x = w; x != 0; x &= x - 1) a += Long.numberOfTrailingZeros(x) >>> 3;
        for (long x = b; x != 0; x &= x - 1) a += 7 - (Long.numberOfTrailingZeros(x) >>> 3);
        return a;
    }

    /** First slice of the wave (equal advancement) that slice s belongs to, and the end of it. */
    int waveStart(int s) {
        while (s > 0 && advancement[s - 1] == advancement[s]) s--;
        return s;
    }

    int waveEnd(int s) {
        int a = advancement[s];
        while (s < count && advancement[s] == a) s++;
        return s;
    }
}
