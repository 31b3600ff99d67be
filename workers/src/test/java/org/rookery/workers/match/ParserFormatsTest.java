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
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.stats.Sprt;
import org.rookery.workers.uci.EngineConfig;

/**
 * The match output read by the parsers fishtest and OpenBench run on fastchess's and cutechess's
 * output. The patterns are restated from those tools' documented line formats (fishtest
 * worker/games.py, OpenBench Client/worker.py, the cutechess-cli and fastchess manuals), not
 * copied; each names what the tool does with the line.
 */
class ParserFormatsTest {
    /** fishtest: the totals line of fastchess's results block ("Games: N, Wins: W, ... Points: P ("). */
    static final Pattern FISHTEST_WLD = Pattern.compile(
        "Games: (\\d+), Wins: (\\d+), Losses: (\\d+), Draws: (\\d+), Points: (\\d+(?:\\.\\d+)?) \\(");
    /** fishtest (and cutechess-ob, fastchess -report penta=true): the five pair counts. */
    static final Pattern PTNML = Pattern.compile("Ptnml\\(0-2\\): \\[(\\d+), (\\d+), (\\d+), (\\d+), (\\d+)\\]");
    /** fishtest: the line that ends the match; it checks every game was reported before it. */
    static final String FINISHED_MATCH = "Finished match";
    /** OpenBench and fishtest: one line per game, "Finished game N (White vs Black): RESULT {reason}". */
    static final Pattern FINISHED_GAME = Pattern.compile("^Finished game (\\d+) \\((.+) vs (.+)\\): (1-0|0-1|1/2-1/2|\\*) \\{(.+)\\}$");
    /** cutechess: the running score, "Score of A vs B: W - L - D  [score] N". */
    static final Pattern SCORE_OF = Pattern.compile("^Score of (.+) vs (.+): (\\d+) - (\\d+) - (\\d+)  \\[(\\d\\.\\d{3})\\] (\\d+)$");
    /** cutechess: "Elo difference: E +/- M, LOS: P %, DrawRatio: R %", where a number may be nan or inf. */
    static final Pattern ELO_DIFFERENCE = Pattern.compile(
        "^Elo difference: (-?[\\d.]+|-?inf|nan) \\+/- ([\\d.]+|inf|nan), LOS: ([\\d.]+|nan) %, DrawRatio: ([\\d.]+) %$");

    static final EngineConfig A = engine("New"), B = engine("Base");

    static EngineConfig engine(String name) {
        return new EngineConfig(name, "builtin", List.of(), null, Map.of(), Map.of(), TimeControl.parse("10+0.1"), 0, 0);
    }

    static MatchSettings settings(int rounds, int ratingInterval, Sprt sprt) {
        return new MatchSettings(List.of(A, B), MatchSettings.Tournament.GAUNTLET, rounds, 2, true, false, false, 1,
            OpeningBook.startPosition(), Adjudication.NONE, sprt, null, false, ratingInterval, false, "test", "?", false, null, 1000);
    }

    /** Game {@code n} (1-based) of a pair schedule: odd games New has White, even games Base. */
    static GameRecord game(int n, Result result, String reason) {
        boolean newWhite = n % 2 == 1;
        Termination t = result == Result.DRAW ? Termination.ADJUDICATION : Termination.CHECKMATE;
        return new GameRecord(n, (n - 1) / 2, (n + 1) / 2, newWhite ? "New" : "Base", newWhite ? "Base" : "New",
            new Opening(Position.START_FEN, List.of(), "startpos"), Position.START_FEN, result, t, reason, List.of(), 0, 0,
            A.timeControl(), B.timeControl(), "");
    }

    static String play(MatchSettings s, List<GameRecord> games, boolean sprtStop) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MatchReport r = new MatchReport(new PrintStream(bytes, true, StandardCharsets.UTF_8), s);
        for (GameRecord g : games) r.finished(g);
        r.finish(sprtStop);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Two pairs: New wins, draws; then Base wins, New wins. */
    static List<GameRecord> twoPairs() {
        return List.of(game(1, Result.WHITE_WINS, "White mates"), game(2, Result.DRAW, "Draw by adjudication"),
            game(3, Result.BLACK_WINS, "Black mates"), game(4, Result.BLACK_WINS, "Black mates"));
    }

    @Test
    void fishtestReadsTheTotalsAndPentanomialAndSeesTheMatchFinish() {
        String out = play(settings(2, 1, null), twoPairs(), false);
        List<String> lines = out.lines().toList();
        // fishtest pairs the last totals line with the last pentanomial and checks games = 2 x pairs.
        Matcher wld = last(FISHTEST_WLD, lines), ptnml = last(PTNML, lines);
        assertNotNull(wld, out);
        assertNotNull(ptnml, out);
        int games = Integer.parseInt(wld.group(1));
        int pairs = 0;
        for (int i = 1; i <= 5; i++) pairs += Integer.parseInt(ptnml.group(i));
        assertEquals(4, games);
        assertEquals(games, 2 * pairs, out);
        // New: won game 1 (White), drew game 2, lost game 3 (White), won game 4 (Black).
        assertEquals(List.of("2", "1", "1", "2.5"), List.of(wld.group(2), wld.group(3), wld.group(4), wld.group(5)));
        // Pair 1 scored 1.5 for New (WD), pair 2 scored 1 (LW).
        assertEquals("[0, 0, 1, 1, 0]", "[" + ptnml.group(1) + ", " + ptnml.group(2) + ", " + ptnml.group(3) + ", "
            + ptnml.group(4) + ", " + ptnml.group(5) + "]");
        assertEquals(FINISHED_MATCH, lines.get(lines.size() - 1), out);
        assertEquals(1, lines.stream().filter(l -> l.contains(FINISHED_MATCH)).count(), out);
    }

    @Test
    void totalsAreNotPrintedBesideAPentanomialMissingAGame() {
        // After game 3 the second pair is open: a totals line there would break fishtest's games = 2 x pairs check.
        String out = play(settings(2, 1, null), twoPairs().subList(0, 3), false);
        List<String> lines = out.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = FISHTEST_WLD.matcher(lines.get(i));
            if (!m.find()) continue;
            Matcher p = PTNML.matcher(lines.get(i + 1));
            assertTrue(p.find(), "totals line without its pentanomial: " + out);
            int pairs = 0;
            for (int k = 1; k <= 5; k++) pairs += Integer.parseInt(p.group(k));
            assertEquals(Integer.parseInt(m.group(1)), 2 * pairs, out);
        }
    }

    @Test
    void openBenchCountsEveryGameFromItsFinishedLine() {
        List<GameRecord> games = twoPairs();
        String out = play(settings(2, 1, null), games, false);
        List<Matcher> finished = new ArrayList<>();
        for (String l : out.lines().toList()) {
            Matcher m = FINISHED_GAME.matcher(l);
            if (m.matches()) finished.add(m);
        }
        assertEquals(games.size(), finished.size(), out);
        for (int i = 0; i < games.size(); i++) {
            GameRecord g = games.get(i);
            Matcher m = finished.get(i);
            assertEquals(String.valueOf(g.gameNumber()), m.group(1));
            assertEquals(g.white(), m.group(2));
            assertEquals(g.black(), m.group(3));
            assertEquals(g.result().pgn(), m.group(4));
            assertEquals(g.reason(), m.group(5));
        }
    }

    @Test
    void cutechessClosingBlockIsPrintedOnceAndParses() {
        // ratinginterval 4: the fourth game prints the block, so the closing block must not repeat it.
        String out = play(settings(2, 4, null), twoPairs(), false);
        List<String> lines = out.lines().toList();
        long eloLines = lines.stream().filter(l -> ELO_DIFFERENCE.matcher(l).matches()).count();
        assertEquals(1, eloLines, out);
        Matcher score = last(SCORE_OF, lines);
        assertNotNull(score, out);
        assertEquals(List.of("New", "Base", "2", "1", "1", "0.625", "4"), List.of(score.group(1), score.group(2),
            score.group(3), score.group(4), score.group(5), score.group(6), score.group(7)));
        // With ratinginterval 0 the closing block is the only one, and it is there.
        String closing = play(settings(2, 0, null), twoPairs(), false);
        assertEquals(1, closing.lines().filter(l -> ELO_DIFFERENCE.matcher(l).matches()).count(), closing);
    }

    @Test
    void losWithoutDecisiveGamesIsNanAsCutechessPrintsIt() {
        List<GameRecord> draws = List.of(game(1, Result.DRAW, "Draw by adjudication"), game(2, Result.DRAW, "Draw by adjudication"));
        String out = play(settings(1, 1, null), draws, false);
        assertFalse(out.contains("NaN"), out);
        assertTrue(out.lines().anyMatch(l -> ELO_DIFFERENCE.matcher(l).matches() && l.contains("LOS: nan %")), out);
    }

    @Test
    void sprtSaysStoppedEarlyOnlyWhenGamesWereLeft() {
        Sprt sprt = new Sprt(0.05, 0.05, -200, 0, Sprt.Model.LOGISTIC);
        // New scores 2 and 1.5 in alternate pairs (about +300 Elo): H1 is accepted well before game 40.
        List<GameRecord> games = new ArrayList<>();
        for (int n = 1; n <= 40; n++) {
            boolean drawn = n % 4 == 0;
            games.add(game(n, drawn ? Result.DRAW : n % 2 == 1 ? Result.WHITE_WINS : Result.BLACK_WINS, drawn ? "Draw" : "mates"));
        }
        // All 40 scheduled games were played (the runner lets games in flight finish).
        String all = play(settings(20, 0, sprt), games, true);
        assertTrue(all.contains("SPRT: H1 was accepted after "), all);
        assertFalse(all.contains("stopped early"), all);
        assertTrue(all.contains("all 40 games were played"), all);
        // The same games out of a 60-game schedule: the match did stop early.
        String early = play(settings(30, 0, sprt), games, true);
        assertTrue(early.contains("the match stopped early with 40 games played"), early);
    }

    private static Matcher last(Pattern p, List<String> lines) {
        Matcher found = null;
        for (String l : lines) {
            Matcher m = p.matcher(l);
            if (m.find()) found = m;
        }
        return found;
    }
}
