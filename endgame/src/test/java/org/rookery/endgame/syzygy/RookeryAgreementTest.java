package org.rookery.endgame.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.Tablebase;

/**
 * Syzygy against Rookery's own generated tables: WDL always equal; DTZ equal up to the format's
 * rounding: a table that stores a distance in moves instead of plies answers n for a true n or n+1.
 */
class RookeryAgreementTest {
    @Test
    void syzygyAndRookeryTablesAgree() {
        boolean shared = Files.isDirectory(FathomOracleTest.SHARED);
        SyzygyTablebase syzygy = new SyzygyTablebase(List.of(shared ? FathomOracleTest.SHARED : SyzygyFixturesTest.fixtures()));
        List<String> materials = shared ? List.of("KQvK", "KRvK", "KPvK", "KBNvK", "KQvKR", "KRvKN") : List.of("KQvK", "KRvK", "KPvK");
        Tablebase rookery = Fixture.tablebase();
        SplittableRandom random = new SplittableRandom(42);
        int rounded = 0, compared = 0;
        for (String m : materials) {
            for (int i = 0; i < 400; i++) {
                Position pos = RandomPositions.of(m, i % 2 == 1, random);
                long r = rookery.probe(pos);
                assertTrue(Probe.found(r), "Rookery has no value for " + pos.toFen());
                int wdl = syzygy.wdl(pos);
                assertEquals(Probe.category(r, 0).ordinal() - 2, wdl, "WDL of " + pos.toFen());
                int ours = Probe.dtz(r), theirs = syzygy.dtz(pos);
                if (wdl == 0 || (ours == 0 && pos.isCheckmate())) continue;
                assertEquals(Integer.signum(wdl), Integer.signum(theirs), "DTZ sign of " + pos.toFen());
                int gap = Math.abs(ours) - Math.abs(theirs);
                assertTrue(gap == 0 || gap == 1, "DTZ of " + pos.toFen() + ": Syzygy " + theirs + ", Rookery " + ours);
                rounded += gap;
                compared++;
            }
        }
        System.err.println("RookeryAgreementTest: " + compared + " decisive positions, " + rounded + " one ply shorter in Syzygy");
        assertTrue(compared > 1000, "only " + compared + " decisive positions compared");
    }
}
