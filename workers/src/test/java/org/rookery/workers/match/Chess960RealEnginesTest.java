package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Position;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.rules.Termination;
import org.rookery.core.tools.ExternalTools;
import org.rookery.workers.cli.GauntletOptions;

/**
 * DFRC gauntlets between real engines through real pipes: Stockfish against itself and against the
 * built-in engine, tiny counts. Every PGN game carries the Variant tag and replays in Rookery's
 * reader, and Stockfish, given each game's moves as the engines exchanged them, reaches the same
 * final position (its {@code d} FEN) as Rookery's core.
 */
class Chess960RealEnginesTest {
    @TempDir Path tmp;

    Path stockfish() {
        Path sf = ExternalTools.locate("stockfish");
        Assumptions.assumeTrue(sf != null, ExternalTools.installHint("stockfish") + "; test skipped");
        return sf;
    }

    List<GameRecord> play(String engineA, String engineB) throws Exception {
        List<String> argv = new ArrayList<>();
        for (String e : new String[] {engineA, engineB}) {
            argv.add("-engine");
            argv.addAll(List.of(e.split("\\|")));
        }
        argv.addAll(List.of("-variant", "fischerandom", "-openings", "file=" + Chess960GauntletTest.dfrcBook(), "order=random",
            "-srand", "960", "-rounds", "1", "-games", "2", "-repeat", "-maxmoves", "40", "-pgnout", tmp.resolve("games.pgn").toString(),
            "-log", tmp.resolve("logs").toString()));
        GauntletOptions.Parsed p = GauntletOptions.parse(argv, w -> { });
        return new MatchRunner(p.settings(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), null).run();
    }

    void check(List<GameRecord> games, Path sf) throws Exception {
        assertEquals(2, games.size());
        for (GameRecord g : games) {
            assertNotEquals(Termination.ILLEGAL_MOVE, g.termination(), g.reason());
            assertNotEquals(Termination.DISCONNECT, g.termination(), g.reason());
            assertTrue(g.plyCount() > 10, "a real game: " + g.plyCount() + " plies");
            assertEquals(stockfishFen(sf, g), endFen(g), "Stockfish's board after the game's moves");
        }
        GameReplay replay = new GameReplay();
        int n = 0;
        try (PgnReader r = new PgnReader(Files.newInputStream(tmp.resolve("games.pgn")), "games.pgn", e -> { throw new AssertionError(e.toString()); })) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                assertEquals("Chess960", g.tag("Variant"));
                assertTrue(replay.replay(g), replay.error());
                assertEquals(endFen(games.get(n)).split(" ")[0], replay.position().toFen().split(" ")[0]);
                n++;
            }
        }
        assertEquals(2, n);
    }

    static String endFen(GameRecord g) {
        Position pos = Position.fromFen(g.startFen(), true);
        org.rookery.core.notation.Uci uci = new org.rookery.core.notation.Uci();
        for (MoveRecord m : g.moves()) pos.makeMove(uci.parse(pos, m.uci()));
        return pos.toFen();
    }

    /** Stockfish's FEN ({@code d}) after {@code position fen START moves …} under UCI_Chess960. */
    static String stockfishFen(Path sf, GameRecord g) throws Exception {
        Process p = new ProcessBuilder(sf.toString()).redirectErrorStream(true).start();
        try (Writer w = new java.io.OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
             BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            StringBuilder moves = new StringBuilder();
            for (MoveRecord m : g.moves()) moves.append(' ').append(m.uci());
            w.write("setoption name UCI_Chess960 value true\nposition fen " + g.startFen() + (moves.length() > 0 ? " moves" + moves : "")
                + "\nd\nquit\n");
            w.flush();
            String line;
            while ((line = r.readLine()) != null) if (line.startsWith("Fen: ")) return line.substring(5).trim();
        } finally {
            p.destroy();
        }
        throw new AssertionError("Stockfish printed no Fen line");
    }

    @Test
    void stockfishAgainstStockfish() throws Exception {
        Path sf = stockfish();
        String engine = "cmd=" + sf + "|nodes=4000|option.Threads=1|option.Hash=16";
        check(play("name=SF1|" + engine, "name=SF2|" + engine), sf);
    }

    /** About 20 s: four-second games of the built-in engine. */
    @Tag("slow")
    @Test
    void builtInAgainstStockfish() throws Exception {
        Path sf = stockfish();
        check(play("name=Rookery|cmd=builtin|args=--level 20|tc=4+0.05",
            "name=Stockfish|cmd=" + sf + "|tc=4+0.05|timemargin=100|option.Threads=1|option.Hash=16|option.Skill Level=3"), sf);
    }
}
