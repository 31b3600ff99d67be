package org.rookery.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code rookery perft} on Chess960: the variant from the castling field, or forced by --chess960. */
class PerftChess960CliTest {
    private static String run(String... args) {
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(new PerftCommand());
        cl.setOut(new PrintWriter(out));
        assertEquals(0, cl.execute(args), out.toString());
        return out.toString();
    }

    @Test
    void shredderAndXFenPositionsCountAsStockfishDoes() {
        assertTrue(run("--fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "--depth", "3").startsWith("nodes 12189 "));
        assertTrue(run("--fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", "--depth", "3").startsWith("nodes 9006 "));
    }

    @Test
    void divideWritesKingTakesRookCastlingUnderChess960Only() {
        String fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assertTrue(run("--fen", fen, "--depth", "1", "--divide").contains("e1g1: 1"));
        String forced = run("--fen", fen, "--depth", "1", "--divide", "--chess960");
        assertTrue(forced.contains("e1h1: 1") && forced.contains("e1a1: 1") && !forced.contains("e1g1"), forced);
    }

    @Test
    void anEpdSuiteOfChess960LinesPasses(@TempDir Path dir) throws Exception {
        Path epd = dir.resolve("c960.epd");
        Files.writeString(epd, "4k3/8/8/8/8/8/8/qRK5 w B - 0 1 ;D1 4 ;D2 65 ;D3 876\n4k3/8/8/8/8/8/8/5KR1 w G - 0 1 ;D1 13 ;D2 58\n");
        assertTrue(run("--epd", epd.toString()).contains("passed 2 failed 0"));
    }
}
