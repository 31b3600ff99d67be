package org.rookery.jobs.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.jobs.Corpora;

/**
 * Cutting a file at game boundaries must not change what is read: for many cut sizes, the pieces
 * read with their offsets give exactly the games, game numbers, lines and errors of one reading
 * of the whole file.
 */
class GameBoundariesTest {
    @TempDir
    Path dir;

    private Path mixedFile() throws IOException {
        Path games = Corpora.synthetic(dir.resolve("games.pgn"), 7, 300);
        String text = Files.readString(games);
        int third = text.indexOf("[Event ", text.length() / 3);
        int twoThirds = text.indexOf("[Event ", 2 * text.length() / 3);
        String mixed = text.substring(0, third) + Corpora.ILLEGAL + Corpora.UNTERMINATED
                + text.substring(third, twoThirds) + Corpora.bigTag(1_200_000) + Corpora.GOOD
                // Tags split by a blank line, and a tagless game: no boundary may fall inside.
                + "[Event \"split tags\"]\n\n[Site \"split\"]\n[Result \"*\"]\n\n1. e4 *\n\n1. d4 d5 *\n\n"
                + "%escape line\n[Event \"after escape\"]\n[Result \"*\"]\n\n1. c4 *\n\n"
                + text.substring(twoThirds);
        Path file = dir.resolve("mixed.pgn");
        Files.writeString(file, mixed, StandardCharsets.UTF_8);
        return file;
    }

    /** game number, line and Site of each game, then number, line and reason of each error. */
    private static List<String> read(InputStream in, long gameOffset, long lineOffset) throws IOException {
        List<String> out = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        PgnGame g = new PgnGame();
        try (PgnReader r = new PgnReader(in, "x", e -> {
            if (!e.isWarning()) {
                errors.add("error " + (gameOffset + e.gameNumber()) + "@" + (lineOffset + e.line()) + ": "
                        + e.reason());
            }
        }, Units.READ)) {
            while (r.next(g)) {
                out.addAll(errors);
                errors.clear();
                out.add("game " + (gameOffset + g.gameNumber()) + "@" + (lineOffset + g.firstLine()) + " "
                        + g.tag("Site") + " " + g.plyCount());
            }
        }
        out.addAll(errors);
        return out;
    }

    /**
     * Reads units as ingestion does: numbered first from the quick counts they carry, then, where
     * the reader's exact counts say those were off, again with the corrected offsets.
     */
    private static List<String> readNumbered(Configuration conf, List<WorkUnit> units) throws IOException {
        List<Numbering.UnitCount> counts = new ArrayList<>();
        for (WorkUnit u : units) {
            try (InputStream in = Units.open(conf, u)) {
                counts.add(new Numbering.UnitCount(u.getId(), u.getFileIndex(), u.getGameOffset(),
                        Units.count(in)[0]));
            }
        }
        java.util.Map<Long, Long> fix = Numbering.corrections(counts);
        List<String> pieces = new ArrayList<>();
        for (WorkUnit u : units) {
            Numbering.apply(u, fix);
            try (InputStream in = Units.open(conf, u)) {
                pieces.addAll(read(in, u.getGameOffset(), u.getLineOffset()));
            }
        }
        return pieces;
    }

    @Test
    void piecesReadLikeTheWholeFile() throws IOException {
        Path file = mixedFile();
        long size = Files.size(file);
        List<String> whole = read(Files.newInputStream(file), 0, 0);
        assertTrue(whole.stream().anyMatch(s -> s.contains("unterminated brace comment")), whole.toString());
        assertTrue(whole.stream().anyMatch(s -> s.contains("tag value longer than")));
        assertTrue(whole.stream().anyMatch(s -> s.contains(" split ")), "tags split by a blank line stay one game");
        Configuration conf = new Configuration();
        InputFile f = new InputFile(0, file.toUri().toString(), "mixed.pgn", size, Compression.NONE);
        for (long split : new long[] {4093, 65_536, 333_333, size / 3}) {
            List<WorkUnit> units = new ArrayList<>();
            long games = 0;
            long lines = 0;
            long covered = 0;
            for (long s = 0; s < size; s += split) {
                WorkUnit u = Units.measure(conf, WorkUnit.range(s, f, s, Math.min(size, s + split)), size);
                if (u.getEnd() == u.getStart()) {
                    continue;
                }
                assertEquals(covered, u.getStart(), "pieces must tile the file");
                covered = u.getEnd();
                u.setGameOffset(games);
                u.setLineOffset(lines);
                units.add(u);
                games += u.getGameCount();
                lines += u.getLineCount();
            }
            assertEquals(size, covered);
            assertTrue(units.size() > 1 || split >= size, "split " + split + " gave one piece");
            assertEquals(whole, readNumbered(conf, units), "split size " + split);
        }
    }

    @Test
    void blocksOfACompressedFileReadLikeTheWholeFile() throws IOException {
        Path plain = mixedFile();
        Path zst = dir.resolve("mixed.pgn.zst");
        Corpora.write(zst, Files.readString(plain));
        List<String> whole = read(Files.newInputStream(plain), 0, 0);
        WorkUnit file = WorkUnit.range(1L << 32, new InputFile(1, zst.toUri().toString(), "mixed.pgn.zst",
                Files.size(zst), Compression.ZSTD), 0, Files.size(zst));
        BlockNumbering cutter = new BlockNumbering(new BlockCutter(new Configuration(), file, 100_000));
        List<WorkUnit> blocks = new ArrayList<>();
        while (cutter.hasNext()) {
            WorkUnit b = cutter.next();
            assertEquals(null, b.getStreamError());
            blocks.add(b);
        }
        assertTrue(blocks.size() > 5, "expected several blocks, got " + blocks.size());
        assertEquals(whole, readNumbered(new Configuration(), blocks));
    }

    @Test
    void aBrokenStreamKeepsTheIntactGamesAndFlagsTheRest() throws IOException {
        Path gz = Corpora.synthetic(dir.resolve("t.pgn.gz"), 3, 200);
        Corpora.truncate(gz, 0.6);
        WorkUnit file = WorkUnit.range(0, new InputFile(0, gz.toUri().toString(), "t.pgn.gz", Files.size(gz),
                Compression.GZIP), 0, Files.size(gz));
        BlockNumbering cutter = new BlockNumbering(new BlockCutter(new Configuration(), file, 50_000));
        List<WorkUnit> blocks = new ArrayList<>();
        cutter.forEachRemaining(blocks::add);
        WorkUnit last = blocks.get(blocks.size() - 1);
        assertTrue(last.getStreamError() != null && last.getStreamError().contains("breaks off"),
                String.valueOf(last.getStreamError()));
        for (int i = 0; i < blocks.size() - 1; i++) {
            assertEquals(null, blocks.get(i).getStreamError());
        }
        // The flagged tail is the one game the break cut in two.
        assertTrue(last.getGameCount() <= 1, "tail holds " + last.getGameCount() + " games");
        long intact = blocks.stream().limit(blocks.size() - 1).mapToLong(WorkUnit::getGameCount).sum();
        assertTrue(intact > 50 && intact < 200, "intact games: " + intact);
    }

    @Test
    void aScannerStartedMidFileOnlyCutsAfterMovetext() {
        byte[] text = ("[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n1. d4 *\n")
                .getBytes(StandardCharsets.US_ASCII);
        // Started inside the first tag section: the [Site line is not a boundary (tags above),
        // the second [Event line is.
        GameBoundaries g = new GameBoundaries(3);
        int r = g.scan(text, 3, text.length, 0);
        assertTrue(r > 0);
        assertEquals(new String(text, StandardCharsets.US_ASCII).indexOf("[Event \"c\""), g.boundary());
        ByteArrayOutputStream none = new ByteArrayOutputStream();
        none.writeBytes("1. e4 { a comment\n[Site \"not a game\"]\nstill the comment } *\n".getBytes(StandardCharsets.US_ASCII));
        GameBoundaries h = new GameBoundaries(0);
        byte[] b = none.toByteArray();
        assertEquals(-1, h.scan(b, 0, b.length, 0), "a tag-like line right under movetext is not a cut");
    }
}
