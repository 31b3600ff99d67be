package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Position;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Termination;
import org.rookery.core.tools.ExternalTools;
import org.rookery.workers.uci.EngineConfig;

/** Real engines through real pipes: Stockfish (when installed) and Rookery's built-in engine. */
class RealEnginesTest {
    @TempDir Path tmp;

    static EngineConfig builtin(String name, int level, String tc) {
        return new EngineConfig(name, EngineConfig.BUILTIN, List.of("--level", String.valueOf(level)), null, Map.of(), Map.of(),
            TimeControl.parse(tc), 0, 0);
    }

    List<GameRecord> play(List<EngineConfig> engines, int games, int concurrency) throws Exception {
        MatchSettings s = new MatchSettings(engines, MatchSettings.Tournament.GAUNTLET, 1, games, true, false, false, concurrency,
            OpeningBook.startPosition(), Adjudication.NONE, null, tmp.resolve("games.pgn"), false, 0, false, "real", "here", false,
            tmp.resolve("logs"), 30_000);
        return new MatchRunner(s, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), null).run();
    }

    /** Every game's PGN replays legally and its result is what the rules say about its last position. */
    void checkPgnAgainstRules(List<GameRecord> games) throws Exception {
        GameReplay replay = new GameReplay();
        int n = 0;
        try (PgnReader r = new PgnReader(Files.newInputStream(tmp.resolve("games.pgn")), "games.pgn", e -> { throw new AssertionError(e.toString()); })) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                n++;
                assertTrue(replay.replay(g), replay.error());
                Position end = replay.position();
                Outcome rules = GameRules.automaticOutcome(end);
                if (rules == null) rules = GameRules.claimableDraw(end);
                String termination = g.tag("Termination");
                if (termination.equals("normal")) {
                    assertTrue(rules != null, "a normal ending must be a rules ending: " + end.toFen());
                    assertEquals(rules.result().pgn(), g.result());
                } else {
                    assertEquals(null, GameRules.automaticOutcome(end), "a forfeit cannot follow a finished game");
                }
            }
        }
        assertEquals(games.size(), n);
    }

    @Test
    void stockfishAgainstTheBuiltInEngine() throws Exception {
        Path sf = ExternalTools.locate("stockfish");
        Assumptions.assumeTrue(sf != null, ExternalTools.installHint("stockfish") + "; test skipped");
        EngineConfig stockfish = new EngineConfig("Stockfish", sf.toString(), List.of(), null, Map.of(),
            Map.of("Threads", "1", "Hash", "16", "Skill Level", "3"), TimeControl.parse("4+0.05").withTimeMarginMillis(100), 0, 0);
        List<GameRecord> games = play(List.of(builtin("Rookery", 20, "4+0.05"), stockfish), 2, 1);
        assertEquals(2, games.size());
        for (GameRecord g : games) {
            assertNotEquals(Termination.ILLEGAL_MOVE, g.termination(), g.reason());
            assertNotEquals(Termination.DISCONNECT, g.termination(), g.reason());
            assertTrue(g.plyCount() > 10, "a real game: " + g.plyCount() + " plies");
        }
        checkPgnAgainstRules(games);
    }

    /** N games at once on N cores: no time losses, and no engine process serves two games. */
    @Tag("slow")
    @Test
    void concurrentGamesWithoutTimeLosses() throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        List<GameRecord> games = play(List.of(builtin("A", 20, "10+0.1"), builtin("B", 20, "10+0.1")), 2 * cores, cores);
        assertEquals(2 * cores, games.size());
        for (GameRecord g : games) {
            assertNotEquals(Termination.TIME_FORFEIT, g.termination(), g.reason());
            assertNotEquals(Termination.STALL, g.termination(), g.reason());
        }
        checkPgnAgainstRules(games);
    }
}
