package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A book saved as UTF-16 (as Windows editors do) is read like its UTF-8 original. */
class OpeningBookEncodingTest {
    private static final String EPD = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ;c0 \"Zürich\"\n"
            + "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n";
    private static final String PGN = "[Event \"Zürich\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 *\n";

    @Test
    void utf16BooksAreDecoded(@TempDir Path dir) throws Exception {
        Path epd = dir.resolve("book.epd");
        Files.write(epd, ("\uFEFF" + EPD).getBytes(StandardCharsets.UTF_16LE));
        List<String> warnings = new ArrayList<>();
        OpeningBook book = OpeningBook.load(epd, null, false, 1, 1, 0, warnings::add);
        assertEquals(2, book.size(), "warnings: " + warnings);
        assertTrue(warnings.isEmpty(), warnings.toString());
        assertTrue(book.next().fen().startsWith("rnbqkbnr/pppppppp/8/8/4P3/"));

        Path pgn = dir.resolve("book.pgn");
        Files.write(pgn, PGN.getBytes(StandardCharsets.UTF_16BE));
        OpeningBook fromPgn = OpeningBook.load(pgn, null, false, 1, 1, 0, warnings::add);
        assertEquals(1, fromPgn.size(), "warnings: " + warnings);
        assertEquals(List.of("d2d4", "d7d5", "c2c4"), fromPgn.next().moves());
    }
}
