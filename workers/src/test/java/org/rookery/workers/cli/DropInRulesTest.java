package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.workers.match.MatchSettings;
import org.rookery.workers.match.Schedule;

/**
 * Where Rookery's options once differed from both fastchess and cutechess-cli (issue #17): each
 * test here failed on the old behaviour. Where the peers differ, fastchess's meaning is expected.
 */
class DropInRulesTest {
    static final String TWO = "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 ";

    @TempDir Path tmp;

    static GauntletOptions.Parsed parse(String s, List<String> warnings) throws Exception {
        return GauntletOptions.parse(GauntletOptionsTest.split(s), warnings::add);
    }

    Path twoOpeningBook() throws Exception {
        Path book = tmp.resolve("two.epd");
        Files.writeString(book, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
            + "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n");
        return book;
    }

    @Test
    void gamesTwoWithoutRepeatPlaysOneOpeningWithColoursSwapped() throws Exception {
        MatchSettings s = parse(TWO + "-games 2 -rounds 2 -openings file=" + twoOpeningBook() + " order=sequential",
            new ArrayList<>()).settings();
        assertTrue(s.repeat());
        List<Schedule.Game> g = Schedule.build(s);
        assertEquals(4, g.size());
        assertEquals(g.get(0).opening(), g.get(1).opening());
        assertEquals(g.get(0).white(), g.get(1).black());
        assertEquals(g.get(0).pairIndex(), g.get(1).pairIndex());
        assertEquals(g.get(2).opening(), g.get(3).opening());
        assertFalse(g.get(0).opening().equals(g.get(2).opening()));
    }

    @Test
    void gamesAndRoundsDefaultToFastchessTwo() throws Exception {
        // fastchess man.md: "-rounds N ... Default value is 2", "-games N ... Default value is 2" (cutechess: 1 and 1).
        MatchSettings s = parse(TWO, new ArrayList<>()).settings();
        assertEquals(2, s.gamesPerEncounter());
        assertEquals(2, s.rounds());
        assertTrue(s.repeat());
        assertEquals(4, Schedule.build(s).size());
    }

    @Test
    void repeatTakesCutechessCount() throws Exception {
        // -repeat 1: every game its own opening, as cutechess plays it.
        MatchSettings once = parse(TWO + "-games 2 -repeat 1 -openings file=" + twoOpeningBook() + " order=sequential",
            new ArrayList<>()).settings();
        assertFalse(once.repeat());
        List<Schedule.Game> g = Schedule.build(once);
        assertFalse(g.get(0).opening().equals(g.get(1).opening()));
        assertTrue(parse(TWO + "-repeat 2", new ArrayList<>()).settings().repeat());
        // -repeat 4: each opening four times (cutechess), no warning when -games is a multiple of it.
        List<String> warnings = new ArrayList<>();
        MatchSettings four = parse(TWO + "-games 4 -repeat 4 -openings file=" + twoOpeningBook() + " order=sequential", warnings).settings();
        assertTrue(four.repeat());
        assertEquals(List.of(), warnings);
        List<Schedule.Game> fg = Schedule.build(four);
        for (int i = 1; i < 4; i++) assertEquals(fg.get(0).opening(), fg.get(i).opening(), "game " + (i + 1));
        assertFalse(fg.get(3).opening().equals(fg.get(4).opening()), "the next round's encounter draws a new opening");
        // Game pairs for the pentanomial: two per opening here.
        assertEquals(List.of(0, 0, 1, 1), fg.subList(0, 4).stream().map(Schedule.Game::pairIndex).toList());
        // -repeat 3 against -games 4: cutechess's warning.
        parse(TWO + "-games 4 -repeat 3", warnings);
        assertEquals(List.of("-repeat 3: 3 opening repetitions vs 4 games per encounter"), warnings);
        // fastchess: -repeat N without -games sets -games N.
        assertEquals(3, parse(TWO + "-repeat 3", new ArrayList<>()).settings().gamesPerEncounter());
        // -repeat alone sets -games 2, as in fastchess.
        assertEquals(2, parse(TWO + "-games 1 -repeat", new ArrayList<>()).settings().gamesPerEncounter());
    }

    @Test
    void moreThanTwoGamesShareTheRoundsOpeningAsInFastchess() throws Exception {
        // fastchess man.md: "Play N rounds of games where each game within the round uses the same opening".
        List<String> warnings = new ArrayList<>();
        MatchSettings s = parse(TWO + "-games 4 -openings file=" + twoOpeningBook() + " order=sequential", warnings).settings();
        assertTrue(s.repeat());
        assertEquals(List.of(), warnings);
        List<Schedule.Game> g = Schedule.build(s);
        for (int i = 1; i < 4; i++) assertEquals(g.get(0).opening(), g.get(i).opening(), "game " + (i + 1));
        assertFalse(g.get(0).opening().equals(g.get(4).opening()));
    }

    @Test
    void srandTakesAnySixtyFourBitSeed() throws Exception {
        // fishtest passes sha1(run id) mod 2^64, which may exceed Long.MAX_VALUE.
        assertEquals(-1L, parse(TWO + "-srand 18446744073709551615", new ArrayList<>()).seed());
        assertEquals(5_000_000_000L, parse(TWO + "-srand 5000000000", new ArrayList<>()).seed());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> parse(TWO + "-srand 18446744073709551616", new ArrayList<>()));
        assertTrue(e.getMessage().startsWith("-srand: "), e.getMessage());
    }

    @Test
    void maxmovesZeroIsOff() throws Exception {
        assertEquals(0, parse(TWO + "-maxmoves 0", new ArrayList<>()).settings().adjudication().maxMoves());
        assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-maxmoves -1", new ArrayList<>()));
    }

    @Test
    void cmdIsLookedForInDir() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("engines"));
        Path exe = dir.resolve("my-engine");
        Files.writeString(exe, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        MatchSettings s = parse("-engine name=A cmd=my-engine dir=" + dir + " tc=10 -engine name=B cmd=builtin tc=10",
            new ArrayList<>()).settings();
        assertEquals(exe.toAbsolutePath().toString(), s.engines().get(0).command());
        assertEquals(dir, s.engines().get(0).workingDir());
    }

    @Test
    void epdCountersOfTheBookAreKept() throws Exception {
        Path book = tmp.resolve("clocks.epd");
        Files.writeString(book, "8/8/8/4k3/8/8/4P3/4K3 w - - 12 40\n8/8/8/4k3/8/8/4P3/4K3 b - - hmvc 7; fmvn 33;\n");
        MatchSettings s = parse(TWO + "-openings file=" + book + " order=sequential", new ArrayList<>()).settings();
        assertTrue(s.openings().next().fen().endsWith(" 12 40"));
        assertTrue(s.openings().next().fen().endsWith(" 7 33"));
    }
}
