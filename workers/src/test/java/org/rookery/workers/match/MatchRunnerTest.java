package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.stats.Sprt;
import org.rookery.workers.uci.EngineConfig;

/** The runner against fault-injecting fake engines: every game gets a reason, nothing is left running. */
class MatchRunnerTest {
    @TempDir Path tmp;

    static EngineConfig fake(String name, String mode, String tc) {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new EngineConfig(name, java, List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
            System.getProperty("java.class.path"), "org.rookery.workers.testengines.FakeEngine", mode),
            null, Map.of(), Map.of(), TimeControl.parse(tc), 0, 0);
    }

    MatchSettings settings(List<EngineConfig> engines, int rounds, int games, boolean repeat, int concurrency,
                           boolean recover, Sprt sprt, Adjudication adj) {
        return new MatchSettings(engines, MatchSettings.Tournament.GAUNTLET, rounds, games, repeat, false, false, concurrency,
            OpeningBook.startPosition(), adj, sprt, tmp.resolve("games.pgn"), false, 2, recover, "test", "here", false,
            tmp.resolve("logs"), 3_000);
    }

    record Run(List<GameRecord> games, String output) {}

    Run run(MatchSettings s) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        List<GameRecord> games = new MatchRunner(s, out, null).run();
        return new Run(games, bytes.toString(StandardCharsets.UTF_8));
    }

    @AfterEach
    void noEngineProcessIsLeftBehind() throws Exception {
        // Give the OS a moment to reap, then demand no child processes at all.
        for (int i = 0; i < 50 && ProcessHandle.current().children().anyMatch(ProcessHandle::isAlive); i++) Thread.sleep(100);
        assertEquals(List.of(), ProcessHandle.current().children().filter(ProcessHandle::isAlive)
            .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList());
    }

    @Test
    void randomEnginesPlayCompleteGamesWithLegalPgn() throws Exception {
        Run r = run(settings(List.of(fake("A", "random", "10+0.1"), fake("B", "random", "10+0.1")), 2, 2, true, 2, false, null,
            Adjudication.NONE));
        assertEquals(4, r.games().size());
        for (GameRecord g : r.games()) {
            assertNotNull(g.reason());
            assertTrue(g.result() != Result.UNDECIDED);
            assertTrue(g.plyCount() > 0);
        }
        assertTrue(r.output().contains("Score of A vs B: "), r.output());
        assertTrue(r.output().contains("Ptnml(0-2): "), r.output());
        // The PGN the runner wrote replays legally through the core, with the same results.
        List<String> results = new ArrayList<>();
        GameReplay replay = new GameReplay();
        try (PgnReader reader = new PgnReader(Files.newInputStream(tmp.resolve("games.pgn")), "games.pgn", e -> { throw new AssertionError(e.toString()); })) {
            PgnGame g = new PgnGame();
            while (reader.next(g)) {
                assertTrue(replay.replay(g), replay.error());
                assertEquals(g.tag("PlyCount"), String.valueOf(replay.plies()));
                assertNotNull(g.tag("TimeControl"));
                assertNotNull(g.tag("Termination"));
                results.add(g.result());
            }
        }
        assertEquals(4, results.size());

        // pgn-extract, an independent reader, must accept the file without a single complaint.
        Path tool = org.rookery.core.tools.ExternalTools.locate("pgn-extract");
        if (tool == null) {
            System.out.println("pgn-extract check skipped: " + org.rookery.core.tools.ExternalTools.installHint("pgn-extract"));
        } else {
            Path log = tmp.resolve("pgn-extract.log");
            Process p = new ProcessBuilder(tool.toString(), "-s", "-l", log.toString(), "-o", tmp.resolve("check.pgn").toString(),
                tmp.resolve("games.pgn").toString()).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            assertEquals(0, p.waitFor());
            assertEquals("", Files.exists(log) ? Files.readString(log).strip() : "", "pgn-extract complained");
            assertEquals(4, Files.readAllLines(tmp.resolve("check.pgn")).stream().filter(l -> l.startsWith("[Event ")).count());
        }
    }

    @Test
    void everyKindOfFailureCostsOnlyThatGame() throws Exception {
        List<EngineConfig> engines = List.of(fake("Good", "random", "5+0.05"),
            fake("Crasher", "crash:3", "5+0.05"),
            fake("Hanger", "hang:2", "1+0.01"),
            fake("Illegal", "illegal:2", "5+0.05"),
            fake("Garbage", "garbage:2", "5+0.05"),
            fake("SlowStart", "slowstart:1500", "5+0.05"),
            fake("Noisy", "noisy", "5+0.05"));
        Run r = run(settings(engines, 1, 2, false, 2, true, null, Adjudication.NONE));
        assertEquals(12, r.games().size());
        for (GameRecord g : r.games()) {
            String bad = g.white().equals("Good") ? g.black() : g.white();
            boolean goodWon = g.scoreOf("Good") == 1;
            switch (bad) {
                case "Crasher" -> { assertEquals(Termination.DISCONNECT, g.termination(), g.reason()); assertTrue(goodWon); }
                case "Hanger" -> assertTrue(g.termination() == Termination.STALL || g.termination() == Termination.TIME_FORFEIT
                    || g.termination() == Termination.TIMEOUT_VS_INSUFFICIENT_MATERIAL, g.reason());
                case "Illegal", "Garbage" -> {
                    assertEquals(Termination.ILLEGAL_MOVE, g.termination(), g.reason());
                    assertTrue(goodWon);
                }
                case "SlowStart", "Noisy" -> assertFalse(g.termination() == Termination.DISCONNECT
                    || g.termination() == Termination.ILLEGAL_MOVE || g.termination() == Termination.STALL, g.reason());
                default -> throw new AssertionError(bad);
            }
        }
    }

    @Test
    void withRecoverACrashedEngineIsRestarted() throws Exception {
        Run r = run(settings(List.of(fake("Good", "random", "5+0.05"), fake("Crasher", "crash:3", "5+0.05")), 2, 1, false, 1,
            true, null, Adjudication.NONE));
        assertTrue(r.output().contains("Restarting Crasher"), r.output());
        for (GameRecord g : r.games()) {
            assertEquals(Termination.DISCONNECT, g.termination());
            assertTrue(g.plyCount() >= 4, "the restarted engine played its first moves again");
        }
    }

    @Test
    void withoutRecoverACrashedEngineForfeitsTheRest() throws Exception {
        Run r = run(settings(List.of(fake("Good", "random", "5+0.05"), fake("Crasher", "crash:1", "5+0.05")), 3, 1, false, 1,
            false, null, Adjudication.NONE));
        assertEquals(3, r.games().size());
        for (GameRecord g : r.games()) {
            assertEquals(Termination.DISCONNECT, g.termination());
            assertEquals(1.0, g.scoreOf("Good"));
        }
    }

    @Test
    void slowEngineLosesOnTime() throws Exception {
        Run r = run(settings(List.of(fake("Fast", "random", "10+0.1"), fake("Slow", "slow:300", "0.5+0")), 1, 1, false, 1,
            false, null, Adjudication.NONE));
        GameRecord g = r.games().get(0);
        assertTrue(g.termination() == Termination.TIME_FORFEIT || g.termination() == Termination.TIMEOUT_VS_INSUFFICIENT_MATERIAL
            || g.termination() == Termination.STALL, g.termination() + " " + g.reason());
        // fastchess's and cutechess's wording, which OpenBench counts time losses by.
        if (g.termination() == Termination.TIME_FORFEIT) assertEquals("Black loses on time", g.reason());
        assertTrue(g.scoreOf("Slow") < 1);
    }

    @Test
    void sprtStopsTheMatchOnceDecided() throws Exception {
        Sprt sprt = new Sprt(0.05, 0.05, 0, 10, Sprt.Model.LOGISTIC);
        Run r = run(settings(List.of(fake("Good", "random", "5+0.05"), fake("Bad", "illegal:1", "5+0.05")), 200, 2, true, 2,
            true, sprt, Adjudication.NONE));
        assertTrue(r.games().size() < 400, "stopped after " + r.games().size() + " games");
        assertTrue(r.output().contains("H1 was accepted"), r.output());
    }

    @Test
    void gamesInFlightAtAnSprtStopCountInTheTotalsAndThePgn() throws Exception {
        // Three slots: when one decides, the other two are mid-game; those games finish and count.
        Sprt sprt = new Sprt(0.05, 0.05, 0, 10, Sprt.Model.LOGISTIC);
        MatchSettings s = settings(List.of(fake("Good", "slow:5", "5+0.05"), fake("Bad", "illegal:2", "5+0.05")), 200, 2, true, 3,
            true, sprt, Adjudication.NONE);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MatchRunner runner = new MatchRunner(s, new PrintStream(bytes, true, StandardCharsets.UTF_8), null);
        List<GameRecord> games = runner.run();
        String out = bytes.toString(StandardCharsets.UTF_8);
        int decidedAfter = runner.report().decidedAfter();
        assertEquals(Sprt.Decision.ACCEPT_H1, runner.report().decision(), out);
        assertTrue(decidedAfter > 0 && decidedAfter <= games.size(), decidedAfter + " of " + games.size());
        assertTrue(games.size() < 400, "stopped after " + games.size() + " games");
        assertEquals(games.size(), runner.report().finishedGames());
        assertTrue(out.contains("SPRT: H1 was accepted after " + decidedAfter + " games; the match stopped early with "
            + games.size() + " games played"), out);
        // The closing score line and the standings count every game, in flight at the stop or not.
        assertTrue(out.contains("Score of Good vs Bad: ") && out.lines().anyMatch(l -> l.startsWith("Score of Good vs Bad: ")
            && l.endsWith("] " + games.size())), out);
        int pgnGames = 0;
        try (PgnReader reader = new PgnReader(Files.newInputStream(tmp.resolve("games.pgn")), "games.pgn", e -> { throw new AssertionError(e.toString()); })) {
            PgnGame g = new PgnGame();
            while (reader.next(g)) pgnGames++;
        }
        assertEquals(games.size(), pgnGames, "the PGN holds every recorded game");
    }

    @Test
    void drawAdjudicationCountsOnlyMovesSinceTheLastCaptureOrPawnMove() throws Exception {
        // Both engines always report 0 cp: -draw movenumber=0 movecount=3 score=10 needs six quiet plies in a row,
        // and a capture or pawn move starts the count again (fastchess and cutechess), so the final position's
        // half-move clock is at least six. Counting across pawn moves ended the game at ply six from the start.
        Adjudication adj = new Adjudication(0, 0, false, 0, 3, 10, 0);
        Run r = run(settings(List.of(fake("A", "random", "5+0.05"), fake("B", "random", "5+0.05")), 1, 2, false, 1,
            false, null, adj));
        for (GameRecord g : r.games()) {
            if (g.termination() != Termination.ADJUDICATION) continue;
            assertEquals("Draw by adjudication", g.reason());
            org.rookery.core.board.Position pos = org.rookery.core.board.Position.fromFen(g.startFen());
            org.rookery.core.notation.Uci uci = new org.rookery.core.notation.Uci();
            for (MoveRecord m : g.moves()) pos.makeMove(uci.parse(pos, m.uci()));
            assertTrue(pos.halfmoveClock() >= 6, "adjudicated with half-move clock " + pos.halfmoveClock() + " after "
                + g.plyCount() + " plies");
        }
        assertTrue(r.games().stream().anyMatch(g -> g.termination() == Termination.ADJUDICATION), r.output());
    }

    @Test
    void resignAdjudication() throws Exception {
        Adjudication adj = new Adjudication(3, 500, false, 0, 0, 0, 0);
        Run r = run(settings(List.of(fake("Winner", "score:900", "5+0.05"), fake("Loser", "score:-900", "5+0.05")), 1, 2, false, 1,
            false, null, adj));
        for (GameRecord g : r.games()) {
            assertEquals(Termination.ADJUDICATION, g.termination(), g.reason());
            assertEquals(1.0, g.scoreOf("Winner"));
        }
    }

    @Test
    void drawAdjudicationAndMaxMoves() throws Exception {
        Adjudication draw = new Adjudication(0, 0, false, 5, 4, 10, 0);
        Run r = run(settings(List.of(fake("A", "score:0", "5+0.05"), fake("B", "score:3", "5+0.05")), 1, 1, false, 1, false, null, draw));
        assertEquals(Termination.ADJUDICATION, r.games().get(0).termination());
        assertEquals(Result.DRAW, r.games().get(0).result());
        Adjudication max = new Adjudication(0, 0, false, 0, 0, 0, 10);
        Run m = run(settings(List.of(fake("A", "score:0", "5+0.05"), fake("B", "score:3", "5+0.05")), 1, 1, false, 1, false, null, max));
        GameRecord g = m.games().get(0);
        assertTrue(g.plyCount() <= 20, "at most 10 moves each: " + g.plyCount());
    }
}
