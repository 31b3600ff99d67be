package org.rookery.endgame.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.Tablebase;

/** Every table up to 4 pieces, verified, plus one 5-piece table: minutes, so tagged slow. */
@Tag("slow")
class FullBuildTest {
    @Test
    void everyTableUpToFourPiecesVerifiesAndAFivePieceTableBuilds() throws Exception {
        Path dir = Files.createTempDirectory("rookery-tb-full");
        try (Generator g = new Generator(dir, 2, null)) {
            g.generate(Material.upTo(4));
        }
        Verifier v = new Verifier(dir, 2);
        for (Material m : Material.upTo(4)) {
            Verifier.Report r = v.verify(m);
            assertTrue(r.ok(), m + ": " + r.examples);
        }
        try (Tablebase tb = Tablebase.open(dir)) {
            assertEquals(36, tb.tables().size());
            // Black's only saving move is the en-passant capture exd3 (white's d4 passed d3), which the table stores without.
            long r = tb.probe(Position.fromFen("8/8/8/8/3Pp3/8/8/K1k5 b - d3 0 1"));
            long noEp = tb.probe(Position.fromFen("8/8/8/8/3Pp3/8/8/K1k5 b - - 0 1"));
            assertTrue(Probe.found(r) && Probe.found(noEp));
            assertTrue(Probe.dtzValue(r) >= Probe.dtzValue(noEp), "the capture can only help the side that may take");
        }
        try (Generator g = new Generator(dir, 2, null)) {
            List<Generator.Result> done = g.generate(List.of(Material.parse("KNNNvK")));
            assertEquals(1, done.size());
            assertTrue(new Verifier(dir, 2).verify(Material.parse("KNNNvK")).ok());
        }
    }
}
