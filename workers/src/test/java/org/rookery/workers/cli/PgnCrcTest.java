package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.workers.match.MatchRunner;

/**
 * fastchess's {@code -crc32 pgn=true}: the CRC-32 the run prints last is the CRC-32 of the whole PGN file as it is on
 * disk afterwards, computed here from the file's bytes, also when {@code append=true} added to a file that held games.
 */
class PgnCrcTest {
    @TempDir
    Path tmp;

    private String run(Path pgn, boolean append) throws Exception {
        List<String> a = new ArrayList<>(List.of("-engine", "name=A", "cmd=builtin", "-engine", "name=B", "cmd=builtin",
            "-each", "nodes=200", "-maxmoves", "10", "-rounds", "2", "-games", "2", "-srand", "3", "-crc32", "pgn=true",
            "-log", tmp.resolve("logs").toString(), "-pgnout", "file=" + pgn, "append=" + append));
        GauntletOptions.Parsed p = GauntletOptions.parse(a, w -> { });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new MatchRunner(p.settings(), p.run(), new PrintStream(out, true, StandardCharsets.UTF_8), null).run();
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String lastCrcLine(String output) {
        List<String> lines = output.lines().filter(l -> l.contains("has CRC32: 0x")).toList();
        assertTrue(!lines.isEmpty(), output);
        return lines.get(lines.size() - 1);
    }

    private static String crcOf(Path file) throws Exception {
        CRC32 c = new CRC32();
        c.update(Files.readAllBytes(file));
        return Long.toHexString(c.getValue());
    }

    @Test
    void thePrintedCrcIsTheFilesAlsoWhenAppending() throws Exception {
        Path pgn = tmp.resolve("games.pgn");
        String first = lastCrcLine(run(pgn, false));
        assertTrue(first.endsWith("0x" + crcOf(pgn)), first + " against the file's " + crcOf(pgn));
        long before = Files.size(pgn);
        String second = lastCrcLine(run(pgn, true));
        long appended = Files.size(pgn);
        assertTrue(appended > before, "append=true added the second run's games");
        assertTrue(second.endsWith("0x" + crcOf(pgn)), second + " against the file's " + crcOf(pgn));
        String again = lastCrcLine(run(pgn, false));
        // The times in the tags (GameEndTime, GameDuration) differ from run to run, so only the file's own CRC compares.
        assertTrue(Files.size(pgn) < appended, "append=false wrote the file anew");
        assertTrue(again.endsWith("0x" + crcOf(pgn)), again + " against the file's " + crcOf(pgn) + ": the old games were not counted");
    }
}
