package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rookery.core.rules.Result;
import org.rookery.stats.Sprt;

/**
 * {@code -output format=fastchess|cutechess}: each prints the lines that tool prints, in the forms its
 * source writes them (fastchess {@code output_fastchess.hpp}, {@code sprt.cpp}; cutechess-cli's match
 * output), and the parsers of fishtest (worker/games.py) and OpenBench read them.
 */
class OutputFormatsTest {
    /** fastchess: the header of its results block, "Results of A vs B (TC, THREADS, HASH[, BOOK]):". */
    static final Pattern RESULTS_OF = Pattern.compile("^Results of (.+) vs (.+) \\(([^,]*), ([^,]*), ([^,]*)(?:, (.+))?\\):$");
    /** fastchess: "Elo: E +/- M, nElo: N +/- M", two decimals or nan/inf. */
    static final Pattern FC_ELO = Pattern.compile("^Elo: (-?[\\d.]+|-?nan|-?inf) \\+/- (-?[\\d.]+|-?nan|-?inf), "
        + "nElo: (-?[\\d.]+|-?nan|-?inf) \\+/- (-?[\\d.]+|-?nan|-?inf)$");
    /** fastchess (penta): "LOS: P %, DrawRatio: R %, PairsRatio: X". */
    static final Pattern FC_LOS_PENTA = Pattern.compile("^LOS: (-?[\\d.]+|-?nan) %, DrawRatio: ([\\d.]+|-?nan) %, PairsRatio: ([\\d.]+|-?nan|inf)$");
    /** fastchess (W/D/L): "LOS: P %, DrawRatio: R %". */
    static final Pattern FC_LOS_WDL = Pattern.compile("^LOS: (-?[\\d.]+|-?nan) %, DrawRatio: ([\\d.]+|-?nan) %$");
    /** fastchess: the pentanomial line with its WL/DD ratio. */
    static final Pattern FC_PTNML = Pattern.compile("^Ptnml\\(0-2\\): \\[(\\d+), (\\d+), (\\d+), (\\d+), (\\d+)\\], WL/DD Ratio: ([\\d.]+|-?nan|inf)$");
    /** fastchess: "LLR: x.xx (f.f%) (lower, upper) [elo0, elo1]". */
    static final Pattern FC_LLR = Pattern.compile("^LLR: (-?[\\d.]+) \\((-?[\\d.]+)%\\) \\((-?[\\d.]+), (-?[\\d.]+)\\) \\[(-?[\\d.]+), (-?[\\d.]+)\\]$");
    static final String DASHES = "-".repeat(50);
    /** cutechess-cli: the SPRT line, "SPRT: llr X (P%), lbound L, ubound U[ - H1 was accepted]". */
    static final Pattern CC_SPRT = Pattern.compile("^SPRT: llr (-?[\\d.]+|0) \\((-?[\\d.]+)%\\), lbound (-?[\\d.]+|-inf), ubound ([\\d.]+|inf)( - H[01] was accepted)?$");
    /** cutechess-cli's outcome block lines. */
    static final Pattern CC_PLAYER = Pattern.compile("^Player: (.+)$"), CC_OUTCOME = Pattern.compile("^   \"(.+)\": (\\d+)$");

    static RunOptions run(RunOptions.OutputFormat f, boolean penta, int scoreInterval, int outcomeInterval) {
        return new RunOptions(f, penta, scoreInterval, outcomeInterval, PgnOptions.DEFAULTS, null, false, 0, "UHO_4060_v2.epd");
    }

    static String play(MatchSettings s, RunOptions run, List<GameRecord> games, boolean sprtStop) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MatchReport r = new MatchReport(new PrintStream(bytes, true, StandardCharsets.UTF_8), s, run);
        for (GameRecord g : games) r.finished(g);
        r.finish(sprtStop);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Three pairs for New: WD (1.5), LW (1: WL), DD (1). */
    static List<GameRecord> threePairs() {
        List<GameRecord> g = new ArrayList<>(ParserFormatsTest.twoPairs());
        g.add(ParserFormatsTest.game(5, Result.DRAW, "Draw by 3-fold repetition"));
        g.add(ParserFormatsTest.game(6, Result.DRAW, "Draw by adjudication"));
        return g;
    }

    @Test
    void fastchessBlockHasEveryLineAndFishtestReadsEachOne() {
        Sprt sprt = new Sprt(0.05, 0.05, 0, 5, Sprt.Model.NORMALIZED);
        String out = play(ParserFormatsTest.settings(3, 1, sprt), run(RunOptions.OutputFormat.FASTCHESS, true, 1, 0), threePairs(), false);
        List<String> lines = out.lines().toList();
        assertFalse(out.contains("Score of "), "fastchess prints no Score of lines: " + out);
        // Every block: dashes, Results of, Elo, LOS, Games, Ptnml, LLR, dashes; fishtest's two patterns agree on it.
        int blocks = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher h = RESULTS_OF.matcher(lines.get(i));
            if (!h.matches()) continue;
            blocks++;
            assertEquals(DASHES, lines.get(i - 1), out);
            assertEquals(List.of("New", "Base", "10+0.1", "NULL", "NULL", "UHO_4060_v2.epd"),
                List.of(h.group(1), h.group(2), h.group(3), h.group(4), h.group(5), h.group(6)));
            assertTrue(FC_ELO.matcher(lines.get(i + 1)).matches(), lines.get(i + 1));
            assertTrue(FC_LOS_PENTA.matcher(lines.get(i + 2)).matches(), lines.get(i + 2));
            Matcher wld = ParserFormatsTest.FISHTEST_WLD.matcher(lines.get(i + 3));
            assertTrue(wld.find(), lines.get(i + 3));
            Matcher p = FC_PTNML.matcher(lines.get(i + 4));
            assertTrue(p.matches(), lines.get(i + 4));
            Matcher fp = ParserFormatsTest.PTNML.matcher(lines.get(i + 4));
            assertTrue(fp.find());
            int pairs = 0;
            for (int k = 1; k <= 5; k++) pairs += Integer.parseInt(fp.group(k));
            assertEquals(Integer.parseInt(wld.group(1)), 2 * pairs, "fishtest's games = 2 x pairs: " + out);
            assertTrue(FC_LLR.matcher(lines.get(i + 5)).matches(), lines.get(i + 5));
            assertEquals(DASHES, lines.get(i + 6), out);
        }
        // -ratinginterval 1 counts pairs under -report penta=true: one block per pair, the last one the final.
        assertEquals(3, blocks, out);
        // The final pentanomial: WD, WL, DD -> [0, 0, 2, 1, 0]; WL/DD = 1/1.
        assertTrue(out.contains("Ptnml(0-2): [0, 0, 2, 1, 0], WL/DD Ratio: 1.00"), out);
        assertTrue(out.contains("Games: 6, Wins: 2, Losses: 1, Draws: 3, Points: 3.5 (58.33 %)"), out);
        assertEquals(1, lines.stream().filter(l -> l.equals(ParserFormatsTest.FINISHED_MATCH)).count(), out);
        assertFalse(out.contains("NaN"), out);
    }

    @Test
    void fastchessLlrLineShowsItsFractionOfTheBound() {
        Sprt sprt = new Sprt(0.05, 0.05, 0, 5, Sprt.Model.LOGISTIC);
        String out = play(ParserFormatsTest.settings(3, 0, sprt), run(RunOptions.OutputFormat.FASTCHESS, true, 1, 0), threePairs(), false);
        Matcher m = null;
        for (String l : out.lines().toList()) {
            Matcher x = FC_LLR.matcher(l);
            if (x.matches()) m = x;
        }
        assertNotNull(m, out);
        double llr = Double.parseDouble(m.group(1));
        double expected = llr >= 0 ? llr / sprt.upperBound() : -llr / sprt.lowerBound();
        // The printed LLR is rounded to 0.005, which moves the fraction by up to 0.17 points.
        assertEquals(100 * expected, Double.parseDouble(m.group(2)), 0.2, out);
        assertEquals(List.of("-2.94", "2.94", "0.00", "5.00"), List.of(m.group(3), m.group(4), m.group(5), m.group(6)));
    }

    @Test
    void reportPentaFalsePrintsTheWdlBlock() {
        String out = play(ParserFormatsTest.settings(3, 0, null), run(RunOptions.OutputFormat.FASTCHESS, false, 1, 0), threePairs(), false);
        assertFalse(out.contains("Ptnml"), out);
        assertTrue(out.lines().anyMatch(l -> FC_LOS_WDL.matcher(l).matches()), out);
        assertFalse(out.contains("PairsRatio"), out);
    }

    @Test
    void cutechessFormatPrintsScoresAtItsIntervalAndTheOutcomeBlock() {
        String out = play(ParserFormatsTest.settings(3, 0, null), run(RunOptions.OutputFormat.CUTECHESS, true, 2, 0), threePairs(), false);
        List<String> lines = out.lines().toList();
        // -scoreinterval 2: after games 2, 4 and 6; the closing block repeats nothing already printed at 6... but
        // cutechess prints the closing Score line with its rating block, so game 6 shows it once more there.
        long scores = lines.stream().filter(l -> ParserFormatsTest.SCORE_OF.matcher(l).matches()).count();
        assertEquals(4, scores, out);
        assertEquals(1, lines.stream().filter(l -> ParserFormatsTest.ELO_DIFFERENCE.matcher(l).matches()).count(), out);
        assertTrue(lines.stream().anyMatch(l -> l.equals("SPRT: llr 0 (0.0%), lbound -inf, ubound inf")), out);
        assertFalse(out.contains("Games: "), "cutechess has no totals line: " + out);
        assertFalse(out.contains("Ptnml"), out);
        // The outcome block: New won game 1 as White ("White mates") and game 4 as Black ("Black mates").
        int player = lines.indexOf("Player: New");
        assertTrue(player > 0, out);
        List<String> outcomes = new ArrayList<>();
        for (int i = player + 1; i < lines.size() && CC_OUTCOME.matcher(lines.get(i)).matches(); i++) outcomes.add(lines.get(i));
        assertEquals(List.of("   \"Draw by 3-fold repetition\": 1", "   \"Draw by adjudication\": 2", "   \"Loss: Black mates\": 1",
            "   \"Win: Black mates\": 1", "   \"Win: White mates\": 1"), outcomes);
        assertEquals(ParserFormatsTest.FINISHED_MATCH, lines.get(lines.size() - 1));
        // OpenBench reads every game from its Finished game line in this format too.
        assertEquals(6, lines.stream().filter(l -> ParserFormatsTest.FINISHED_GAME.matcher(l).matches()).count(), out);
    }

    @Test
    void cutechessSprtLineUsesThreeSignificantDigits() {
        Sprt sprt = new Sprt(0.05, 0.05, -200, 0, Sprt.Model.LOGISTIC);
        String out = play(ParserFormatsTest.settings(3, 0, sprt), run(RunOptions.OutputFormat.CUTECHESS, true, 1, 0), threePairs(), false);
        Matcher m = null;
        for (String l : out.lines().toList()) {
            Matcher x = CC_SPRT.matcher(l);
            if (x.matches()) m = x;
        }
        assertNotNull(m, out);
        assertEquals("-2.94", m.group(3));
        assertEquals("2.94", m.group(4));
    }

    @Test
    void outcomeIntervalPrintsTheBlockDuringTheMatch() {
        String out = play(ParserFormatsTest.settings(3, 0, null), run(RunOptions.OutputFormat.CUTECHESS, true, 1, 2), threePairs(), false);
        // Every 2 games (3 times) and once at the end.
        assertEquals(4, out.lines().filter(l -> l.equals("Player: New")).count(), out);
    }

    @Test
    void notationsAndLongAlgebraic() {
        assertEquals("Ng1f3", PgnFormatter.lan("Nf3", "g1f3"));
        assertEquals("e5xd6", PgnFormatter.lan("exd6", "e5d6"));
        assertEquals("e7e8=Q+", PgnFormatter.lan("e8=Q+", "e7e8q"));
        assertEquals("O-O-O#", PgnFormatter.lan("O-O-O#", "e1c1"));
        assertEquals("00:01:05", PgnFormatter.duration(65_400));
    }
}
