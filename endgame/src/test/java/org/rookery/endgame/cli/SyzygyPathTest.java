package org.rookery.endgame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.TableFile;

/** {@code tb probe/mainline --tb} on Syzygy-only, mixed and ':'-separated paths; values from the bundled fixtures (fathom). */
class SyzygyPathTest extends TbCliTest {
    private static final String KQK = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1";

    private static Path syzygy() throws URISyntaxException {
        return Path.of(SyzygyPathTest.class.getResource("/syzygy/KQvK.rtbw").toURI()).getParent();
    }

    private static void copyRookery(Path into, String... names) throws Exception {
        for (String n : names) Files.copy(TableFile.path(Fixture.dir(), Material.parse(n)), TableFile.path(into, Material.parse(n)));
    }

    @Test
    void syzygyOnlyAnswersWithDtzAndNoDtm() throws Exception {
        assertEquals(0, run("probe", KQK, "--tb", syzygy().toString()), err);
        // the standard KQvK.rtbz stores wins in moves (rtbgen without -p): lichess gives no precise_dtz then
        assertTrue(out.startsWith("{\"category\":\"win\",\"dtz\":17,\"precise_dtz\":null,\"dtm\":null,"), out);
        assertTrue(out.contains("\"category\":\"draw\",\"dtz\":0,\"precise_dtz\":0,"), "a draw is exact: " + out);
        assertTrue(out.trim().endsWith("],\"source\":\"syzygy\"}"), out);
        assertTrue(out.contains("\"category\":\"loss\",\"dtz\":-16"), "the best move leaves the loser 16 plies: " + out);
        assertFalse(out.contains("\"dtm\":-"), "no move gets a DTM from Syzygy: " + out);
    }

    @Test
    void bulkProbeOnSyzygyKeepsLinesAligned() throws Exception {
        PrintStream o = System.out;
        java.io.InputStream in = System.in;
        System.setIn(new java.io.ByteArrayInputStream((KQK + "\n8/8/8/4k3/8/8/8/KQ6 b - - 0 1\n7k/8/6K1/8/8/8/8/R7 w - - 0 1\n")
            .getBytes(StandardCharsets.UTF_8)));
        try {
            assertEquals(0, run("probe", "-", "--tb", syzygy().toString()), err);
        } finally {
            System.setIn(in);
            System.setOut(o);
        }
        String[] lines = out.trim().split("\n");
        assertEquals(3, lines.length, out);
        assertTrue(lines[0].contains("\"dtz\":17,") && lines[0].contains("\"source\":\"syzygy\""), lines[0]);
        assertTrue(lines[1].startsWith("{\"category\":\"loss\",\"dtz\":-18,"), lines[1]);
        assertTrue(lines[2].startsWith("{\"category\":\"win\",\"dtz\":1,"), lines[2]);
    }

    @Test
    void rookeryTablesWinInAMixedDirectory(@TempDir Path tmp) throws Exception {
        copyRookery(tmp, "KvK", "KQvK");
        for (String f : new String[] {"KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"}) Files.copy(syzygy().resolve(f), tmp.resolve(f));
        assertEquals(0, run("probe", KQK, "--tb", tmp.toString()), err);
        assertTrue(out.startsWith("{\"category\":\"win\",\"dtz\":"), out);
        assertFalse(out.startsWith("{\"category\":\"win\",\"dtz\":17,\"precise_dtz\":17,\"dtm\":null"), "Rookery's table has DTM: " + out);
        assertTrue(out.trim().endsWith(",\"source\":\"rookery\"}"), out);
        // KRvK has only a Syzygy table here, so Syzygy answers it
        assertEquals(0, run("probe", "7k/8/6K1/8/8/8/8/R7 w - - 0 1", "--tb", tmp.toString()), err);
        assertTrue(out.startsWith("{\"category\":\"win\",\"dtz\":1,\"precise_dtz\":null,\"dtm\":null,"), out);
        assertTrue(out.trim().endsWith(",\"source\":\"syzygy\"}"), out);
    }

    @Test
    void aColonPathSearchesEveryDirectory(@TempDir Path tmp) throws Exception {
        copyRookery(tmp, "KvK", "KQvK");
        String path = tmp + ":" + syzygy();
        assertEquals(0, run("probe", "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", "--tb", path), err);
        assertTrue(out.startsWith("{\"category\":\"draw\",\"dtz\":0,"), out);
        assertTrue(out.trim().endsWith(",\"source\":\"syzygy\"}"), out);
        assertEquals(0, run("mainline", "8/8/8/4k3/8/8/8/KR6 w - - 0 1", "--tb", path), err);
        assertTrue(out.contains("\"winner\":\"w\"") && out.contains("\"checkmate\":true"), out);
        assertTrue(out.contains("\"source\":\"syzygy\""), out);
        assertEquals(2, run("mainline", "8/8/8/4k3/8/8/8/KR6 w - - 0 1", "--tb", path, "--metric", "dtm"));
        assertTrue(err.contains("Syzygy tables hold no DTM"), err);
    }

    @Test
    void aDirectoryWithNeitherKindOfTableIsNamed(@TempDir Path tmp) throws Exception {
        assertEquals(2, run("probe", KQK, "--tb", tmp.toString()));
        assertEquals(1, err.trim().split("\n").length, err);
        assertTrue(err.contains(tmp.toString()) && err.contains("neither Rookery (.rtb) nor Syzygy (.rtbw/.rtbz) tables"), err);
        assertFalse(err.contains("Exception"), err);
        assertEquals(2, run("probe", "8/8/8/4k3/8/8/3q4/KQ6 w - - 0 1", "--tb", syzygy().toString()));
        assertTrue(err.contains("KQvKQ"), err);
    }
}
