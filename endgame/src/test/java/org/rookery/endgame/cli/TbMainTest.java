package org.rookery.endgame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.Version1;

class TbMainTest extends TbCliTest {
    @Test
    void probePrintsLichessFieldsWithTheBestMoveFirst() {
        assertEquals(0, run("probe", "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", "--tb", Fixture.dir().toString()));
        assertTrue(out.startsWith("{\"category\":\"win\",\"dtz\":19,\"precise_dtz\":19,\"dtm\":19,\"checkmate\":false,\"stalemate\":false,"
            + "\"insufficient_material\":false"), out);
        // the first move keeps mate in 9 more moves: the opponent is then lost in 18 plies
        assertTrue(out.contains("\"moves\":[{\"uci\":"), out);
        int first = out.indexOf("\"moves\":[");
        assertTrue(out.indexOf("\"category\":\"loss\",\"dtz\":-18", first) > first, out);
        assertTrue(out.contains("\"category\":\"draw\""), "a queen-losing move is listed as a draw: " + out);
    }

    @Test
    void bulkProbeAnswersOneLinePerFen() {
        PrintStream o = System.out;
        java.io.InputStream i = System.in;
        System.setIn(new java.io.ByteArrayInputStream("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1\nk7/1Q6/1K6/8/8/8/8/8 b - - 0 1\nnot a fen\n"
            .getBytes(StandardCharsets.UTF_8)));
        try {
            assertEquals(2, run("probe", "-", "--tb", Fixture.dir().toString()));
        } finally {
            System.setIn(i);
            System.setOut(o);
        }
        String[] lines = out.split("\n");
        assertEquals(3, lines.length, out);
        assertTrue(lines[1].contains("\"checkmate\":true") && lines[1].contains("\"category\":\"loss\""), lines[1]);
        assertTrue(lines[2].contains("\"error\":\"invalid FEN"), lines[2]);
    }

    @Test
    void badInputIsOneLineOnStderrWithStatus2() {
        assertEquals(2, run("probe", "8/8/8/5k2/8/8/1Q6/K7 w - - 0", "--tb", Fixture.dir().toString(), "extra"));
        assertEquals(2, run("probe", "8/8/8/5k2/8/8/1QQ5/K7 x - - 0 1", "--tb", Fixture.dir().toString()));
        assertEquals(1, err.trim().split("\n").length, err);
        assertFalse(err.contains("Exception"), err);
        assertEquals(2, run("probe", "8/8/8/5k2/8/3q4/1Q6/K7 w - - 0 1", "--tb", Fixture.dir().toString()));
        assertTrue(err.contains("missing table KQvKQ"), err);
        assertEquals(2, run("probe", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "--tb", Fixture.dir().toString()));
        assertTrue(err.contains("32 pieces"), err);
        assertEquals(2, run("generate", "KQRBNvK"));
        assertTrue(err.contains("at most 5"), err);
        assertEquals(2, run("generate", "KQvK", "--dtz", "moves"));
        assertEquals("rookery generate: --dtz applies to the Syzygy files only: add --format syzygy", err.trim());
        assertEquals(2, run("generate", "KQvK", "--format", "syzygy", "--dtz", "halfmoves"));
        assertEquals("rookery generate: --dtz must be plies or moves, not halfmoves", err.trim());
    }

    @Test
    void mainlineEndsInMate() {
        assertEquals(0, run("mainline", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1", "--tb", Fixture.dir().toString()));
        assertTrue(out.contains("\"winner\":\"w\""), out);
        assertTrue(out.contains("\"checkmate\":true"), out);
        assertEquals(31, out.split("\"uci\"").length - 1, "KRK mate in 16 is 31 plies of DTZ-optimal play here: " + out);
    }

    @Test
    void verifyReportsEveryTable() {
        assertEquals(0, run("verify", "KQvK", "KRvK", "--tb", Fixture.dir().toString()));
        assertTrue(out.contains("verify: 2 passed, 0 failed"), out);
    }

    /** tb compress rewrites a version-1 table (probing gives the same answer after), skips compressed ones, and verify passes. */
    @Test
    void compressRewritesVersion1Tables(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        for (String name : new String[] {"KvK", "KQvK", "KRvK"}) {
            Material m = Material.parse(name);
            Version1.write(TableFile.path(Fixture.dir(), m), TableFile.path(tmp, m));
        }
        long before = java.nio.file.Files.size(TableFile.path(tmp, Material.parse("KQvK")));
        String fen = "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1";
        assertEquals(0, run("probe", fen, "--tb", tmp.toString()));
        String probedBefore = out;
        assertEquals(0, run("compress", "--tb", tmp.toString(), "KQvK"));
        assertTrue(out.contains("compress: 1 table(s)"), out);
        assertTrue(java.nio.file.Files.size(TableFile.path(tmp, Material.parse("KQvK"))) < before / 5, out);
        assertEquals(0, run("compress", "--tb", tmp.toString()));
        assertTrue(out.contains("compress: 2 table(s)"), "KQvK is compressed already: " + out);
        assertEquals(0, run("probe", fen, "--tb", tmp.toString()));
        assertEquals(probedBefore, out);
        assertEquals(0, run("verify", "--tb", tmp.toString()));
        assertTrue(out.contains("verify: 3 passed, 0 failed"), out);
        assertEquals(2, run("compress", "--tb", tmp.toString(), "KBNvK"));
        assertTrue(err.contains("missing table KBNvK"), err);
    }
}
