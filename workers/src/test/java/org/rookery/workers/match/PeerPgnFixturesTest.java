package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.workers.cli.GauntletOptions;

/**
 * Rookery's PGN against PGN that fastchess and cutechess-cli wrote themselves (resources {@code peer-pgn/},
 * each file's source in its README): for the same options and the same kind of game, Rookery's text has
 * the peer's structure: tag names and order, the grammar of each comment part, the Termination value and
 * the reason's wording, the result after the movetext, and lines within PGN's 255 (and the peers' 80 for
 * movetext). The games are played by the runner with test engines that end them as the peers' games ended
 * (an engine answering {@code bestmove a1a1}, as in the fastchess fixture). Where Rookery differs, the test
 * says how and why, and pins the difference, so that a change to it is seen.
 */
class PeerPgnFixturesTest {
    @TempDir Path tmp;

    /** The seven-tag roster, first in every peer's PGN. */
    static final List<String> ROSTER = List.of("Event", "Site", "Date", "Round", "White", "Black", "Result");
    /** A fastchess score/depth/time head, as fastchess writes it: 0.00 unsigned, time in seconds with three decimals. */
    static final String FASTCHESS_HEAD = "(?:[+-]\\d+\\.\\d\\d|0\\.00|[+-]M\\d+)/\\d+ \\d+\\.\\d{3}s";
    /** fastchess's default comment: the head, then ", " and the reason on the last move. */
    static final Pattern FASTCHESS_COMMENT = Pattern.compile("^" + FASTCHESS_HEAD + "(?:, (?<reason>.+))?$");
    /** fastchess with timeleft=true nodes=true: tl= then n=, each after ", " (PR #704's excerpt). */
    static final Pattern FASTCHESS_TL_N = Pattern.compile("^" + FASTCHESS_HEAD + ", tl=\\d+\\.\\d{3}s, n=\\d+(?:, (?<reason>.+))?$");
    /** cutechess's book comment, with the reason after ", " on the last move. */
    static final Pattern BOOK_COMMENT = Pattern.compile("^book(?:, (?<reason>.+))?$");
    /** cutechess's engine comment: time with 3 decimals under 0.1 s, 2 under 1 s, 1 under 10 s, none above (or "0s"). */
    static final Pattern CUTECHESS_COMMENT = Pattern.compile("^[+-]\\d+\\.\\d\\d/\\d+ (?:0|0\\.0\\d\\d|0\\.\\d\\d|\\d\\.\\d|\\d{2,})s$");
    /** Rookery's addition to the default comment: the mover's clock after the move, for analysis (docs/schema.md clock_ms). */
    static final Pattern CLK = Pattern.compile(" \\[%clk \\d+:\\d\\d:\\d\\d\\.\\d\\]");
    /** fastchess's GameStartTime / GameEndTime: local time and UTC offset, no fraction. */
    static final Pattern FASTCHESS_STAMP = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d [+-]\\d{4}");
    static final Pattern TAG = Pattern.compile("^\\[(\\w+) \"((?:[^\"\\\\]|\\\\.)*)\"\\]$");
    static final Pattern COMMENT = Pattern.compile("\\{([^}]*)\\}");
    static final Pattern SAN = Pattern.compile("(?<=^|\\s)(?:\\d+\\.+\\s*)?((?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?|O-O(?:-O)?)[+#]?)(?=\\s|$)");

    static String fixture(String name) throws Exception {
        try (var in = PeerPgnFixturesTest.class.getResourceAsStream("/peer-pgn/" + name)) {
            assertNotNull(in, "peer-pgn/" + name + " is missing");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Tag names in the order written. */
    static List<String> tagNames(String pgn) {
        return pgn.lines().map(TAG::matcher).filter(Matcher::matches).map(m -> m.group(1)).toList();
    }

    static String tag(String pgn, String name) {
        return pgn.lines().map(TAG::matcher).filter(m -> m.matches() && m.group(1).equals(name)).map(m -> m.group(2)).findFirst()
            .orElse(null);
    }

    /** The movetext: everything after the tag section's blank line. */
    static String movetext(String pgn) {
        int at = pgn.indexOf("\n\n");
        assertTrue(at > 0, "no blank line after the tags: " + pgn);
        return pgn.substring(at + 2);
    }

    static List<String> comments(String pgn) {
        List<String> out = new ArrayList<>();
        Matcher m = COMMENT.matcher(movetext(pgn).replace('\n', ' '));
        while (m.find()) out.add(m.group(1));
        return out;
    }

    /** SAN moves of the movetext (comments removed). */
    static List<String> sans(String pgn) {
        String text = COMMENT.matcher(movetext(pgn).replace('\n', ' ')).replaceAll(" ");
        List<String> out = new ArrayList<>();
        Matcher m = SAN.matcher(text);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    /** Black move numbers ("12...") after the movetext's first move: where a Black move follows a comment. */
    static int blackNumbersAfterTheFirstMove(String pgn) {
        String text = movetext(pgn).replace('\n', ' ').strip();
        Matcher m = Pattern.compile("(?<=\\s)\\d+\\.\\.\\.").matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    static void linesFit(String pgn, String who) {
        for (String l : pgn.lines().toList()) {
            assertTrue(l.length() <= 255, who + ": a line of " + l.length() + ": " + l);
            if (!l.startsWith("[")) assertTrue(l.length() <= 80, who + ": a movetext line of " + l.length() + ": " + l);
        }
    }

    static String fake(String mode) {
        return "cmd=" + ProcessHandle.current().info().command().orElse("java");
    }

    static String fakeArgs(String mode) {
        return "args=-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp " + System.getProperty("java.class.path")
            + " org.rookery.workers.testengines.FakeEngine " + mode;
    }

    /** Plays the command line and returns the PGN it wrote. */
    String play(List<String> argv) throws Exception {
        GauntletOptions.Parsed p = GauntletOptions.parse(argv, w -> {});
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new MatchRunner(p.settings(), p.run(), new PrintStream(bytes, true, StandardCharsets.UTF_8), null).run();
        return Files.readString(p.settings().pgnOut());
    }

    List<String> engines(String white, String whiteMode, String black, String blackMode, String... rest) {
        List<String> a = new ArrayList<>(List.of("-engine", "name=" + white, fake(whiteMode), fakeArgs(whiteMode),
            "-engine", "name=" + black, fake(blackMode), fakeArgs(blackMode)));
        a.addAll(List.of(rest));
        return a;
    }

    /**
     * fastchess PR #943's game: White moves, Black answers {@code bestmove a1a1}; {@code -pgnout file=} with no
     * keys, {@code tc=1}, one game. Same roster, tags and order, ECO and Opening included (both name the opening of
     * a game from the standard start: fastchess from its ECO table, Rookery from lichess's list); the same Termination and reason,
     * word for word; the comment is fastchess's but for Rookery's clock.
     */
    @Test
    void anIllegalMoveGameHasFastchessStructure() throws Exception {
        String peer = fixture("fastchess-pr943.pgn");
        String ours = play(engines("e2e4", "random", "a1a1", "illegal:1", "-each", "tc=1", "-rounds", "1", "-games", "1",
            "-pgnout", "file=" + tmp.resolve("ours.pgn")));
        List<String> peerTags = tagNames(peer);
        assertEquals(ROSTER, peerTags.subList(0, 7));
        assertEquals(peerTags, tagNames(ours), ours);
        // The names are the shipped lichess list's for the position after the game's one move.
        org.rookery.core.board.Position after = org.rookery.core.openings.OpeningList.play(sans(ours).get(0));
        var named = org.rookery.core.openings.OpeningList.shipped().classify(after).opening();
        assertEquals(named.eco(), tag(ours, "ECO"), ours);
        assertEquals(named.name(), tag(ours, "Opening"), ours);
        assertTrue(tag(peer, "ECO").matches("[A-E]\\d\\d") && tag(ours, "ECO").matches("[A-E]\\d\\d"), ours);
        // Tag values of the same grammar.
        for (String pgn : List.of(peer, ours)) {
            assertTrue(tag(pgn, "Date").matches("\\d{4}\\.\\d\\d\\.\\d\\d"), pgn);
            assertTrue(tag(pgn, "GameDuration").matches("\\d\\d:\\d\\d:\\d\\d"), pgn);
            assertTrue(FASTCHESS_STAMP.matcher(tag(pgn, "GameStartTime")).matches(), pgn);
            assertTrue(FASTCHESS_STAMP.matcher(tag(pgn, "GameEndTime")).matches(), pgn);
            assertEquals("illegal move", tag(pgn, "Termination"));
            assertEquals("1-0", tag(pgn, "Result"));
            assertEquals("1", tag(pgn, "TimeControl"), "tc=1");
            assertEquals("?", tag(pgn, "Site"));
            assertTrue(pgn.endsWith("} 1-0\n\n"), pgn);
            linesFit(pgn, pgn == peer ? "fastchess" : "rookery");
        }
        // fastchess's Event is its own name; Rookery's is its own.
        assertEquals("Fastchess Tournament", tag(peer, "Event"));
        // PlyCount: the fastchess build of PR #943 counted the illegal move it did not write (2 for one move);
        // Rookery counts the moves written, as the PGN standard means it.
        assertEquals(1, sans(peer).size());
        assertEquals("2", tag(peer, "PlyCount"));
        assertEquals(String.valueOf(sans(ours).size()), tag(ours, "PlyCount"), ours);
        // The comment: fastchess's head and the reason, with the same words; Rookery adds the clock after the head.
        List<String> pc = comments(peer), oc = comments(ours);
        assertEquals(1, pc.size());
        assertEquals(1, oc.size(), ours);
        Matcher p = FASTCHESS_COMMENT.matcher(pc.get(0));
        assertTrue(p.matches(), pc.get(0));
        assertTrue(CLK.matcher(oc.get(0)).find(), "Rookery's default comment carries the clock: " + oc.get(0));
        Matcher o = FASTCHESS_COMMENT.matcher(CLK.matcher(oc.get(0)).replaceAll(""));
        assertTrue(o.matches(), oc.get(0));
        assertEquals("Black makes an illegal move: a1a1", p.group("reason"));
        assertEquals(p.group("reason"), o.group("reason"));
        // The fake engine says "score cp 0 depth 1", as PR #943's one-move engine did: the same head text.
        assertTrue(pc.get(0).startsWith("0.00/1 "), pc.get(0));
        assertTrue(oc.get(0).startsWith("0.00/1 "), oc.get(0));
    }

    /** fastchess PR #901's tags for a game from a FEN: SetUp and FEN right after the roster, before GameDuration. */
    @Test
    void aGameFromAnEpdOpeningHasFastchessTagOrder() throws Exception {
        String peer = fixture("fastchess-pr901-tags.txt");
        String fen = tag(peer, "FEN");
        Path epd = Files.writeString(tmp.resolve("one.epd"), fen + "\n");
        String ours = play(engines("stockfish-dev", "illegal:2", "stockfish-base", "random", "-each", "tc=10+0.1", "-rounds", "1",
            "-games", "1", "-openings", "file=" + epd, "format=epd", "-pgnout", "file=" + tmp.resolve("ours.pgn")));
        // The same tags in the same order (no ECO or Opening for a game from a FEN, as in fastchess); Rookery then
        // names the opening's source (the EPD line it came from) in its own OpeningSource tag.
        List<String> expected = new ArrayList<>(tagNames(peer));
        expected.add("OpeningSource");
        assertEquals(expected, tagNames(ours), ours);
        assertEquals(fen, tag(ours, "FEN"), "the EPD's counters are kept");
        assertEquals("1", tag(ours, "SetUp"));
        assertEquals("10+0.1", tag(ours, "TimeControl"));
        // Termination: "normal" in the fixture (a game ended on the board); this one ended by White's illegal move.
        assertEquals("normal", tag(peer, "Termination"));
        assertEquals("illegal move", tag(ours, "Termination"));
        linesFit(ours, "rookery");
    }

    /** fastchess PR #704's comments with timeleft=true nodes=true: tl= then n=, in that order, in both. */
    @Test
    void timeleftAndNodesCommentsHaveFastchessGrammar() throws Exception {
        String peer = fixture("fastchess-pr704-movetext.txt");
        List<String> pc = comments("[Event \"?\"]\n\n" + peer);
        assertEquals(4, pc.size());
        for (String c : pc) assertTrue(FASTCHESS_TL_N.matcher(c).matches(), c);
        String ours = play(engines("A", "random", "B", "illegal:3", "-each", "tc=10+0.1", "-rounds", "1", "-games", "1",
            "-pgnout", "file=" + tmp.resolve("ours.pgn"), "timeleft=true", "nodes=true"));
        List<String> oc = comments(ours);
        assertEquals(5, oc.size(), ours);
        // fastchess writes no "2..." before a Black move after a comment; Rookery does (see the cutechess test).
        assertEquals(0, blackNumbersAfterTheFirstMove("[Event \"?\"]\n\n" + peer), peer);
        assertEquals(2, blackNumbersAfterTheFirstMove(ours), ours);
        for (int i = 0; i < oc.size(); i++) {
            Matcher m = FASTCHESS_TL_N.matcher(oc.get(i));
            assertTrue(m.matches(), oc.get(i));
            // With keys, Rookery writes fastchess's comment only: no clock command.
            assertFalse(CLK.matcher(oc.get(i)).find(), oc.get(i));
            assertEquals(i == oc.size() - 1 ? "Black makes an illegal move: a1a1" : null, m.group("reason"));
        }
        linesFit(ours, "rookery");
    }

    /**
     * cutechess issue #635's game: twelve book plies from the opening, then White answers an illegal move.
     * The book comments and the reason's words are cutechess's. Tags differ in three ways, each pinned:
     * cutechess writes the tags after the roster in alphabetical order, Rookery in fastchess's (the docs say
     * Rookery follows fastchess where the peers differ); both name the opening (ECO, Opening: cutechess from its
     * ECO table, Rookery from lichess's list) and Rookery adds the book line in OpeningSource; and cutechess's GameStartTime
     * has milliseconds and a zone name, Rookery's fastchess's offset form.
     */
    @Test
    void aBookThenIllegalMoveGameHasCutechessComments() throws Exception {
        String peer = fixture("cutechess-issue635.pgn");
        List<String> book = sans(peer);
        assertEquals(12, book.size(), book.toString());
        Path pgnBook = Files.writeString(tmp.resolve("benko.pgn"), "[Event \"?\"]\n[Result \"*\"]\n\n"
            + "1. d4 Nf6 2. c4 c5 3. d5 b5 4. cxb5 a6 5. bxa6 g6 6. Nc3 Bxa6 *\n");
        String ours = play(engines("Amoeba 4.0.17b.l64p-l", "illegal:1", "Amoeba 4.0.5.l64p-l", "random", "-each", "tc=10+0.1",
            "-rounds", "1", "-games", "1", "-openings", "file=" + pgnBook, "format=pgn", "-pgnout", "file=" + tmp.resolve("ours.pgn")));
        assertEquals(book, sans(ours), ours);
        List<String> pc = comments(peer), oc = comments(ours);
        assertEquals(pc.size(), oc.size(), ours);
        for (int i = 0; i < pc.size(); i++) {
            Matcher p = BOOK_COMMENT.matcher(pc.get(i)), o = BOOK_COMMENT.matcher(oc.get(i));
            assertTrue(p.matches(), pc.get(i));
            assertTrue(o.matches(), oc.get(i));
            if (i < pc.size() - 1) assertEquals(null, o.group("reason"), oc.get(i));
        }
        // Move numbers: cutechess (and fastchess) write none for a Black move after a comment ("1. d4 {book} Nf6");
        // Rookery's PGN writer (core) writes one ("1. d4 {book} 1... Nf6"), the PGN standard's export form
        // (8.2.2.2). Readers take both; the text is not the peers' byte for byte.
        assertEquals(0, blackNumbersAfterTheFirstMove(peer), peer);
        assertEquals(6, blackNumbersAfterTheFirstMove(ours), ours);
        assertEquals("White makes an illegal move: d8a5", BOOK_COMMENT.matcher(pc.get(11)).results().findFirst().orElseThrow().group(1));
        assertEquals("White makes an illegal move: a1a1", BOOK_COMMENT.matcher(oc.get(11)).results().findFirst().orElseThrow().group(1));
        for (String pgn : List.of(peer, ours)) {
            assertEquals("illegal move", tag(pgn, "Termination"));
            assertEquals("0-1", tag(pgn, "Result"));
            assertEquals("12", tag(pgn, "PlyCount"));
            assertEquals("10+0.1", tag(pgn, "TimeControl"));
            assertTrue(pgn.endsWith("} 0-1\n\n"), pgn);
            linesFit(pgn, pgn == peer ? "cutechess" : "rookery");
        }
        // The same tags, Rookery's OpeningSource aside; in cutechess's order after the roster: alphabetical.
        List<String> peerTags = tagNames(peer), ourTags = tagNames(ours);
        assertEquals(ROSTER, peerTags.subList(0, 7));
        assertEquals(ROSTER, ourTags.subList(0, 7));
        List<String> peerRest = peerTags.subList(7, peerTags.size());
        assertEquals(peerRest.stream().sorted().toList(), peerRest, "cutechess sorts the tags after the roster");
        List<String> ourRest = new ArrayList<>(ourTags.subList(7, ourTags.size()));
        ourRest.remove("OpeningSource");
        assertEquals(peerRest, ourRest.stream().sorted().toList(), ours);
        assertEquals(List.of("GameDuration", "GameStartTime", "GameEndTime", "PlyCount", "Termination", "TimeControl", "ECO", "Opening",
            "OpeningSource"), ourTags.subList(7, ourTags.size()), "fastchess's order, then Rookery's OpeningSource");
        // ECO and Opening: the same opening in both lists' words (cutechess: A58 "Benko gambit accepted").
        assertEquals("A58", tag(peer, "ECO"));
        assertEquals("Benko gambit accepted", tag(peer, "Opening"));
        assertTrue(tag(ours, "ECO").matches("A5[789]"), tag(ours, "ECO"));
        assertTrue(tag(ours, "Opening").toLowerCase(java.util.Locale.ROOT).startsWith("benko gambit accepted"), tag(ours, "Opening"));
        assertTrue(tag(ours, "OpeningSource").contains("benko.pgn"), tag(ours, "OpeningSource"));
        assertTrue(tag(peer, "GameStartTime").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3} \\S+"), peer);
        assertTrue(FASTCHESS_STAMP.matcher(tag(ours, "GameStartTime")).matches(), ours);
    }

    /**
     * cutechess issue #778's engine comments: the time's precision falls with its size (1.8s, 0.95s). Rookery
     * writes fastchess's three decimals at every size, the one form both peers' parsers read (the WDL tool,
     * fishtest's scripts): its comments match fastchess's head, not cutechess's time rule above 0.1 s.
     */
    @Test
    void engineCommentsFollowFastchessTimesNotCutechesss() throws Exception {
        String peer = fixture("cutechess-issue778-head.txt");
        List<String> pc = comments(peer);
        assertEquals(9, pc.size());
        for (String c : pc) assertTrue(CUTECHESS_COMMENT.matcher(c).matches(), c);
        assertTrue(pc.contains("-0.26/11 0.95s") && pc.contains("-0.26/8 1.8s"), pc.toString());
        // cutechess's tags after the roster, FEN and SetUp included, are in alphabetical order.
        List<String> rest = tagNames(peer).subList(7, tagNames(peer).size());
        assertEquals(rest.stream().sorted().toList(), rest);
        for (String l : peer.lines().toList()) assertTrue(l.length() <= 80, l);
        String ours = play(engines("A", "slow:120", "B", "illegal:2", "-each", "tc=10+0.1", "-rounds", "1", "-games", "1",
            "-pgnout", "file=" + tmp.resolve("ours.pgn")));
        List<String> oc = comments(ours);
        assertEquals(3, oc.size(), ours);
        // White thinks 120 ms or more: cutechess would write two decimals (0.12s), fastchess and Rookery three.
        String head = CLK.matcher(oc.get(0)).replaceAll("");
        assertTrue(Pattern.matches(FASTCHESS_HEAD, head), head);
        assertFalse(CUTECHESS_COMMENT.matcher(head).matches(), head);
    }
}
