package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Position;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;

/** -tb adjudication against tables generated for the test (KQK and KRK take seconds). */
class TablebaseAdjudicatorTest {
    @TempDir static Path tables;

    @BeforeAll
    static void generate() throws Exception {
        new Generator(tables, 2, s -> { }).generate(List.of(Material.parse("KQvK"), Material.parse("KRvK")));
    }

    static Adjudication tb(boolean ignore50) {
        return rules(tables.toString(), 0, ignore50, Adjudication.TablebaseResults.BOTH);
    }

    static Adjudication rules(String path, int pieces, boolean ignore50, Adjudication.TablebaseResults which) {
        return new Adjudication(0, 0, false, 0, 0, 0, 0, path, pieces, ignore50, which);
    }

    /** The Syzygy fixtures of the endgame module's tests (standard rtbgen tables of KQvK, KRvK, KPvK, KNvK, KBvK). */
    static Path syzygy() {
        return Path.of("..", "endgame", "src", "test", "resources", "syzygy").toAbsolutePath().normalize();
    }

    private static Outcome outcome(TablebaseAdjudicator t, String fen, Adjudication rules) {
        TablebaseAdjudicator.Verdict v = t.adjudicate(Position.fromFen(fen), rules);
        return v == null ? null : v.outcome();
    }

    @Test
    void syzygyTablesAdjudicateWithCutechessWording(@TempDir Path tmp) throws Exception {
        Adjudication both = rules(syzygy().toString(), 0, false, Adjudication.TablebaseResults.BOTH);
        try (TablebaseAdjudicator t = TablebaseAdjudicator.open(both)) {
            assertEquals(3, t.maxPieces());
            TablebaseAdjudicator.Verdict v = t.adjudicate(Position.fromFen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1"), both);
            assertEquals(Outcome.win(0, Termination.ADJUDICATION), v.outcome());
            assertEquals("White wins by adjudication: SyzygyTB", v.reason());
            // Black to move takes the undefended queen: drawn
            TablebaseAdjudicator.Verdict d = t.adjudicate(Position.fromFen("8/8/8/8/8/8/1k6/1Q5K b - - 0 1"), both);
            assertEquals("Draw by adjudication: SyzygyTB", d.reason());
            // KRvK with 95 plies on the clock: the .rtbz says the mate comes too late (cursed), so a draw unless -tbignore50
            String late = "8/8/8/4k3/8/8/8/KR6 w - - 95 80";
            assertEquals(Outcome.draw(Termination.ADJUDICATION), outcome(t, late, both));
            assertEquals(Outcome.win(0, Termination.ADJUDICATION),
                outcome(t, late, rules(syzygy().toString(), 0, true, Adjudication.TablebaseResults.BOTH)));
            // -tbadjudicate: DRAW leaves wins to the engines, WIN_LOSS leaves draws
            Adjudication draws = rules(syzygy().toString(), 0, false, Adjudication.TablebaseResults.DRAW);
            Adjudication wins = rules(syzygy().toString(), 0, false, Adjudication.TablebaseResults.WIN_LOSS);
            assertNull(outcome(t, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", draws));
            assertEquals(Outcome.draw(Termination.ADJUDICATION), outcome(t, "8/8/8/8/8/8/1k6/1Q5K b - - 0 1", draws));
            assertNull(outcome(t, "8/8/8/8/8/8/1k6/1Q5K b - - 0 1", wins));
            assertEquals(Outcome.win(1, Termination.ADJUDICATION), outcome(t, "8/8/8/5K2/8/8/1q6/k7 b - - 0 1", wins));
            // -tbpieces 2 leaves three-piece positions alone; four pieces are beyond these tables
            assertNull(outcome(t, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", rules(syzygy().toString(), 2, false, Adjudication.TablebaseResults.BOTH)));
            assertNull(outcome(t, "8/8/8/5k2/8/8/1Q6/K6r w - - 0 1", both));
        }
        // Only the .rtbw is needed, as fastchess says: a fresh clock is decided by WDL alone
        java.nio.file.Files.copy(syzygy().resolve("KQvK.rtbw"), tmp.resolve("KQvK.rtbw"));
        Adjudication wdlOnly = rules(tmp.toString(), 0, false, Adjudication.TablebaseResults.BOTH);
        try (TablebaseAdjudicator t = TablebaseAdjudicator.open(wdlOnly)) {
            assertEquals(Outcome.win(0, Termination.ADJUDICATION), outcome(t, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", wdlOnly));
            // with a clock running, the DTZ is needed to know whether the win comes in time: left to the engines
            assertNull(outcome(t, "8/8/8/5k2/8/8/1Q6/K7 w - - 40 60", wdlOnly));
        }
    }

    @Test
    void winsDrawsAndTheFiftyMoveRule() throws Exception {
        try (TablebaseAdjudicator adj = TablebaseAdjudicator.open(tb(false));
             TablebaseAdjudicator ignore = TablebaseAdjudicator.open(tb(true))) {
            // KQK mate in 10 (19 plies) for White to move: a win with a fresh clock ...
            assertEquals(Outcome.win(0, Termination.ADJUDICATION), outcome(adj, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", tb(false)));
            // ... a loss seen from Black's side ...
            assertEquals(Outcome.win(0, Termination.ADJUDICATION), outcome(adj, "8/8/8/5k2/8/8/1Q6/K7 b - - 0 1", tb(false)));
            // ... but with 95 plies already on the clock the mate comes too late: a cursed win, a draw.
            String late = "8/8/8/5k2/8/8/1Q6/K7 w - - 95 80";
            assertEquals(Outcome.draw(Termination.ADJUDICATION), outcome(adj, late, tb(false)));
            assertEquals(Outcome.win(0, Termination.ADJUDICATION), outcome(ignore, late, tb(true)), "-tbignore50");
            // Positions outside the tables are left to the engines.
            assertNull(adj.adjudicate(new Position(), tb(false)));
            assertNull(outcome(adj, "8/8/8/5k2/8/8/1Q6/K6r w - - 0 1", tb(false)));
        }
    }

    @Test
    void aGauntletEndsAtTheFirstTablePosition() throws Exception {
        Opening kqk = new Opening("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", List.of(), "kqk");
        MatchSettings s = new MatchSettings(List.of(MatchRunnerTest.fake("A", "random", "5+0.05"), MatchRunnerTest.fake("B", "random", "5+0.05")),
            MatchSettings.Tournament.GAUNTLET, 1, 2, false, false, false, 1, new SingleOpening(kqk).book(), tb(false), null, null, false,
            0, false, "tb", "here", false, null, 3000);
        List<GameRecord> games = new MatchRunner(s, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), null).run();
        for (GameRecord g : games) {
            assertEquals(Termination.ADJUDICATION, g.termination());
            assertEquals(Result.WHITE_WINS, g.result());
            assertEquals(0, g.plyCount());
            // fastchess's and cutechess's wording ("White wins by adjudication: SyzygyTB"), naming Rookery's tables.
            assertEquals("White wins by adjudication: RookeryTB", g.reason());
        }
    }

    /** A one-opening book for the test. */
    record SingleOpening(Opening opening) {
        OpeningBook book() throws Exception {
            Path f = tables.resolve("one.epd");
            java.nio.file.Files.writeString(f, opening.fen() + "\n");
            return OpeningBook.load(f, "epd", false, 1, 1, 0, w -> { });
        }
    }
}
