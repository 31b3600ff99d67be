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
        return new Adjudication(0, 0, false, 0, 0, 0, 0, tables, 0, ignore50);
    }

    @Test
    void winsDrawsAndTheFiftyMoveRule() throws Exception {
        try (TablebaseAdjudicator adj = TablebaseAdjudicator.open(tb(false));
             TablebaseAdjudicator ignore = TablebaseAdjudicator.open(tb(true))) {
            // KQK mate in 10 (19 plies) for White to move: a win with a fresh clock ...
            assertEquals(Outcome.win(0, Termination.ADJUDICATION), adj.adjudicate(Position.fromFen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1")));
            // ... a loss seen from Black's side ...
            assertEquals(Outcome.win(0, Termination.ADJUDICATION), adj.adjudicate(Position.fromFen("8/8/8/5k2/8/8/1Q6/K7 b - - 0 1")));
            // ... but with 95 plies already on the clock the mate comes too late: a cursed win, a draw.
            Position late = Position.fromFen("8/8/8/5k2/8/8/1Q6/K7 w - - 95 80");
            assertEquals(Outcome.draw(Termination.ADJUDICATION), adj.adjudicate(late));
            assertEquals(Outcome.win(0, Termination.ADJUDICATION), ignore.adjudicate(late), "-tbignore50");
            // Positions outside the tables are left to the engines.
            assertNull(adj.adjudicate(new Position()));
            assertNull(adj.adjudicate(Position.fromFen("8/8/8/5k2/8/8/1Q6/K6r w - - 0 1")));
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
