package org.rookery.endgame.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.endgame.probe.CorruptTableException;

/**
 * Tables mapped as many tiny regions (down to 64 bytes, so nearly every block sits near a region
 * boundary) answer exactly as the same file mapped whole: every index of every sub-table, and
 * random positions (through the DTZ value maps as well).
 */
class SmallRegionsTest {
    private static final List<String> BUNDLED = List.of("KPvK", "KQvK", "KRvK", "KNvK");
    /** The shared set's largest files of each kind: pawnless 4-piece, both sides with pawns, one pawn. */
    private static final List<String> SHARED_TABLES = List.of("KBNvK", "KQvKR", "KPvKP", "KRvKP");

    @Test
    void bundledTablesAgreeOnEveryIndexAtEveryRegionSize() {
        for (String m : BUNDLED) {
            for (boolean dtz : new boolean[] {false, true}) {
                Path file = SyzygyFixturesTest.fixtures().resolve(m + (dtz ? ".rtbz" : ".rtbw"));
                for (int log : new int[] {6, 9, 12}) compareEveryIndex(file, m, dtz, log, 1);
            }
            if (!m.equals("KNvK")) comparePositions(SyzygyFixturesTest.fixtures(), m, 6, 400); // KNvK: all draws, no DTZ to read
        }
    }

    @Test
    void sharedTablesAgreeOnSampledIndicesIn64KiBRegions() {
        Path shared = shared();
        if (shared == null) return;
        for (String m : SHARED_TABLES) {
            for (boolean dtz : new boolean[] {false, true}) compareEveryIndex(shared.resolve(m + (dtz ? ".rtbz" : ".rtbw")), m, dtz, 16, 97);
            comparePositions(shared, m, 16, 300);
        }
    }

    /** The brute force over every index of the shared tables: ~40 M values decoded twice. */
    @Test
    @Tag("slow")
    void sharedTablesAgreeOnEveryIndexIn64KiBAnd4KiBRegions() {
        Path shared = shared();
        if (shared == null) return;
        for (String m : SHARED_TABLES) {
            for (boolean dtz : new boolean[] {false, true}) {
                Path file = shared.resolve(m + (dtz ? ".rtbz" : ".rtbw"));
                compareEveryIndex(file, m, dtz, 16, 1);
                compareEveryIndex(file, m, dtz, 12, 1);
            }
        }
    }

    private static Path shared() {
        Path shared = FathomOracleTest.SHARED;
        if (Files.isDirectory(shared)) return shared;
        System.out.println("SmallRegionsTest: skipped the shared tables: none at " + shared
                + " (install: place the 3-4 piece Syzygy set there, e.g. from https://tablebase.lichess.ovh/tables/standard/3-4-5/)");
        return null;
    }

    /** Every {@code stride}-th index of every sub-table of {@code file} decodes the same whole and in 2^log-byte regions. */
    private static void compareEveryIndex(Path file, String material, boolean dtz, int log, int stride) {
        long key = Material.parse(material);
        SyzygyTable whole = new SyzygyTable(file, key, dtz);
        SyzygyTable split = new SyzygyTable(file, key, dtz, log);
        assertEquals(1, whole.regions(), file + " is one mapping by default");
        long size = fileSize(file);
        if (size > (1L << log) + 64) assertTrue(split.regions() > 1, file + " in 2^" + log + " regions is " + split.regions());
        long compared = 0;
        for (int i = 0; i < 8; i++) {
            PairsData a = whole.part(i);
            PairsData b = split.part(i);
            assertEquals(a == null, b == null, file + " sub-table " + i);
            if (a == null) continue;
            long n = a.size();
            assertEquals(n, b.size());
            for (long idx = 0; idx < n; idx += stride) {
                assertEquals(valueOrError(a, idx), valueOrError(b, idx), file + " sub-table " + i + " index " + idx + " in 2^" + log + " regions");
                compared++;
            }
        }
        assertTrue(compared > 0, file + ": no index compared");
    }

    /** The value, or the corrupt-table message (also compared: both mappings must reject the same indices alike). */
    private static Object valueOrError(PairsData d, long idx) {
        try {
            return d.value(idx);
        } catch (CorruptTableException e) {
            return e.getMessage();
        }
    }

    /** Random positions of {@code material}, both sides to move, probed as WDL and as DTZ (after the whole-file WDL). */
    private static void comparePositions(Path dir, String material, int log, int count) {
        long key = Material.parse(material);
        SyzygyTable wdlWhole = new SyzygyTable(dir.resolve(material + ".rtbw"), key, false);
        SyzygyTable wdlSplit = new SyzygyTable(dir.resolve(material + ".rtbw"), key, false, log);
        SyzygyTable dtzWhole = new SyzygyTable(dir.resolve(material + ".rtbz"), key, true);
        SyzygyTable dtzSplit = new SyzygyTable(dir.resolve(material + ".rtbz"), key, true, log);
        SplittableRandom random = new SplittableRandom(material.hashCode());
        int[] squares = new int[8];
        int[] pieces = new int[8];
        int dtzCompared = 0;
        for (int i = 0; i < count; i++) {
            Position pos = RandomPositions.of(material, random.nextBoolean(), random);
            int wdl = wdlWhole.probe(pos, 0, squares, pieces);
            assertEquals(wdl, wdlSplit.probe(pos, 0, squares, pieces), "WDL of " + pos.toFen());
            if (wdl == 0) continue;
            int d = dtzWhole.probe(pos, wdl, squares, pieces);
            assertEquals(d, dtzSplit.probe(pos, wdl, squares, pieces), "DTZ of " + pos.toFen());
            if (d != SyzygyTable.OTHER_SIDE) dtzCompared++;
        }
        assertTrue(dtzCompared > 0, material + ": no DTZ value compared");
    }

    private static long fileSize(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
