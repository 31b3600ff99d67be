package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Variant;

/**
 * {@code -bookmode disk}: an EPD book read in place draws exactly the openings the loaded book draws,
 * holding one offset per 64 lines instead of the openings (cutechess-cli(6): "disk (the book is accessed
 * directly on disk)").
 */
class OpeningBookDiskTest {
    static final Path DFRC = Path.of("../../shared/data/books/DFRC_openings.epd.zip").toAbsolutePath().normalize();
    static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

    @TempDir Path tmp;

    /** 1,000 usable lines (their full-move numbers tell them apart), with a comment, blanks and two bad lines among them. */
    Path book() throws Exception {
        StringBuilder sb = new StringBuilder("# a comment line\n");
        for (int i = 1; i <= 1000; i++) {
            sb.append(START).append(" 0 ").append(i).append(i % 7 == 0 ? "\r\n" : "\n");
            if (i == 100) sb.append("\n   \n");
            if (i == 300) sb.append("not a position at all\n");
            if (i == 700) sb.append("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n");
        }
        Path p = tmp.resolve("book.epd");
        Files.writeString(p, sb.toString());
        return p;
    }

    @Test
    void diskAndRamDrawTheSameOpenings() throws Exception {
        Path file = book();
        List<String> ramWarnings = new ArrayList<>(), diskWarnings = new ArrayList<>();
        for (boolean random : new boolean[] {false, true}) {
            ramWarnings.clear();
            diskWarnings.clear();
            OpeningBook ram = OpeningBook.load(file, "epd", Variant.STANDARD, random, 99, 5, 0, ramWarnings::add);
            OpeningBook disk = OpeningBook.onDisk(file, "epd", Variant.STANDARD, random, 99, 5, diskWarnings::add);
            assertEquals(1000, disk.size());
            assertEquals(ram.size(), disk.size());
            assertEquals(ramWarnings, diskWarnings, "the same lines are reported, once");
            assertEquals(2, diskWarnings.size(), diskWarnings.toString());
            for (int i = 0; i < 1200; i++) assertEquals(ram.next(), disk.next(), (random ? "random" : "sequential") + " draw " + i);
        }
        OpeningBook disk = OpeningBook.onDisk(file, null, Variant.STANDARD, false, 0, 1, w -> { });
        assertEquals(16, disk.offsetsKept(), "ceil(1000 / 64) offsets, nothing else");
        assertEquals(0, OpeningBook.load(file, null, false, 0, 1, 0, w -> { }).offsetsKept());
        // Sequential from start=1: the first opening is line 2 of the file (after the comment).
        Opening first = disk.next();
        assertEquals(START + " 0 1", first.fen());
        assertEquals("book.epd:2", first.source());
    }

    @Test
    void whatCannotBeReadInPlaceIsOneLine() throws Exception {
        Path gz = tmp.resolve("book.epd.gz");
        Files.write(gz, new byte[] {0x1f, (byte) 0x8b});
        var e = assertThrows(IllegalArgumentException.class, () -> OpeningBook.onDisk(gz, null, Variant.STANDARD, false, 0, 1, w -> { }));
        assertTrue(e.getMessage().startsWith("-bookmode disk: ") && e.getMessage().contains("compressed"), e.getMessage());
        Path pgn = tmp.resolve("book.pgn");
        Files.writeString(pgn, "1. e4 *\n");
        e = assertThrows(IllegalArgumentException.class, () -> OpeningBook.onDisk(pgn, null, Variant.STANDARD, false, 0, 1, w -> { }));
        assertTrue(e.getMessage().contains("is PGN"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> OpeningBook.onDisk(book(), null, Variant.STANDARD, false, 0, 1001, w -> { }));
        assertEquals("-openings: start=1001 is outside 1..1000", e.getMessage());
    }

    @Test
    @Tag("slow")
    void theDoubleChess960BookIsReadInPlace() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(DFRC), DFRC + " not found (the Stockfish books' DFRC_openings.epd.zip): skipped");
        Path epd = tmp.resolve("DFRC_openings.epd");
        try (InputStream in = Files.newInputStream(DFRC); ZipInputStream zip = new ZipInputStream(in)) {
            zip.getNextEntry();
            Files.copy(zip, epd);
        }
        List<String> lines = Files.readAllLines(epd);
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        OpeningBook disk = OpeningBook.onDisk(epd, "epd", Variant.CHESS960, true, 7, 1, w -> { });
        System.gc();
        long after = rt.totalMemory() - rt.freeMemory();
        assertEquals(921_600, disk.size());
        assertEquals(14_400, disk.offsetsKept());
        // The index is 14,400 longs and ints (about 170 KB); allow the GC's noise, far below the ~200 MB a loaded book takes.
        assertTrue(after - before < 16L << 20, "heap grew by " + ((after - before) >> 20) + " MB");
        for (int i = 0; i < 200; i++) {
            Opening o = disk.next();
            int line = Integer.parseInt(o.source().substring(o.source().lastIndexOf(':') + 1));
            String[] f = lines.get(line - 1).strip().split("\\s+");
            assertTrue(o.fen().startsWith(f[0] + " " + f[1] + " "), o.fen() + " vs line " + line + ": " + lines.get(line - 1));
        }
    }
}
