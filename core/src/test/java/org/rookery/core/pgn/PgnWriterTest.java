package org.rookery.core.pgn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rookery.core.pgn.PgnTestSupport.read;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rookery.core.pgn.PgnTestSupport.Outcome;

class PgnWriterTest {

    private static final String[] SANS = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "O-O-O+",
        "exd8=Q+", "Qxf7#", "Nbd7", "R1e2", "--", "Kxh8", "gxh1=N", "0-0"};

    @Test
    void writesRosterInOrderThenOtherTagsThenMovetext() {
        PgnGame g = new PgnGame();
        g.addTag("ECO", "C52");
        g.addTag("White", "Anderssen");
        g.addTag("Result", "0-1");
        g.addPly("e4");
        g.addNag(0, 1);
        g.setComment(0, "best by test");
        g.addPly("e5");
        g.addVariation(0, "1... c5 2. Nf3");
        g.addPly("Nf3");
        g.setResult("1-0");
        assertEquals("""
                [Event "?"]
                [Site "?"]
                [Date "????.??.??"]
                [Round "?"]
                [White "Anderssen"]
                [Black "?"]
                [Result "1-0"]
                [ECO "C52"]

                1. e4 $1 {best by test} (1... c5 2. Nf3) 1... e5 2. Nf3 1-0

                """, PgnWriter.toPgn(g));
    }

    @Test
    void resultComesFromTagWhenTheGameHasNone() {
        PgnGame g = new PgnGame();
        g.addTag("Result", "1/2-1/2");
        assertTrue(PgnWriter.toPgn(g).endsWith("[Result \"1/2-1/2\"]\n\n1/2-1/2\n\n"));
        g.setTag("Result", "bogus");
        assertTrue(PgnWriter.toPgn(g).endsWith("[Result \"*\"]\n\n*\n\n"));
    }

    @Test
    void escapesTagValuesAndSanitisesNames() {
        PgnGame g = new PgnGame();
        g.addTag("Event", "The \"Big\" Open \\ 2024");
        g.addTag("Site", "two\nlines");
        g.addTag("Bad Name!", "x");
        String pgn = PgnWriter.toPgn(g);
        assertTrue(pgn.contains("[Event \"The \\\"Big\\\" Open \\\\ 2024\"]\n"), pgn);
        assertTrue(pgn.contains("[Site \"two lines\"]\n"), pgn);
        assertTrue(pgn.contains("[Bad_Name_ \"x\"]\n"), pgn);
        PgnGame back = read(pgn).game(0);
        assertEquals("The \"Big\" Open \\ 2024", back.tag("Event"));
    }

    @Test
    void blackToMoveFenAndInterruptionsGetEllipsisNumbers() {
        PgnGame g = new PgnGame();
        g.addTag("SetUp", "1");
        g.addTag("FEN", "8/8/8/8/8/8/4k3/4K3 b - - 0 23");
        for (String san : List.of("Kd3", "Kf2", "Ke3", "Kg3")) {
            g.addPly(san);
        }
        g.setComment(1, "only move");
        g.addNag(2, 2);
        String pgn = PgnWriter.toPgn(g);
        assertTrue(pgn.endsWith("\n23... Kd3 24. Kf2 {only move} 24... Ke3 $2 25. Kg3 *\n\n"), pgn);
    }

    @Test
    void closingBracesAreStrippedFromComments() {
        PgnGame g = new PgnGame();
        g.addPly("e4");
        g.setComment(0, "a } b}}c {d}");
        g.setComment(-1, "}}");
        String pgn = PgnWriter.toPgn(g);
        assertTrue(pgn.contains("{} 1. e4 {a bc {d} *"), pgn);
        PgnGame back = read(pgn).game(0);
        assertEquals("a bc {d", back.comment(0));
        assertEquals("", back.initialComment());
    }

    @Test
    void lineCommentsInVariationsBecomeBraceComments() {
        PgnGame g = new PgnGame();
        g.addPly("e4");
        g.addVariation(0, "1. d4 ; queen's pawn } here\n1... d5 (1... Nf6 {x)})");
        String pgn = PgnWriter.toPgn(g);
        assertTrue(pgn.contains("1. e4 (1. d4 {queen's pawn here} 1... d5 (1... Nf6 {x)})) *"), pgn);
        assertEquals(List.of("1. d4 {queen's pawn here} 1... d5 (1... Nf6 {x)})"),
                read(pgn).game(0).variations(0));
    }

    @Test
    void movetextLinesStayWithin79Columns() {
        Random rnd = new Random(7);
        PgnGame g = new PgnGame();
        for (int i = 0; i < 300; i++) {
            g.addPly(SANS[rnd.nextInt(SANS.length)]);
            if (i % 7 == 0) {
                g.setComment(i, words(rnd, 30) + " %notAnEscape [Event \"not a tag\"]");
            }
            if (i % 11 == 0) {
                g.addVariation(i, "1. d4 {" + words(rnd, 20) + "} 1... d5 (1... e6 2. c4)");
            }
        }
        String pgn = PgnWriter.toPgn(g);
        String[] lines = pgn.split("\n");
        int movetextLines = 0;
        for (String line : lines) {
            if (line.startsWith("[") && line.endsWith("\"]")) {
                continue;
            }
            movetextLines++;
            assertTrue(line.length() <= PgnWriter.LINE_WIDTH, "too long: " + line);
            assertFalse(line.startsWith("%") || line.startsWith("["), "risky line start: " + line);
        }
        assertTrue(movetextLines > 50);
        Outcome o = read(pgn);
        assertEquals(List.of(), o.problems());
        assertEquals(g.sans(), o.game(0).sans());
    }

    private static String words(Random rnd, int n) {
        String[] pool = {"the", "knight", "was", "strong", "here", "%", "[%clk", "0:01:00]",
            "\u00e9chec", "\u2654", "x", "quite-a-long-hyphenated-word-that-goes-on", "?!", "$1"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(rnd.nextInt(10) == 0 ? "\n" : " ");
            }
            sb.append(pool[rnd.nextInt(pool.length)]);
        }
        return sb.toString();
    }

    /** Builds a random game in canonical form, the shape the writer preserves exactly. */
    private static PgnGame randomGame(Random rnd, int index) {
        PgnGame g = new PgnGame();
        g.addTag("Event", "Event " + index + " \"quoted\" \\ back");
        g.addTag("Site", "S\u00e3o Paulo \uD83D\uDE00");
        g.addTag("Date", "2024.01." + (10 + index % 20));
        g.addTag("Round", String.valueOf(index));
        g.addTag("White", "Player, A");
        g.addTag("Black", "Player, B");
        String[] results = {"1-0", "0-1", "1/2-1/2", "*"};
        String result = results[rnd.nextInt(4)];
        g.addTag("Result", result);
        g.addTag("Annotator", "x".repeat(rnd.nextInt(120)));
        g.addTag("TimeControl", "180+2");
        int plies = rnd.nextInt(120);
        for (int i = 0; i < plies; i++) {
            g.addPly(SANS[rnd.nextInt(SANS.length)]);
            int r = rnd.nextInt(10);
            if (r == 0) {
                g.setComment(i, "[%eval " + (rnd.nextInt(800) - 400) / 100.0 + "] [%clk 0:0"
                        + rnd.nextInt(10) + ":" + (10 + rnd.nextInt(50)) + "]");
            } else if (r == 1) {
                g.setComment(i, words(rnd, 1 + rnd.nextInt(40)).replaceAll("\\s+", " "));
            } else if (r == 2) {
                g.addNag(i, rnd.nextInt(256));
                if (rnd.nextBoolean()) {
                    g.addNag(i, 1 + rnd.nextInt(6));
                }
            } else if (r == 3) {
                g.addVariation(i, "5... Nf6 {a comment ( with paren} 6. c3 (6. d3 $2) 6... d6");
            }
        }
        if (rnd.nextBoolean()) {
            g.setComment(-1, "Game " + index);
        }
        g.setResult(result);
        return g;
    }

    @Test
    void roundTripThroughWriterAndReaderPreservesTheGames() throws IOException {
        Random rnd = new Random(42);
        List<PgnGame> games = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PgnWriter w = new PgnWriter(bytes)) {
            for (int i = 0; i < 200; i++) {
                PgnGame g = randomGame(rnd, i);
                games.add(g);
                w.write(g);
            }
        }
        Outcome o = read(bytes.toByteArray());
        assertEquals(List.of(), o.problems());
        assertEquals(games.size(), o.games().size());
        for (int i = 0; i < games.size(); i++) {
            PgnGame want = games.get(i);
            PgnGame got = o.game(i);
            assertEquals(want.tagNames(), got.tagNames(), "game " + i);
            for (int t = 0; t < want.tagCount(); t++) {
                assertEquals(want.tagValue(t), got.tagValue(t));
            }
            assertEquals(want.sans(), got.sans());
            assertEquals(want.result(), got.result());
            assertEquals(i + 1, got.gameNumber());
            for (int ply = -1; ply < want.plyCount(); ply++) {
                // The writer re-flows comments: a line break (and the indent that keeps a
                // leading '[' or '%' off column 0) may stand where one space was.
                String gotComment = got.comment(ply) == null ? null
                        : got.comment(ply).replaceAll("\\s+", " ");
                assertEquals(want.comment(ply), gotComment, "game " + i + " ply " + ply);
                assertArrayEquals(want.nags(ply), got.nags(ply));
                assertEquals(want.clockMillis(ply), got.clockMillis(ply));
                assertEquals(want.evalCp(ply), got.evalCp(ply));
                List<String> gotVariations = new ArrayList<>();
                for (String v : got.variations(ply)) {
                    gotVariations.add(v.replaceAll("\\s+", " "));
                }
                assertEquals(want.variations(ply), gotVariations);
            }
        }
    }

    @Test
    void writingWhatWasReadIsStable() {
        String messy = """
                [White "A"] [Black "B"]
                [Event "Messy"]
                {intro ; with semicolon} 1.e4!? {a   comment
                over lines} (1.d4 d5 ; old-style comment
                2.c4 (2.Nf3) ) 1...e5?! $18 2.Nf3 Nc6 3.Bb5 e.p. a6 1/2-1/2
                """;
        Outcome first = read(messy);
        assertEquals(List.of(), first.problems());
        String once = PgnWriter.toPgn(first.game(0));
        Outcome second = read(once);
        String twice = PgnWriter.toPgn(second.game(0));
        assertEquals(once, twice);
        assertEquals(first.game(0).sans(), second.game(0).sans());
        assertEquals(List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6"), second.game(0).sans());
        assertEquals("a comment over lines", second.game(0).comment(0));
        assertArrayEquals(new int[] {6, 18}, second.game(0).nags(1));
        assertTrue(once.startsWith("[Event \"Messy\"]\n[Site \"?\"]"), once);
        assertTrue(once.replace('\n', ' ').contains("{old-style comment}"), once);
    }

    @Test
    void writesUtf8ToByteStreams() throws IOException {
        PgnGame g = new PgnGame();
        g.addTag("White", "\u00c9lodie");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PgnWriter w = new PgnWriter(out)) {
            w.write(g);
        }
        assertTrue(new String(out.toByteArray(), StandardCharsets.UTF_8).contains("\u00c9lodie"));
        assertEquals("\u00c9lodie", read(out.toByteArray()).game(0).tag("White"));
    }
}
