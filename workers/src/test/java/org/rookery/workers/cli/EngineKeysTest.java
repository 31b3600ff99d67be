package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.MatchRunner;
import org.rookery.workers.match.MoveRecord;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.EngineSetup;

/**
 * The cutechess engine keys, each against what it must change (all of them were refused before):
 * conf= from engines.json, arg=, initstr=, stderr=, whitepov, trust, ponder, restart=, book=,
 * bookdepth=, tscale=.
 */
class EngineKeysTest {
    @TempDir Path tmp;

    @AfterEach
    void clearProperty() {
        System.clearProperty("rookery.enginesJson");
    }

    static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    static String fake(String mode) {
        return "args=-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp " + System.getProperty("java.class.path")
            + " org.rookery.workers.testengines.FakeEngine " + mode;
    }

    static EngineConfig first(List<String> argv) throws Exception {
        List<String> a = new ArrayList<>(argv);
        a.addAll(List.of("-engine", "name=Other", "cmd=builtin", "tc=10"));
        return GauntletOptions.parse(a, w -> { }).settings().engines().get(0);
    }

    /** A UCI engine in sh that logs what it reads to {@code log}, writes "oops" to stderr and answers go with e2e4 (ponder e7e5). */
    Path scriptEngine(Path log) throws Exception {
        Path s = tmp.resolve("engine.sh");
        Files.writeString(s, "#!/bin/sh\necho oops >&2\nwhile read l; do echo \"$l\" >> '" + log + "'; case $l in "
            + "uci) echo 'id name Script'; echo 'option name Ponder type check default false'; echo uciok;; "
            + "isready) echo readyok;; 'go '*) echo 'info depth 1 score cp 10'; echo 'bestmove e2e4 ponder e7e5';; quit) exit 0;; esac; done\n");
        s.toFile().setExecutable(true);
        return s;
    }

    @Test
    void confReadsCutechessEnginesJsonAndTheCommandLineWins() throws Exception {
        Path json = tmp.resolve("engines.json");
        Files.writeString(json, """
            [ { "name": "Sloppy", "command": "sh -c true", "workingDirectory": "%s", "protocol": "xboard",
                "stderrFile": "%s", "initStrings": ["a", "b"], "whitepov": true, "ponder": true, "restart": "on",
                "validateClaims": false, "options": [ { "name": "Hash", "value": 64 }, { "name": "Style", "default": "wild" } ] },
              { "name": "Other", "command": "x", "protocol": "uci" } ]
            """.formatted(tmp, tmp.resolve("err.txt")));
        System.setProperty("rookery.enginesJson", json.toString());
        EngineConfig c = first(List.of("-engine", "conf=Sloppy", "tc=40/60", "option.Hash=128"));
        assertEquals("Sloppy", c.name());
        assertTrue(c.command().endsWith("sh"));
        assertEquals(List.of("-c", "true"), c.args());
        assertEquals(tmp, c.workingDir());
        EngineSetup s = c.setup();
        assertEquals(EngineSetup.Protocol.XBOARD, s.protocol());
        assertEquals(List.of("a", "b"), s.initStrings());
        assertTrue(s.whitePov() && s.ponder() && s.trust());
        assertEquals(EngineSetup.Restart.ON, s.restart());
        assertEquals(tmp.resolve("err.txt"), s.stderrFile());
        assertEquals("128", c.options().get("Hash")); // the command line wins
        assertEquals("wild", c.options().get("Style"));
        assertEquals("-engine #1: conf=Nope: no engine of that name in " + json,
            assertThrows(IllegalArgumentException.class, () -> first(List.of("-engine", "conf=Nope", "tc=10"))).getMessage());
    }

    @Test
    void argPassesOneArgumentEachAndFlagsNeedNoValue() throws Exception {
        EngineConfig c = first(List.of("-engine", "name=A", "cmd=sh", "arg=-c", "arg=echo two words", "tc=10", "whitepov", "ponder",
            "initstr=one\\ntwo", "initstr=three", "restart=off", "tscale=2.5"));
        assertEquals(List.of("-c", "echo two words"), c.args());
        assertTrue(c.setup().whitePov() && c.setup().ponder());
        assertEquals(List.of("one", "two", "three"), c.setup().initStrings());
        assertEquals(EngineSetup.Restart.OFF, c.setup().restart());
        assertEquals(2500, c.setup().scaled(1000));
    }

    @Test
    void badKeysGiveOneLine() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> first(List.of("-engine", "name=A", "cmd=sh", "tc=10", "restart=sometimes")))
            .getMessage().contains("restart= must be auto, on or off"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> first(List.of("-engine", "name=A", "cmd=sh", "tc=10", "tscale=0")))
            .getMessage().contains("tscale= must be a positive number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> first(List.of("-engine", "name=A", "cmd=sh", "tc=10", "trust")))
            .getMessage().contains("trust applies to CECP"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> first(List.of("-engine", "name=A", "cmd=sh", "tc=10", "book=/no/such.bin")))
            .getMessage().contains("is not a file"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> first(List.of("-engine", "name=A", "cmd=sh", "tc=10", "bookdepth=3")))
            .getMessage().contains("bookdepth= needs book="));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> first(List.of("-engine", "name=A", "cmd=sh", "tc=10", "sideways")))
            .getMessage().contains("found \"sideways\""));
    }

    Run match(List<String> engines, String... more) throws Exception {
        List<String> a = new ArrayList<>(engines);
        a.addAll(List.of("-each", "tc=10+0.1", "-maxmoves", "12", "-log", tmp.resolve("logs").toString()));
        a.addAll(List.of(more));
        GauntletOptions.Parsed p = GauntletOptions.parse(a, w -> { });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<GameRecord> g = new MatchRunner(p.settings(), p.run(), new PrintStream(out, true, StandardCharsets.UTF_8), null).run();
        return new Run(g, out.toString(StandardCharsets.UTF_8));
    }

    record Run(List<GameRecord> games, String output) {}

    @Test
    void whitepovTurnsBlacksScoresToItsOwnView() throws Exception {
        Run r = match(List.of("-engine", "name=W", "cmd=" + java(), fake("score:50"), "whitepov",
            "-engine", "name=N", "cmd=" + java(), fake("score:50")), "-rounds", "1", "-games", "2");
        for (GameRecord g : r.games()) {
            for (int i = 0; i < g.moves().size(); i++) {
                MoveRecord m = g.moves().get(i);
                boolean byW = (i % 2 == 0) == g.white().equals("W");
                boolean wIsBlack = byW && i % 2 == 1;
                assertEquals(wIsBlack ? -50 : 50, m.scoreCp(), "move " + i + " of " + g.white() + "-" + g.black());
            }
        }
    }

    @Test
    void initstrStderrPonderAndRestartOnReachTheEngine() throws Exception {
        Path log = tmp.resolve("in.txt");
        Path engine = scriptEngine(log);
        Path err = tmp.resolve("engine.err");
        match(List.of("-engine", "name=S", "cmd=" + engine, "initstr=hello", "stderr=" + err, "ponder", "restart=on",
            "-engine", "name=F", "cmd=" + java(), fake("random")), "-rounds", "1", "-games", "2");
        List<String> in = Files.readAllLines(log);
        assertEquals("hello", in.get(1)); // right after uci and its uciok
        assertTrue(in.contains("setoption name Ponder value true"), in.toString());
        assertTrue(in.stream().anyMatch(l -> l.startsWith("go ponder ")), in.toString());
        assertTrue(in.stream().anyMatch(l -> l.matches("position fen .* moves e2e4 e7e5")), in.toString());
        assertEquals(2, in.stream().filter(l -> l.equals("uci")).count()); // restart=on: one process per game
        assertTrue(Files.readString(err).contains("oops"));
    }

    /** Polyglot keys from the format's own specification: the start, and after 1.e4. */
    static final long START_KEY = 0x463b96181691fc9cL, AFTER_E4_KEY = 0x823c9b50fd114196L;

    static Path book(Path file) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(32);
        b.putLong(START_KEY).putShort((short) (4 | 3 << 3 | (4 | 1 << 3) << 6)).putShort((short) 1).putInt(0); // e2e4
        b.putLong(AFTER_E4_KEY).putShort((short) (2 | 4 << 3 | (2 | 6 << 3) << 6)).putShort((short) 1).putInt(0); // c7c5
        Files.write(file, b.array());
        return file;
    }

    @Test
    void bookmodeDiskSaysTheEnginesBooksAreReadIntoMemory() throws Exception {
        Path bin = book(tmp.resolve("mode.bin"));
        Path epd = Files.writeString(tmp.resolve("mode.epd"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        List<String> warned = new ArrayList<>();
        GauntletOptions.parse(List.of("-engine", "name=A", "cmd=builtin", "tc=10", "book=" + bin, "-engine", "name=B", "cmd=builtin",
            "tc=10", "-openings", "file=" + epd, "-bookmode", "disk"), warned::add);
        assertEquals(List.of("-bookmode disk: the engines' Polyglot book= files are read into memory all the same; "
            + "-bookmode applies to the -openings book"), warned);
        warned.clear();
        GauntletOptions.parse(List.of("-engine", "name=A", "cmd=builtin", "tc=10", "-engine", "name=B", "cmd=builtin", "tc=10",
            "-openings", "file=" + epd, "-bookmode", "disk"), warned::add);
        assertEquals(List.of(), warned, "no engine book: nothing to say");
    }

    @Test
    void anEnginesBookMovesArePlayedForItUpToItsDepth() throws Exception {
        Path bin = book(tmp.resolve("book.bin"));
        Run r = match(List.of("-engine", "name=B", "cmd=" + java(), fake("random"), "book=" + bin, "bookdepth=1",
            "-engine", "name=F", "cmd=" + java(), fake("random"), "book=" + bin), "-rounds", "1", "-games", "2");
        for (GameRecord g : r.games()) {
            assertEquals("e2e4", g.moves().get(0).uci());
            assertTrue(g.moves().get(0).book());
            assertEquals("c7c5", g.moves().get(1).uci());
            assertTrue(g.moves().get(1).book());
            assertFalse(g.moves().get(2).book());
        }
        Files.write(tmp.resolve("bad.bin"), new byte[17]);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> first(List.of("-engine", "name=A", "cmd=sh", "tc=10",
            "book=" + tmp.resolve("bad.bin")))).getMessage().contains("not a Polyglot book"));
    }
}
