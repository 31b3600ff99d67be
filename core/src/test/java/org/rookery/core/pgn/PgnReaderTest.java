package org.rookery.core.pgn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rookery.core.pgn.PgnTestSupport.concat;
import static org.rookery.core.pgn.PgnTestSupport.latin1;
import static org.rookery.core.pgn.PgnTestSupport.read;
import static org.rookery.core.pgn.PgnTestSupport.utf8;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rookery.core.pgn.PgnTestSupport.Outcome;

class PgnReaderTest {

    private static final String GOOD_1 = """
            [Event "First"]
            [Site "Here"]
            [Result "1-0"]

            1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0
            """;

    private static final String GOOD_3 = """
            [Event "Third"]
            [Result "0-1"]

            1. d4 d5 2. c4 0-1
            """;

    private static List<String> sans(PgnGame g) {
        return g.sans();
    }

    private static void assertGood1(PgnGame g, long number) {
        assertEquals("First", g.tag("Event"));
        assertEquals(List.of("e4", "e5", "Nf3", "Nc6", "Bb5"), sans(g));
        assertEquals("1-0", g.result());
        assertEquals(number, g.gameNumber());
    }

    private static void assertGood3(PgnGame g, long number) {
        assertEquals("Third", g.tag("Event"));
        assertEquals(List.of("d4", "d5", "c4"), sans(g));
        assertEquals("0-1", g.result());
        assertEquals(number, g.gameNumber());
    }

    // ------------------------------------------------------------------ basics

    @Test
    void readsTagsMovesAndResult() {
        String text = """
                [Event "Casual Game"]
                [Site "Berlin GER"]
                [Date "1852.??.??"]
                [Round "?"]
                [White "Adolf Anderssen"]
                [Black "Jean Dufresne"]
                [Result "1-0"]
                [ECO "C52"]

                1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.b4 Bxb4 5.c3 Ba5 6.d4 exd4 7.O-O
                d3 8.Qb3 Qf6 1-0
                """;
        Outcome o = read(text);
        assertEquals(List.of(), o.problems());
        assertEquals(1, o.games().size());
        PgnGame g = o.game(0);
        assertEquals(List.of("Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO"),
                g.tagNames());
        assertEquals("Adolf Anderssen", g.tag("White"));
        assertEquals("C52", g.tagValue(7));
        assertNull(g.tag("FEN"));
        assertEquals(16, g.plyCount());
        assertEquals("O-O", g.san(12));
        assertEquals("Qf6", g.san(15));
        assertTrue(g.sanEquals(14, "Qb3"));
        assertEquals("Qb3", new String(g.sanBuffer(), g.sanStart(14), g.sanLength(14)));
        assertEquals(PgnGame.WHITE_WINS, g.result());
        assertEquals(1, g.gameNumber());
        assertEquals(1, g.firstLine());
        assertEquals("test.pgn", g.sourceName());
        assertEquals(text.strip(), g.rawText());
        assertFalse(g.rawTextTruncated());
    }

    @Test
    void moveNumbersAreStrippedInAllForms() {
        Outcome o = read("1.e4 e5 2. Nf3 2... Nc6 3 Bb5 3...a6 4. ... Ba4 *");
        assertEquals(List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"), sans(o.game(0)));
        assertEquals("*", o.game(0).result());
    }

    @Test
    void castlingChecksPromotionsAndNullMovesStayTokens() {
        Outcome o = read("1. O-O O-O-O+ 2. 0-0 0-0-0# 3. exd8=Q+ Kxd8 4. -- Z0 5. e8=N# Rxe8 1/2-1/2");
        assertEquals(List.of(), o.problems());
        assertEquals(List.of("O-O", "O-O-O+", "0-0", "0-0-0#", "exd8=Q+", "Kxd8", "--", "Z0",
                "e8=N#", "Rxe8"), sans(o.game(0)));
        assertEquals(PgnGame.DRAW, o.game(0).result());
    }

    @Test
    void enPassantSuffixIsDropped() {
        Outcome o = read("1. e4 d5 2. e5 f5 3. exf6 e.p. Nf6 4. d4 c5 5. dxc6e.p. *");
        assertEquals(List.of("e4", "d5", "e5", "f5", "exf6", "Nf6", "d4", "c5", "dxc6"),
                sans(o.game(0)));
    }

    @Test
    void suffixAnnotationsAndNagsAttachToTheirPly() {
        Outcome o = read("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 $32 Nf6 ! 5. O-O $1 *");
        assertEquals(List.of(), o.problems());
        PgnGame g = o.game(0);
        assertEquals(List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"), sans(g));
        int[][] expected = {{1}, {2}, {3}, {4}, {5}, {6}, {14, 32}, {1}, {1}};
        for (int i = 0; i < expected.length; i++) {
            assertArrayEquals(expected[i], g.nags(i), "ply " + i);
        }
        assertEquals(0, g.nagCount(-1));
    }

    @Test
    void tagValuesUnescapeQuotesAndBackslashes() {
        Outcome o = read("""
                [Event "The \\"Big\\" Open \\\\ 2024"]
                [Site   "The "Old" Hall"  ]
                [Annotator "C:\\temp"][Round "3"]

                *
                """);
        assertEquals(List.of(), o.problems());
        PgnGame g = o.game(0);
        assertEquals("The \"Big\" Open \\ 2024", g.tag("Event"));
        assertEquals("The \"Old\" Hall", g.tag("Site"));
        assertEquals("C:\\temp", g.tag("Annotator"));
        assertEquals("3", g.tag("Round"));
        assertEquals(0, g.plyCount());
        assertEquals("*", g.result());
    }

    @Test
    void commentsAttachToThePlyTheyFollow() {
        Outcome o = read("""
                {Game comment
                  on two lines} 1. e4 {best by test} e5 ; rest of line (not a variation
                2. Nf3 {first} {second} {} Nc6 {  } *
                """);
        assertEquals(List.of(), o.problems());
        PgnGame g = o.game(0);
        assertEquals("Game comment\n  on two lines", g.initialComment());
        assertEquals(g.initialComment(), g.comment(-1));
        assertEquals("best by test", g.comment(0));
        assertEquals("rest of line (not a variation", g.comment(1));
        assertEquals("first second", g.comment(2));
        assertEquals("", g.comment(3));
        assertEquals(List.of("e4", "e5", "Nf3", "Nc6"), sans(g));
        assertEquals("first second", new String(g.commentBuffer(), g.commentStart(2),
                g.commentLength(2)));
    }

    @Test
    void clockAndEvalCommandsAreParsed() {
        Outcome o = read("""
                1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.345] [%clk 0:02:59.5] }
                2. Nf3 { [%eval #-3] } 2... Nc6 { [%clk 1:02:03.25] [%eval -1.5,23] }
                3. Bb5 { no commands } 3... a6 { [%clk 59.9] [%eval #4] } 4. Ba4 { [%clk abc] [%eval x] }
                4... Nf6 {[%emt 0:00:01][%clk 0:00:07]} *
                """);
        assertEquals(List.of(), o.problems());
        PgnGame g = o.game(0);
        long[] clk = {180_000, 179_500, PgnGame.NO_CLOCK, 3_723_250, PgnGame.NO_CLOCK, 59_900,
            PgnGame.NO_CLOCK, 7_000};
        int[] cp = {17, 35, PgnGame.NO_EVAL, -150, PgnGame.NO_EVAL, PgnGame.NO_EVAL,
            PgnGame.NO_EVAL, PgnGame.NO_EVAL};
        int[] mate = {PgnGame.NO_EVAL, PgnGame.NO_EVAL, -3, PgnGame.NO_EVAL, PgnGame.NO_EVAL, 4,
            PgnGame.NO_EVAL, PgnGame.NO_EVAL};
        for (int i = 0; i < clk.length; i++) {
            assertEquals(clk[i], g.clockMillis(i), "clock of ply " + i);
            assertEquals(cp[i], g.evalCp(i), "cp of ply " + i);
            assertEquals(mate[i], g.evalMate(i), "mate of ply " + i);
        }
        assertEquals("[%eval 0.17] [%clk 0:03:00]", g.comment(0));
        assertEquals(PgnGame.NO_CLOCK, g.clockMillis(-1));
    }

    @Test
    void variationsAreKeptRawIncludingNestedOnes() {
        Outcome o = read("""
                1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 (1... c5 {a ) in a comment} 2. Nf3
                ; a ) in a line comment
                2... d6) (1... e6) 2. Nf3 *
                """);
        assertEquals(List.of(), o.problems());
        PgnGame g = o.game(0);
        assertEquals(List.of("e4", "e5", "Nf3"), sans(g));
        assertEquals(List.of("1. d4 d5 (1... Nf6 2. c4) 2. c4"), g.variations(0));
        assertEquals(List.of("1... c5 {a ) in a comment} 2. Nf3\n; a ) in a line comment\n2... d6",
                "1... e6"), g.variations(1));
        assertEquals(List.of(), g.variations(2));
        assertEquals(3, g.variationCount());
        assertEquals(1, g.variationPly(2));
    }

    @Test
    void escapeLinesAreIgnored() {
        Outcome o = read("""
                % produced by a tool
                [Event "x"]
                %an escape inside the tags

                1. e4
                % inside movetext
                e5 *
                """);
        assertEquals(List.of(), o.problems());
        assertEquals(List.of("e4", "e5"), sans(o.game(0)));
        assertEquals(2, o.game(0).firstLine());
    }

    @Test
    void gamesWithoutTagsAreGames() {
        Outcome o = read("1. e4 e5 1-0\n\n1. d4 d5 0-1\n1. c4 *");
        assertEquals(List.of(), o.problems());
        assertEquals(3, o.games().size());
        assertEquals(0, o.game(0).tagCount());
        assertEquals(List.of("d4", "d5"), sans(o.game(1)));
        assertEquals(4, o.game(2).firstLine());
    }

    @Test
    void leadingCommentsBeforeTagsAreNotAGame() {
        Outcome o = read("; generated by hand\n{ a file header }\n[Event \"A\"]\n\n1. e4 *\n{ trailer }\n");
        assertEquals(List.of(), o.problems());
        assertEquals(1, o.games().size());
        assertEquals(1, o.game(0).gameNumber());
        assertEquals(3, o.game(0).firstLine());
        assertNull(o.game(0).initialComment());
        assertEquals("[Event \"A\"]\n\n1. e4 *", o.game(0).rawText());
    }

    @Test
    void reusedGameIsFullyReset() throws IOException {
        String text = "1. e4 $1 {[%clk 0:01:00]} (1. d4) e5 1-0\n[Event \"B\"]\n1. d4 d5 *";
        try (PgnReader r = new PgnReader(new ByteArrayInputStream(utf8(text)), "x")) {
            PgnGame g = new PgnGame();
            assertTrue(r.next(g));
            assertEquals(60_000, g.clockMillis(0));
            assertTrue(r.next(g));
            assertEquals("B", g.tag("Event"));
            assertEquals(List.of("d4", "d5"), g.sans());
            assertEquals(PgnGame.NO_CLOCK, g.clockMillis(0));
            assertNull(g.comment(0));
            assertEquals(0, g.nagCount(0));
            assertEquals(0, g.variationCount());
            assertFalse(r.next(g));
            assertEquals(0, g.plyCount());
        }
    }

    // ------------------------------------------------------------------ encodings, line ends

    @Test
    void crlfAndCrLineEndingsAreHandledAndCounted() {
        String unix = GOOD_1 + "\n" + "[Event \"Second\"]\n\n1. e4 {two\nlines} ( 1. d4\n) *\n\n1. e4 ) *\n";
        for (String eol : List.of("\r\n", "\r")) {
            Outcome o = read(unix.replace("\n", eol));
            assertEquals(2, o.games().size(), "eol " + Arrays.toString(eol.getBytes()));
            assertGood1(o.game(0), 1);
            PgnGame g = o.game(1);
            assertEquals(7, g.firstLine());
            assertEquals("two\nlines", g.comment(0));
            assertEquals(List.of("1. d4"), g.variations(0));
            assertEquals(1, o.errors().size());
            assertEquals("test.pgn: game 3, line 13: unbalanced parentheses: ')' without '('",
                    o.errors().get(0).toString());
        }
    }

    @Test
    void byteOrderMarksAreSkippedAtStartAndBetweenConcatenatedFiles() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Outcome o = read(concat(bom, utf8(GOOD_1), bom, utf8(GOOD_3)));
        assertEquals(List.of(), o.problems());
        assertGood1(o.game(0), 1);
        assertGood3(o.game(1), 2);
        assertEquals(1, o.game(0).firstLine());
    }

    @Test
    void utf8AndLatin1AreBothDecoded() {
        byte[] data = concat(
                latin1("[White \"M\u00fcller, J\u00fcrgen\"]\n"),
                utf8("[Black \"Fern\u00e1ndez \u00d1\"]\n"),
                utf8("[Annotator \"\u20ac \uD834\uDD1E\"]\n"),
                // A UTF-8 lead byte cut short by a quote is Latin-1 too.
                new byte[] {'[', 'S', 'i', 't', 'e', ' ', '"', (byte) 0xE2, (byte) 0x82, '"', ']',
                    '\n'},
                latin1("\n1. e4 {Sch\u00f6n} e5 {\u00bd} *\n"));
        Outcome o = read(data);
        assertEquals(List.of(), o.problems());
        PgnGame g = o.game(0);
        assertEquals("M\u00fcller, J\u00fcrgen", g.tag("White"));
        assertEquals("Fern\u00e1ndez \u00d1", g.tag("Black"));
        assertEquals("\u20ac \uD834\uDD1E", g.tag("Annotator"));
        assertEquals("\u00e2\u0082", g.tag("Site"));
        assertEquals("Sch\u00f6n", g.comment(0));
        assertEquals("\u00bd", g.comment(1));
        assertTrue(g.rawText().startsWith("[White \"M\u00fcller"));
    }

    // ------------------------------------------------------------------ game boundaries

    @Test
    void newTagSectionEndsAGameWithoutResult() {
        Outcome o = read("[Event \"A\"]\n\n1. e4 e5\n" + GOOD_3);
        assertEquals(2, o.games().size());
        assertEquals(List.of("e4", "e5"), sans(o.game(0)));
        assertNull(o.game(0).result());
        assertGood3(o.game(1), 2);
        assertEquals(List.of(), o.errors());
        assertEquals(1, o.warnings().size());
        PgnError w = o.warnings().get(0);
        assertEquals("test.pgn: game 1, line 1: warning: game has no result token", w.toString());
        assertNull(w.rawText());
    }

    @Test
    void tagsOnlyGameFollowedByAnotherGame() {
        Outcome o = read("[Event \"A\"]\n[Site \"x\"]\n\n" + GOOD_3);
        assertEquals(2, o.games().size());
        assertEquals("A", o.game(0).tag("Event"));
        assertEquals(0, o.game(0).plyCount());
        assertGood3(o.game(1), 2);
        assertEquals(1, o.warnings().size());
    }

    @Test
    void truncatedInMovetextReturnsTheGameWithAWarning() {
        Outcome o = read(GOOD_1 + "\n[Event \"Cut\"]\n\n1. e4 e5 2. Nf");
        assertEquals(2, o.games().size());
        assertGood1(o.game(0), 1);
        assertEquals(List.of("e4", "e5", "Nf"), sans(o.game(1)));
        assertEquals(List.of(), o.errors());
        assertEquals(List.of("test.pgn: game 2, line 7: warning: game has no result token"),
                o.warnings().stream().map(PgnError::toString).toList());
    }

    @Test
    void emptyAndBlankInputsHoldNoGames() {
        assertEquals(0, read("").games().size());
        Outcome o = read("\n\n   \r\n\u001a");
        assertEquals(0, o.games().size());
        assertEquals(List.of(), o.problems());
    }

    // ------------------------------------------------------------------ errors

    private static void assertOneError(Outcome o, String expected) {
        assertEquals(List.of(expected), o.errors().stream().map(PgnError::toString).toList());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "[Event \"Cut|test.pgn: game 2, line 7: unterminated tag pair",
        "[Event \"Cut\"]\\n\\n1. e4 {unfinished|test.pgn: game 2, line 9: unterminated brace comment",
        "[Event \"Cut\"]\\n\\n1. e4 (1. d4 d5|test.pgn: game 2, line 9: unbalanced parentheses: variation not closed",
        "[Event \"Cut\"]\\n\\n1. e4 (1. d4 {x|test.pgn: game 2, line 9: unterminated brace comment",
        "[Ev|test.pgn: game 2, line 7: unterminated tag pair",
    })
    void truncatedInsideATokenIsAnError(String tail, String expected) {
        Outcome o = read(GOOD_1 + "\n" + tail.replace("\\n", "\n"));
        assertEquals(1, o.games().size());
        assertGood1(o.game(0), 1);
        assertOneError(o, expected);
        assertEquals(List.of(), o.warnings());
        assertEquals(tail.replace("\\n", "\n"), o.errors().get(0).rawText());
    }

    @Test
    void binaryGarbageBetweenGamesIsSkipped() {
        byte[] garbage = new byte[300];
        for (int i = 0; i < garbage.length; i++) {
            // Deterministic junk with NULs, high bytes and line breaks, but no '[' at a line start.
            int v = (i * 73 + 11) & 0xFF;
            garbage[i] = (byte) (v == '[' ? 0 : v);
        }
        garbage[0] = 0;
        Outcome o = read(concat(utf8(GOOD_1 + "\n"), garbage, utf8("\n\n" + GOOD_3)));
        assertEquals(2, o.games().size());
        assertGood1(o.game(0), 1);
        assertGood3(o.game(1), 3);
        assertOneError(o, "test.pgn: game 2, line 7: binary data (byte 0x00) in movetext");
        assertEquals(List.of(), o.warnings());
    }

    @Test
    void illegalBytesInMovetextRejectOnlyThatGame() {
        byte[] bad = concat(utf8("[Event \"Bad\"]\n\n1. e4 e5 2. Nf3"), new byte[] {(byte) 0xA0},
                utf8(" Nc6 1-0\n\n"));
        Outcome o = read(concat(utf8(GOOD_1 + "\n"), bad, utf8(GOOD_3)));
        assertEquals(2, o.games().size());
        assertGood1(o.game(0), 1);
        assertGood3(o.game(1), 3);
        assertOneError(o, "test.pgn: game 2, line 9: unexpected non-ASCII byte 0xA0 in movetext");
        assertTrue(o.errors().get(0).rawText().startsWith("[Event \"Bad\"]"));
        assertTrue(o.errors().get(0).rawText().endsWith("Nc6 1-0"));
    }

    @Test
    void unterminatedCommentBeforeBlankLineAndTagsResyncsThere() {
        String bad = "[Event \"Bad\"]\n\n1. e4 {never closed\n2. d4 d5\n\n";
        Outcome o = read(GOOD_1 + "\n" + bad + GOOD_3);
        assertEquals(2, o.games().size());
        assertGood1(o.game(0), 1);
        assertGood3(o.game(1), 3);
        assertOneError(o, "test.pgn: game 2, line 9: unterminated brace comment");
        assertEquals(bad.strip(), o.errors().get(0).rawText());
    }

    @Test
    void unterminatedCommentRunningIntoEventTagWithoutBlankLine() {
        Outcome o = read(GOOD_1 + "\n[Event \"Bad\"]\n\n1. e4 {never closed\n" + GOOD_3);
        assertGood3(o.game(1), 3);
        assertOneError(o, "test.pgn: game 2, line 9: unterminated brace comment");
    }

    @Test
    void bracketedLinesInsideCommentsAreNotMistakenForTags() {
        Outcome o = read("""
                1. e4 { [%eval 0.2]
                [%clk 0:03:00] } e5 { see
                [Informant 12] and
                [Round "5"] } *
                """);
        assertEquals(List.of(), o.problems());
        assertEquals(180_000, o.game(0).clockMillis(0));
        assertEquals("see\n[Informant 12] and\n[Round \"5\"]", o.game(0).comment(1));
    }

    @Test
    void unbalancedVariationsRejectOnlyThatGame() {
        Outcome open = read(GOOD_1 + "\n[Event \"Bad\"]\n\n1. e4 (1. d4 d5 2. c4\n\n" + GOOD_3);
        assertEquals(2, open.games().size());
        assertGood3(open.game(1), 3);
        assertOneError(open, "test.pgn: game 2, line 9: unbalanced parentheses: variation not closed");

        Outcome stray = read(GOOD_1 + "\n[Event \"Bad\"]\n\n1. e4 e5 2. Nf3) Nc6 *\n\n" + GOOD_3);
        assertEquals(2, stray.games().size());
        assertGood3(stray.game(1), 3);
        assertOneError(stray, "test.pgn: game 2, line 9: unbalanced parentheses: ')' without '('");
    }

    @Test
    void unterminatedTagLineSkipsTheRestOfThatGamesTags() {
        Outcome o = read("[Event \"no closing quote\n[Site \"x\"]\n[White \"y\"]\n\n1. e4 *\n\n"
                + GOOD_3);
        assertEquals(1, o.games().size());
        assertGood3(o.game(0), 2);
        assertOneError(o, "test.pgn: game 1, line 1: unterminated tag pair");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "1. e4 $ e5 *|malformed NAG",
        "1. e4 $1000 e5 *|malformed NAG",
        "1. e4 $256 e5 *|malformed NAG",
        "1. e4 <e5> *|unexpected character '<' in movetext",
        "1. e4 e5 1/2 *|malformed token '1/2' in movetext",
        "1. e4 e5 [%clk 0:01:00] *|unexpected '[' in movetext",
        "1. e4 e5 % 2. Nf3 *|unexpected '%' in movetext",
        "1. e4 - e5 *|unexpected character '-' in movetext",
        "1. e4 ---- *|malformed token starting with '--'",
        "1. Nf3xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx *|move token longer than 32 characters",
        "1. e4 {bell \u0007} *|binary data (byte 0x07) in comment",
        "1. e4 ; bell \u0007\\n *|binary data (byte 0x07) in comment",
        "1. e4 (1. d4 \u0007) *|binary data (byte 0x07) in variation",
    })
    void badTokensRejectOnlyTheirGame(String movetext, String reason) {
        Outcome o = read(GOOD_1 + "\n[Event \"Bad\"]\n\n" + movetext.replace("\\n", "\n") + "\n\n"
                + GOOD_3);
        assertEquals(2, o.games().size(), movetext);
        assertGood1(o.game(0), 1);
        assertGood3(o.game(1), 3);
        assertEquals(List.of("test.pgn: game 2, line 9: " + reason),
                o.errors().stream().map(PgnError::toString).toList());
        assertEquals(List.of(), o.warnings());
    }

    @Test
    void tenMegabyteTagLineIsCappedAndSkipped() {
        byte[] huge = new byte[10 << 20];
        Arrays.fill(huge, (byte) 'x');
        byte[] data = concat(utf8(GOOD_1 + "\n[Event \""), huge,
                utf8("\"]\n[Site \"y\"]\n\n1. e4 e5 1-0\n\n" + GOOD_3));
        Outcome o = read(data);
        assertEquals(2, o.games().size());
        assertGood1(o.game(0), 1);
        assertGood3(o.game(1), 3);
        assertOneError(o, "test.pgn: game 2, line 7: tag value longer than 1048576 characters");
        String raw = o.errors().get(0).rawText();
        assertEquals(PgnReader.Options.DEFAULT.maxGameBytes(), raw.length());
        assertTrue(raw.startsWith("[Event \"xxx"));
    }

    @Test
    void longCommentsAndVariationsAreCapped() {
        PgnReader.Options small = new PgnReader.Options(100, 1 << 20, true);
        String longText = "y".repeat(150);
        Outcome o = read(utf8(GOOD_1 + "\n1. e4 {" + longText + "} e5 *\n\n1. e4 (" + longText
                + ") *\n\n[Event \"" + longText + "\"]\n\n*\n\n" + GOOD_3), small);
        assertEquals(2, o.games().size());
        assertGood3(o.game(1), 5);
        assertEquals(List.of(
                "test.pgn: game 2, line 7: comment longer than 100 characters",
                "test.pgn: game 3, line 9: variation longer than 100 characters",
                "test.pgn: game 4, line 11: tag value longer than 100 characters"),
                o.errors().stream().map(PgnError::toString).toList());
    }

    @Test
    void gameLongerThanTheCapIsSkipped() {
        PgnReader.Options small = new PgnReader.Options(1 << 10, 4096, true);
        String longGame = "[Event \"Long\"]\n\n" + "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(2000) + "*\n\n";
        Outcome o = read(utf8(GOOD_1 + "\n" + longGame + GOOD_3), small);
        assertEquals(2, o.games().size());
        assertGood3(o.game(1), 3);
        assertOneError(o, "test.pgn: game 2, line 9: game longer than 4096 bytes");
        assertEquals(4096, o.errors().get(0).rawText().length());
    }

    @Test
    void rawTextCanBeTurnedOff() {
        PgnReader.Options noRaw = new PgnReader.Options(1 << 20, 1 << 20, false);
        Outcome o = read(utf8(GOOD_1 + "\n1. e4 ) *\n\n" + GOOD_3), noRaw);
        assertEquals("", o.game(0).rawText());
        assertNull(o.errors().get(0).rawText());
        assertGood3(o.game(1), 3);
    }

    @Test
    void errorLinesStayAccurateDeepIntoAFile() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            sb.append(GOOD_1).append('\n');
        }
        long badLine = sb.toString().lines().count() + 4;
        sb.append("[Event \"Bad\"]\n\n1. e4\ne5 ) *\n\n").append(GOOD_3);
        Outcome o = read(sb.toString());
        assertEquals(501, o.games().size());
        assertGood3(o.game(500), 502);
        assertOneError(o, "test.pgn: game 501, line " + badLine
                + ": unbalanced parentheses: ')' without '('");
    }

    @Test
    void corruptingOneGameNeverThrowsAndNeverCostsAnotherGame() {
        List<String> corpus = new java.util.ArrayList<>();
        java.util.Random rnd = new java.util.Random(20240601);
        String[] results = {"1-0", "0-1", "1/2-1/2", "*"};
        for (int i = 0; i < 12; i++) {
            String result = results[i % 4];
            corpus.add("[Event \"Game " + i + "\"]\n[Site \"Caf\u00e9 \\\"X\\\"\"]\n[Result \""
                    + result + "\"]\n\n1. e4 {[%clk 0:01:00]} e5 (1... c5 {x} 2. Nf3) 2. Nf3! $1 Nc6"
                    + " ; note\n3. Bb5 a6 4. O-O e.p. " + (i % 3 == 0 ? "{ multi\nline }" : "")
                    + " Nf6 " + result);
        }
        byte[] nasty = utf8("{}()[]\"\\;%$!?*\n\r.-01/ e");
        byte[] extra = {0, (byte) 0xFF, (byte) 0xC3, 0x1A, (byte) 0xEF};
        for (int round = 0; round < 400; round++) {
            int k = rnd.nextInt(corpus.size());
            byte[] victim = utf8(corpus.get(k));
            int at = rnd.nextInt(victim.length);
            byte b = rnd.nextInt(4) == 0 ? extra[rnd.nextInt(extra.length)]
                    : nasty[rnd.nextInt(nasty.length)];
            byte[] mutated = switch (rnd.nextInt(3)) {
                case 0 -> { // replace
                    byte[] m = victim.clone();
                    m[at] = b;
                    yield m;
                }
                case 1 -> concat(Arrays.copyOf(victim, at), new byte[] {b}, // insert
                        Arrays.copyOfRange(victim, at, victim.length));
                default -> concat(Arrays.copyOf(victim, at), // delete
                        Arrays.copyOfRange(victim, at + 1, victim.length));
            };
            java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
            for (int j = 0; j < corpus.size(); j++) {
                file.writeBytes(j == k ? mutated : utf8(corpus.get(j)));
                file.writeBytes(utf8("\n\n"));
            }
            Outcome o = read(file.toByteArray());
            // Every untouched game must come out whole, in order, among whatever else is read.
            List<String> got = o.games().stream()
                    .map(g -> g.tag("Event") + "|" + g.sans() + "|" + g.result()).toList();
            int from = 0;
            for (int j = 0; j < corpus.size(); j++) {
                if (j == k) {
                    continue;
                }
                String want = "Game " + j + "|[e4, e5, Nf3, Nc6, Bb5, a6, O-O, Nf6]|"
                        + results[j % 4];
                int found = got.subList(from, got.size()).indexOf(want);
                assertTrue(found >= 0, "round " + round + ": game " + j + " lost after corrupting game "
                        + k + " at " + at + "\n" + new String(mutated, java.nio.charset.StandardCharsets.ISO_8859_1)
                        + "\ngot " + got + "\nproblems " + o.problems());
                from += found + 1;
            }
        }
    }

    // ------------------------------------------------------------------ API

    @Test
    void copyIsIndependentOfLaterRefills() throws IOException {
        try (PgnReader r = new PgnReader(new ByteArrayInputStream(utf8(GOOD_1 + GOOD_3)), "x")) {
            PgnGame g = new PgnGame();
            assertTrue(r.next(g));
            PgnGame first = g.copy();
            assertTrue(r.next(g));
            assertGood1(first, 1);
            assertEquals(PgnTestSupport.describe(g), PgnTestSupport.describe(g.copy()));
            first.addPly("a3");
            assertEquals(6, first.plyCount());
            assertEquals(3, g.plyCount());
        }
    }

    @Test
    void streamYieldsCopiesAndReportsErrors() throws IOException {
        List<PgnError> errors = new java.util.ArrayList<>();
        String text = GOOD_1 + "\n1. e4 ) *\n\n" + GOOD_3;
        try (PgnReader r = new PgnReader(new ByteArrayInputStream(utf8(text)), "s.pgn",
                errors::add)) {
            List<PgnGame> games = r.stream().collect(Collectors.toList());
            assertEquals(2, games.size());
            assertGood1(games.get(0), 1);
            assertGood3(games.get(1), 3);
            assertEquals(1, r.errorCount());
            assertEquals(2, r.gamesRead());
        }
        assertEquals(1, errors.size());
        assertEquals("s.pgn", errors.get(0).sourceName());
        assertEquals(2, errors.get(0).gameNumber());
        assertEquals(PgnError.Severity.ERROR, errors.get(0).severity());
    }

    @Test
    void readingAfterCloseIsAProgrammingError() throws IOException {
        PgnReader r = new PgnReader(new ByteArrayInputStream(new byte[0]), "x");
        r.close();
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> r.next(new PgnGame()));
    }
}
