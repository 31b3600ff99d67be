package org.rookery.workers.xboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.rules.Termination;
import org.rookery.core.tools.ExternalTools;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.MatchRunner;
import org.rookery.workers.match.MoveRecord;

/**
 * A real CECP-only engine, Fairy-Max (Debian's {@code fairymax}: no setboard, so Rookery sets the
 * book position in edit mode), against Stockfish over UCI: every game ends by the rules or
 * adjudication, never by a protocol fault, Fairy-Max's thinking is recorded, and the PGN replays.
 */
class RealCecpEngineTest {
    @TempDir Path tmp;

    @Test
    void stockfishAgainstFairyMax() throws Exception {
        Path sf = ExternalTools.locate("stockfish");
        Path fm = ExternalTools.locate("fairymax");
        Assumptions.assumeTrue(sf != null, ExternalTools.installHint("stockfish") + "; test skipped");
        Assumptions.assumeTrue(fm != null, "fairymax not found (apt-get install fairymax); test skipped");
        Path book = tmp.resolve("book.epd");
        // Black to move with castling rights on both sides, and a plain start: edit mode and the a2a3 trick get used.
        Files.writeString(book, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"
            + "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3\n");
        Path pgn = tmp.resolve("games.pgn");
        GauntletOptions.Parsed p = GauntletOptions.parse(List.of(
            "-engine", "name=Stockfish", "cmd=" + sf, "option.Skill Level=0", "option.Threads=1",
            "-engine", "name=Fairy-Max", "cmd=" + fm, "proto=xboard",
            "-each", "tc=2+0.05", "-rounds", "2", "-games", "2", "-maxmoves", "60",
            "-openings", "file=" + book, "format=epd", "-pgnout", pgn.toString(), "-log", tmp.resolve("logs").toString()), w -> { });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<GameRecord> games = new MatchRunner(p.settings(), p.run(), new PrintStream(out, true, StandardCharsets.UTF_8), null).run();
        assertEquals(4, games.size(), out.toString(StandardCharsets.UTF_8));
        Set<Termination> faults = Set.of(Termination.ILLEGAL_MOVE, Termination.DISCONNECT, Termination.STALL);
        int fairyMoves = 0, withDepth = 0;
        for (GameRecord g : games) {
            assertTrue(!faults.contains(g.termination()), g.reason() + "\n" + g.pgn());
            boolean fairyWhite = g.white().equals("Fairy-Max");
            for (int i = 0; i < g.moves().size(); i++) {
                MoveRecord m = g.moves().get(i);
                if (m.book()) continue;
                boolean whiteMove = g.startFen().contains(" w ") == (i % 2 == 0);
                if (whiteMove == fairyWhite) {
                    fairyMoves++;
                    if (m.depth() > 0 && m.nodes() > 0) withDepth++;
                }
            }
        }
        assertTrue(fairyMoves > 0 && withDepth * 10 >= fairyMoves * 9, withDepth + " of " + fairyMoves + " Fairy-Max moves carry its thinking");
        GameReplay replay = new GameReplay();
        int n = 0;
        try (PgnReader reader = new PgnReader(Files.newInputStream(pgn), "games.pgn", e -> { throw new AssertionError(e.toString()); })) {
            PgnGame g = new PgnGame();
            while (reader.next(g)) {
                assertTrue(replay.replay(g), replay.error());
                n++;
            }
        }
        assertEquals(4, n);
    }
}
