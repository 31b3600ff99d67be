package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Chess960 book lines, which the core now reads, are skipped with their reason until gauntlets take -variant. */
class OpeningBookChess960Test {
    @Test
    void chess960LinesAreSkippedWithTheReasonAndStandardOnesKept(@TempDir Path dir) throws Exception {
        Path epd = dir.resolve("frc.epd");
        Files.writeString(epd, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n"
            + "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
        List<String> warnings = new ArrayList<>();
        OpeningBook book = OpeningBook.load(epd, null, false, 1, 1, 0, warnings::add);
        assertEquals(1, book.size());
        assertEquals(List.of(epd + ":1: " + OpeningBook.CHESS960_SKIPPED), warnings);

        Path pgn = dir.resolve("frc.pgn");
        Files.writeString(pgn, "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[Result \"*\"]\n\n1. e4 *\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> OpeningBook.load(pgn, null, false, 1, 1, 0, warnings::add));
        assertTrue(e.getMessage().contains("holds no usable opening"), e.getMessage());
        assertTrue(warnings.get(1).endsWith(OpeningBook.CHESS960_SKIPPED), warnings.toString());
    }
}
