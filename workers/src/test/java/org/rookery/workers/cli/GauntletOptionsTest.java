package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.match.MatchSettings;
import org.rookery.stats.Sprt;

class GauntletOptionsTest {
    @TempDir Path tmp;

    static List<String> split(String s) {
        return new ArrayList<>(Arrays.asList(s.trim().split("\\s+")));
    }

    static MatchSettings parse(String s) throws Exception {
        return GauntletOptions.parse(split(s), w -> { }).settings();
    }

    @Test
    void theTournamentDefaultsToRoundRobinAsInBothPeers() throws Exception {
        // cutechess-cli.6: "round-robin  Round-robin tournament (default)"; fastchess man.md likewise.
        MatchSettings s = parse("-engine name=A cmd=builtin -engine name=B cmd=builtin -engine name=C cmd=builtin -each tc=40/60 -rounds 1 -games 2");
        assertEquals(MatchSettings.Tournament.ROUND_ROBIN, s.tournament());
        assertEquals(MatchSettings.Tournament.GAUNTLET,
            parse("-engine name=A cmd=builtin -engine name=B cmd=builtin -engine name=C cmd=builtin -each tc=40/60 -tournament gauntlet").tournament());
    }

    @Test
    void tbTakesStockfishsColonsAndCutechesssSemicolons() throws Exception {
        Path a = java.nio.file.Files.createDirectories(tmp.resolve("a")), b = java.nio.file.Files.createDirectories(tmp.resolve("b"));
        assertEquals(a + ";" + b, parse("-engine name=A cmd=builtin -engine name=B cmd=builtin -each tc=40/60 -tb " + a + ";" + b)
            .adjudication().tablebasePath());
        assertEquals(List.of(a, b, tmp), org.rookery.endgame.source.TableSources.directories(a + ";" + b + ":" + tmp));
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> parse("-engine name=A cmd=builtin -engine name=B cmd=builtin -each tc=40/60 -tb " + a + ";" + tmp.resolve("none")));
        assertTrue(e.getMessage().startsWith("-tb: " + tmp.resolve("none") + " is not a directory"), e.getMessage());
    }

    @Test
    void unnamedEnginesOfOneCommandAreNumberedWithOneWarning() throws Exception {
        // cutechess-cli.6's first example: one program twice, no name=. Rookery names them as fastchess's -quick does.
        List<String> warnings = new ArrayList<>();
        MatchSettings s = GauntletOptions.parse(split("-engine cmd=builtin -engine cmd=builtin -engine cmd=builtin name=C -each tc=40/60 -rounds 1"),
            warnings::add).settings();
        assertEquals(List.of("builtin1", "builtin2", "C"), s.engines().stream().map(e -> e.name()).toList());
        assertEquals(List.of("2 engines run builtin without name=; they play as builtin1, builtin2 (cutechess would call them all by the "
            + "engine's id name; give name= to choose)"), warnings);
        // Engines of distinct commands, or one named, keep their names and warn nothing.
        warnings.clear();
        s = GauntletOptions.parse(split("-engine cmd=builtin -engine cmd=builtin name=B -each tc=40/60"), warnings::add).settings();
        assertEquals(List.of("builtin", "B"), s.engines().stream().map(e -> e.name()).toList());
        assertEquals(List.of(), warnings);
        // A number that collides with a name given on the line is still the one-line error.
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> GauntletOptions.parse(
            split("-engine cmd=builtin -engine cmd=builtin -engine cmd=builtin name=builtin2 -each tc=40/60"), w -> { }));
        assertEquals("-engine: two engines are named \"builtin2\"; give each a distinct name=", e.getMessage());
    }

    @Test
    void cutechessStyleCommandLine() throws Exception {
        MatchSettings s = parse("-engine name=A cmd=builtin option.Hash=32 -engine name=B cmd=builtin depth=3 "
            + "-each tc=40/60+0.6 timemargin=50 -rounds 5 -games 2 -repeat -concurrency 2 -sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 "
            + "-resign movecount=3 score=600 twosided=true -draw movenumber=40 movecount=8 score=10 -maxmoves 200 -pgnout out.pgn min "
            + "-ratinginterval 4 -recover -event Test -site Here -scoring football -tournament round-robin -srand 7");
        assertEquals(2, s.engines().size());
        assertEquals("32", s.engines().get(0).options().get("Hash"));
        assertEquals(TimeControl.parse("40/60+0.6").withTimeMarginMillis(50), s.engines().get(0).timeControl());
        assertEquals(3, s.engines().get(1).depth());
        assertEquals(5, s.rounds());
        assertTrue(s.repeat());
        assertEquals(2, s.concurrency());
        assertEquals(Sprt.Model.NORMALIZED, s.sprt().model(), "no model=: fastchess's default, normalized (man.md)");
        assertEquals(Math.log(0.1 / 0.95), s.sprt().lowerBound(), 1e-12);
        assertEquals(3, s.adjudication().resignMoveCount());
        assertTrue(s.adjudication().resignTwoSided());
        assertEquals(8, s.adjudication().drawMoveCount());
        assertEquals(200, s.adjudication().maxMoves());
        assertTrue(s.pgnOutMinimal());
        assertTrue(s.recover());
        assertTrue(s.football());
        assertEquals(MatchSettings.Tournament.ROUND_ROBIN, s.tournament());
        assertEquals("Test", s.event());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "-engine name=A cmd=builtin tc=10|at least two -engine options",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -bogus 3|unknown option -bogus",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -rounds x|-rounds: expected a whole number",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -rounds 0|expected a positive whole number",
        "-engine name=A cmd=builtin tc=10 -engine name=A cmd=builtin tc=10|two engines are named \"A\"",
        "-engine name=A cmd=builtin -engine name=B cmd=builtin tc=10|no limit",
        "-engine name=A cmd=builtin tc=40/abc -engine name=B cmd=builtin tc=10|invalid time control \"40/abc\"",
        "-engine name=A cmd=/no/such/engine tc=10 -engine name=B cmd=builtin tc=10|is not an executable file",
        "-engine name=A cmd=builtin tc=10 colour=red -engine name=B cmd=builtin tc=10|unknown key colour=",
        "-engine name=A cmd=builtin tc=10 proto=telnet -engine name=B cmd=builtin tc=10|proto= must be uci or xboard",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -sprt elo0=0|elo1= is required",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -sprt elo0=0 elo1=5 model=bayes|model= must be",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -engine name=C cmd=builtin tc=10 -sprt elo0=0 elo1=5|exactly two engines",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -openings file=/no/such/book.epd|cannot read",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -resign movecount=3|score= is required",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -tournament swiss|expected gauntlet, round-robin, knockout or pyramid",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -rounds 2 -rounds 3|-rounds given twice",
        "stray -engine name=A cmd=builtin tc=10|before any option",
        "-engine name=A cmd=builtin tc=10 st=1 -engine name=B cmd=builtin tc=10|not both",
        "-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -pgnout a.pgn max|unknown flag",
    })
    void badOptionsGiveOneClearError(String args, String fragment) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(args));
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void openingsFromEpdSkipBadLinesWithAWarning() throws Exception {
        Path book = tmp.resolve("book.epd");
        Files.writeString(book, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\nnot a fen at all\n"
            + "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra\n");
        List<String> warnings = new ArrayList<>();
        var parsed = GauntletOptions.parse(split("-engine name=A cmd=builtin tc=10 -engine name=B cmd=builtin tc=10 -openings file="
            + book + " order=sequential"), warnings::add);
        assertEquals(3, parsed.settings().openings().size());
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("book.epd:2"), warnings.get(0));
        assertNotNull(parsed.settings().openings().next());
    }

    @Test
    void fixedMoveTimeGetsADefaultMargin() throws Exception {
        MatchSettings s = parse("-engine name=A cmd=builtin st=0.2 -engine name=B cmd=builtin st=0.2 timemargin=7");
        assertEquals(100_000_000L, s.engines().get(0).timeControl().timeMarginNanos());
        assertEquals(7_000_000L, s.engines().get(1).timeControl().timeMarginNanos());
    }

    @Test
    void argsSplitLikeAShell() {
        assertEquals(List.of("--level", "5", "two words"), GauntletOptions.splitArgs("--level 5 \"two words\""));
        assertThrows(IllegalArgumentException.class, () -> GauntletOptions.splitArgs("\"open"));
    }

    @Test
    void aScheduleBeyondTheGameLimitIsOneLineNotAnOutOfMemoryError() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> parse("-engine name=A cmd=builtin -engine name=B cmd=builtin -each tc=1+0.1 -rounds 10000000 -games 2"));
        assertEquals("-rounds 10000000: the match would have 20000000 games; at most 1000000 are allowed in one match", e.getMessage());
        assertEquals(1_000_000, org.rookery.workers.match.Schedule.size(
            parse("-engine name=A cmd=builtin -engine name=B cmd=builtin -each tc=1+0.1 -rounds 500000 -games 2")));
    }
}
