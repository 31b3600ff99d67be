package org.rookery.endgame.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;

/**
 * {@link Generator#generateSlices} continued over several calls (each with its own generator, as
 * separate machines would run them) writes the same table as one {@link Generator#generate}.
 */
class GenerateSlicesTest {
    @Test
    void rangesOverSeveralCallsMatchOneBuild(@TempDir Path tmp) throws IOException {
        Material kpk = Material.parse("KPvK");
        Path whole = tmp.resolve("whole"), parts = tmp.resolve("parts");
        CleanBuild.of(whole, kpk);
        try (Generator g = new Generator(parts, 2, null)) {
            for (Material c : Material.withDependencies(kpk.children())) g.generate(c);
        }
        TableIndex index = new TableIndex(kpk);
        int n = index.sliceCount();
        // cut points: a wave boundary, then a point inside the next wave (slices of one wave are independent)
        int second = 1;
        while (index.advancement(second) == index.advancement(0)) second++;
        int inside = second + 1;
        assertEquals(index.advancement(second), index.advancement(inside), "the cut must fall inside a wave");
        int[] cuts = {0, second, inside, n};
        for (int i = 0; i + 1 < cuts.length; i++) {
            try (Generator g = new Generator(parts, 1, null)) {
                g.generateSlices(kpk, cuts[i], cuts[i + 1], i + 2 == cuts.length);
            }
        }
        byte[] a = Files.readAllBytes(TableFile.path(whole, kpk)), b = Files.readAllBytes(TableFile.path(parts, kpk));
        assertEquals(a.length, b.length);
        // the header's counts cover only the last call's slices, so compare the value sections and the CRC
        assertArrayEquals(Arrays.copyOfRange(a, TableFile.HEADER, a.length), Arrays.copyOfRange(b, TableFile.HEADER, b.length),
            "KPvK built in " + (cuts.length - 1) + " calls differs from one build");
        assertArrayEquals(Arrays.copyOfRange(a, 24, 28), Arrays.copyOfRange(b, 24, 28), "CRC-32C");
        try (Table t = TableFile.open(TableFile.path(parts, kpk))) {
            long decided = 0;
            for (long i = 0; i < index.size(); i++) if (t.dtz(i) != 0) decided++;
            assertTrue(decided > index.size() / 4, "the tables hold decided values");
        }
    }

    @Test
    void theFirstRangeStartsAFreshTable(@TempDir Path tmp) throws IOException {
        Material kpk = Material.parse("KPvK");
        try (Generator g = new Generator(tmp, 1, null)) {
            for (Material c : Material.withDependencies(kpk.children())) g.generate(c);
            TableIndex index = new TableIndex(kpk);
            // a stale .part full of garbage must not leak into a build that starts at slice 0
            Path part = tmp.resolve(kpk.name() + TableFile.SUFFIX + ".part");
            byte[] junk = new byte[(int) (TableFile.HEADER + 4 * index.size())];
            Arrays.fill(junk, (byte) 0x55);
            Files.write(part, junk);
            g.generateSlices(kpk, 0, 1, false);
            byte[] after = Files.readAllBytes(part);
            assertEquals(0, after[(int) (TableFile.HEADER + 2 * index.sliceSize())], "slice 1 must be zeroed, not left stale");
        }
    }

}
