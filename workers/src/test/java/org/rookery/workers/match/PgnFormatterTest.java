package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Position;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;

/**
 * PGN as fastchess writes it for the same {@code -pgnout} keys (fastchess {@code pgn_builder.cpp}: tag order,
 * comment keys in its order, min, notation), checked line by line, and read back by pgn-extract.
 */
class PgnFormatterTest {
    @TempDir Path tmp;

    static final TimeControl TC = TimeControl.parse("10+0.1");

    /** 1. e4 (book) e5 2. Nf3 Nc6 3. Bb5, engines from move 1... e5 on. */
    static PgnFormatter.Game game(String event) {
        List<MoveRecord> moves = List.of(
            new MoveRecord("e2e4", "e4", true, 0, 0, false, 0, 0, -1, 0),
            new MoveRecord("e7e5", "e5", false, -25, 0, true, 12, 512, 9588, 123456,
                18, 241125L, 37, 0L, 500L, "e7e5 g1f3 b8c6"),
            new MoveRecord("g1f3", "Nf3", false, 0, 0, true, 14, 301, 9799, 2000,
                20, 6644L, 5, 3L, 300L, "g1f3 b8c6"),
            new MoveRecord("b8c6", "Nc6", false, 0, 3, true, 30, 100, 9588, 5,
                3, 50L, 0, 0L, 99L, "b8c6 f1b5"));
        return new PgnFormatter.Game(event, "here", 4, "New", "Base", TC, TC, Position.START_FEN, moves, Result.WHITE_WINS,
            Termination.ADJUDICATION, "White wins by adjudication", 1_700_000_000_000L, 1_700_000_065_000L, null, "startpos");
    }

    static PgnOptions all(PgnOptions.Notation n) {
        return new PgnOptions(n, true, true, true, true, true, true, true, true, null, true);
    }

    @Test
    void tagsInFastchessOrder() {
        String pgn = PgnFormatter.format(game("E"), PgnOptions.DEFAULTS, false);
        List<String> tags = pgn.lines().filter(l -> l.startsWith("[")).map(l -> l.substring(1, l.indexOf(' '))).toList();
        assertEquals(List.of("Event", "Site", "Date", "Round", "White", "Black", "Result", "GameDuration", "GameStartTime",
            "GameEndTime", "PlyCount", "Termination", "TimeControl", "ECO", "Opening"), tags);
        // 1. e4 e5 2. Nf3 Nc6: the line of lichess's c.tsv "C44  King's Knight Opening: Normal Variation".
        assertTrue(pgn.contains("[ECO \"C44\"]\n[Opening \"King's Knight Opening: Normal Variation\"]"), pgn);
        assertTrue(pgn.contains("[GameDuration \"00:01:05\"]"), pgn);
        assertTrue(pgn.contains("[Termination \"adjudication\"]"), pgn);
        assertTrue(pgn.contains("[TimeControl \"10+0.1\"]"), pgn);
        assertTrue(pgn.lines().anyMatch(l -> l.matches("\\[GameStartTime \"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d [+-]\\d{4}\"]")), pgn);
        // A Variant tag only for a variant (the Chess960 engineer sets it), with SetUp and FEN.
        PgnFormatter.Game g = game("E");
        String frc = PgnFormatter.format(new PgnFormatter.Game(g.event(), g.site(), g.round(), g.white(), g.black(), TC, TC,
            g.startFen(), g.moves(), g.result(), g.termination(), g.reason(), g.startedAtMillis(), g.finishedAtMillis(), "Chess960",
            "startpos"), PgnOptions.DEFAULTS, false);
        // A Chess960 start is written in Shredder-FEN (HAha for the standard array, position 518).
        assertTrue(frc.contains("[SetUp \"1\"]\n[FEN \"" + Position.fromFen(Position.START_FEN, true).toFen() + "\"]\n[Variant \"Chess960\"]"), frc);
        assertFalse(pgn.contains("[Variant"), pgn);
    }

    @Test
    void cutechessFormCountsMatesInPliesAndFastchessFormWritesNoScoreAsZero() {
        // cutechess moveevaluation.cpp: 1000 - |score| % 1000, where mate m is 30001 - 2m: 2m-1 plies mating, 2|m| mated.
        assertTrue(new MoveRecord("e2e4", "e4", false, 0, 3, true, 20, 100, -1, 5).comment().startsWith("+M5/20 "));
        assertTrue(new MoveRecord("e2e4", "e4", false, 0, -2, true, 20, 100, -1, 5).comment().startsWith("-M4/20 "));
        assertTrue(new MoveRecord("e2e4", "e4", false, 0, 1, true, 20, 100, -1, 5).comment().startsWith("+M1/20 "));
        assertTrue(new MoveRecord("e2e4", "e4", false, 0, 0, true, 20, 100, -1, 5).comment().startsWith("0.00/20 "));
        // fastchess match.cpp: a move the engine gave no score for is 0.00/0.
        MoveRecord silent = new MoveRecord("e2e4", "e4", false, 0, 0, false, 0, 11, -1, 0);
        assertTrue(PgnFormatter.comment(silent, all(PgnOptions.Notation.SAN), null).startsWith("0.00/0 0.011s, "),
            PgnFormatter.comment(silent, all(PgnOptions.Notation.SAN), null));
    }

    @Test
    void commentKeysInFastchessOrder() {
        String text = String.join(" ", PgnFormatter.format(game("E"), all(PgnOptions.Notation.SAN), false).lines()
            .filter(l -> !l.startsWith("[")).toList());
        assertTrue(text.contains("e4 {book}"), text);
        assertTrue(text.contains("e5 {-0.25/12 0.512s, tl=9.588s, latency=0.012s, n=123456, sd=18, nps=241125, hashfull=37, "
            + "tbhits=0, pv=\"e7e5 g1f3 b8c6\"}"), text);
        // score 0 has no sign; mate in 3 moves is +M5 in fastchess's plies; the reason closes the last comment.
        assertTrue(text.contains("Nf3 {0.00/14 0.301s"), text);
        assertTrue(text.contains("Nc6 {+M5/30 0.100s"), text);
        assertTrue(text.contains(", White wins by adjudication} 1-0"), text);
    }

    @Test
    void minimalHasTheRosterAndNoComments() {
        String pgn = PgnFormatter.format(game("E"), PgnOptions.DEFAULTS, true);
        assertEquals(7, pgn.lines().filter(l -> l.startsWith("[")).count(), pgn);
        assertFalse(pgn.contains("{"), pgn);
    }

    @Test
    void lanAndUciNotation() {
        String lan = PgnFormatter.format(game("E"),
            new PgnOptions(PgnOptions.Notation.LAN, false, false, false, false, false, false, false, false, null, true), true);
        assertTrue(lan.contains("1. e2e4 e7e5 2. Ng1f3 Nb8c6 1-0"), lan);
        String uci = PgnFormatter.format(game("E"),
            new PgnOptions(PgnOptions.Notation.UCI, false, false, false, false, false, false, false, false, null, true), true);
        assertTrue(uci.contains("1. e2e4 e7e5 2. g1f3 b8c6 1-0"), uci);
    }

    @Test
    void noLineIsLongerThan255AndPgnExtractReadsIt() throws Exception {
        String pgn = PgnFormatter.format(game("x".repeat(400)), all(PgnOptions.Notation.SAN), false);
        for (String l : pgn.lines().toList()) assertTrue(l.length() <= PgnFormatter.MAX_LINE, l.length() + ": " + l);
        Path extract = Path.of("/usr/games/pgn-extract");
        Assumptions.assumeTrue(Files.isExecutable(extract), "pgn-extract not installed (apt-get install pgn-extract): skipped");
        Path in = tmp.resolve("g.pgn");
        Files.writeString(in, pgn);
        Process p = new ProcessBuilder(extract.toString(), "-s", "-Wuci", "--nocomments", "--notags", in.toString())
            .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertTrue(out.contains("e2e4 e7e5 g1f3 b8c6 1-0"), out);
    }
}
