package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.core.tools.ExternalTools;
import org.rookery.workers.cli.GauntletOptions;

/**
 * A gauntlet of Stockfish against itself from KQvK/KRvK positions, with fastchess's command line
 * {@code -tb <Syzygy fixtures> -tbpieces 3}: every game ends by the tables' verdict with cutechess's
 * wording, and {@code -tbadjudicate DRAW} ends only the drawn ones.
 */
class SyzygyGauntletTest {
    /** White must take the checking queen (Kxa2 or Qxa2): KQvK, won. */
    static final String QUEEN_TAKEN = "4k3/8/8/8/8/8/q7/KQ6 w - - 0 1";
    /** White must take the checking rook (Kxa2): KRvK, won. */
    static final String ROOK_TAKEN = "4k3/8/8/8/8/8/r7/KR6 w - - 0 1";
    /** KPvK with the rook pawn and the defender in the corner: drawn at once. */
    static final String CORNER = "k7/8/8/8/8/8/P7/K7 w - - 0 1";

    @TempDir Path tmp;

    private List<GameRecord> gauntlet(String... extra) throws Exception {
        Path sf = ExternalTools.locate("stockfish");
        Assumptions.assumeTrue(sf != null, ExternalTools.installHint("stockfish") + "; test skipped");
        Path book = tmp.resolve("tb.epd");
        Files.writeString(book, QUEEN_TAKEN.replace(" 0 1", "") + "\n" + ROOK_TAKEN.replace(" 0 1", "") + "\n" + CORNER.replace(" 0 1", "") + "\n");
        List<String> argv = new ArrayList<>(List.of(
            "-engine", "name=SF1", "cmd=" + sf, "option.Threads=1", "option.Hash=16",
            "-engine", "name=SF2", "cmd=" + sf, "option.Threads=1", "option.Hash=16",
            "-each", "tc=2+0.05", "-rounds", "3", "-games", "2", "-repeat",
            "-openings", "file=" + book, "format=epd", "order=sequential",
            "-tb", TablebaseAdjudicatorTest.syzygy().toString(), "-tbpieces", "3",
            "-pgnout", tmp.resolve("games.pgn").toString(), "-log", tmp.resolve("logs").toString(), "-srand", "1"));
        argv.addAll(List.of(extra));
        GauntletOptions.Parsed p = GauntletOptions.parse(argv, w -> { });
        return new MatchRunner(p.settings(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), null).run();
    }

    @Test
    void everyGameEndsByTheSyzygyVerdict() throws Exception {
        List<GameRecord> games = gauntlet();
        assertEquals(6, games.size());
        String pgn = Files.readString(tmp.resolve("games.pgn"));
        for (GameRecord g : games) {
            assertEquals(Termination.ADJUDICATION, g.termination(), g.reason());
            if (g.opening().fen().startsWith("k7/")) {
                assertEquals(Result.DRAW, g.result());
                assertEquals("Draw by adjudication: SyzygyTB", g.reason());
                assertEquals(0, g.plyCount(), "decided before any move");
            } else {
                assertEquals(Result.WHITE_WINS, g.result(), g.reason());
                assertEquals("White wins by adjudication: SyzygyTB", g.reason());
                assertEquals(1, g.plyCount(), "four pieces are beyond -tbpieces 3; the forced capture leaves three");
            }
        }
        assertTrue(pgn.contains("[Termination \"adjudication\"]"), pgn);
        String flat = pgn.replaceAll("\\s+", " ");
        assertTrue(flat.contains(", White wins by adjudication: SyzygyTB} 1-0"), pgn);
        assertTrue(flat.contains("{Draw by adjudication: SyzygyTB} 1/2-1/2"), pgn);
    }

    @Test
    void tbadjudicateDrawLeavesWinsToTheEngines() throws Exception {
        // -tbignore50: a slow mate would otherwise turn the win cursed on the clock, which DRAW adjudicates (seen once)
        List<GameRecord> games = gauntlet("-tbadjudicate", "DRAW", "-tbignore50");
        for (GameRecord g : games) {
            if (g.opening().fen().startsWith("k7/")) {
                assertEquals("Draw by adjudication: SyzygyTB", g.reason());
            } else {
                // played out: Stockfish mates (or a rule ends it), never the tables
                assertTrue(g.plyCount() > 1, g.pgn());
                assertTrue(!g.reason().contains("SyzygyTB"), g.reason());
                assertEquals(Result.WHITE_WINS, g.result(), g.reason());
            }
        }
    }
}
