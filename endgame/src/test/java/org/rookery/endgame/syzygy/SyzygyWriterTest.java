package org.rookery.endgame.syzygy;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.Tablebase;

/**
 * Rookery's tables written as Syzygy: every position equal to Rookery's through our reader, random
 * positions (-Dsyzygy.write.positions per side, default 150) through fathom against Rookery and
 * the standard tables. The default suite writes a pawnless (KRvKN) and a pawnful (KPvK) table;
 * the slow one every ≤4-piece table, KPvKP (en passant) among them, whose promotions need all of them.
 */
class SyzygyWriterTest {
    private static final int PER_SIDE = Integer.getInteger("syzygy.write.positions", 150);

    @TempDir Path tmp;

    @Test
    void pawnlessAndPawnfulTablesWrittenAsSyzygyProbeAsRookerys() throws Exception {
        check(List.of(Material.parse("KRvKN"), Material.parse("KPvK")), List.of("KRvKN", "KPvK"));
    }

    @Test
    @Tag("slow")
    void everyTableUpToFourPiecesWrittenAsSyzygyProbesAsRookerysAndTheStandardOnes() throws Exception {
        List<String> all = new ArrayList<>();
        for (Material m : Material.upTo(4)) if (m.pieceCount() >= 3) all.add(SyzygyWriter.name(m));
        check(Material.upTo(4), all);
    }

    private void check(List<Material> targets, List<String> checked) throws Exception {
        Path rtb = Files.createDirectories(tmp.resolve("rtb")), out = Files.createDirectories(tmp.resolve("syzygy"));
        try (Generator g = new Generator(rtb, 2, null)) {
            g.generate(targets);
        }
        try (Tablebase rookery = Tablebase.open(rtb, true)) {
            long t0 = System.nanoTime();
            WrittenTables.writeAll(rookery, out);
            System.err.printf("SyzygyWriterTest: wrote %s in %.1f s%n", WrittenTables.names(out), (System.nanoTime() - t0) / 1e9);
            SyzygyTablebase written = new SyzygyTablebase(List.of(out));
            for (String m : checked) {
                long n = WrittenTables.everyPosition(rookery, written, m);
                System.err.println("SyzygyWriterTest: " + m + ": " + n + " positions equal through our reader");
                assertTrue(n > 10_000, m + ": only " + n + " positions");
            }
            Fathom.assumeInstalled();
            assumeTrue(WrittenTables.sharedPresent(), "no shared Syzygy tables at " + FathomOracleTest.SHARED + "; fathom part skipped");
            SyzygyTablebase standard = new SyzygyTablebase(List.of(FathomOracleTest.SHARED));
            SplittableRandom random = new SplittableRandom(18);
            for (String m : checked) {
                int n = WrittenTables.fathom(rookery, out, standard, m, PER_SIDE, random);
                System.err.println("SyzygyWriterTest: " + m + ": " + n + " random positions equal through fathom");
                assertTrue(n > PER_SIDE, m + ": fathom answered only " + n);
            }
        }
    }
}
