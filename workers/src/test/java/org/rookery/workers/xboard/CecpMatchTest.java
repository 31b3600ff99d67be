package org.rookery.workers.xboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.rules.Termination;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.MatchRunner;
import org.rookery.workers.match.MoveRecord;

/**
 * CECP engines in real matches, against the scripted {@code FakeCecpEngine} and the scripted UCI
 * {@code FakeEngine}: what is sent when (read back from the engine's transcript), the faults the
 * issue names (crash, stall, illegal move), the handshake's done=0, edit mode for setboard=0,
 * result claims with and without trust, reuse=0, and every PGN replayed by Rookery's reader.
 */
class CecpMatchTest {
    @TempDir Path tmp;

    static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** -engine keys of a scripted CECP engine writing its transcript to {@code transcript}. */
    static List<String> cecp(String name, String mode, Path transcript, String... more) {
        // tscale=5: a JVM engine on a loaded machine may take longer than xboard's 2 s to announce its features
        List<String> a = new ArrayList<>(List.of("-engine", "name=" + name, "cmd=" + java(), "proto=xboard", "tscale=5",
            "args=-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp " + System.getProperty("java.class.path")
                + " org.rookery.workers.testengines.FakeCecpEngine " + mode + " " + transcript));
        a.addAll(List.of(more));
        return a;
    }

    static List<String> uci(String name, String mode) {
        return List.of("-engine", "name=" + name, "cmd=" + java(),
            "args=-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp " + System.getProperty("java.class.path")
                + " org.rookery.workers.testengines.FakeEngine " + mode);
    }

    record Run(List<GameRecord> games, String output, Path pgn) {}

    /** The time control of the next {@link #run}. */
    String limit = "tc=10+0.1";

    Run run(List<String> engines, String... options) throws Exception {
        List<String> argv = new ArrayList<>(engines);
        Path pgn = tmp.resolve("games.pgn");
        argv.addAll(List.of("-each", limit, "-maxmoves", "30", "-pgnout", pgn.toString(), "-log", tmp.resolve("logs").toString()));
        argv.addAll(List.of(options));
        GauntletOptions.Parsed p = GauntletOptions.parse(argv, w -> { });
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<GameRecord> games = new MatchRunner(p.settings(), p.run(), new PrintStream(bytes, true, StandardCharsets.UTF_8), null).run();
        return new Run(games, bytes.toString(StandardCharsets.UTF_8), pgn);
    }

    /** Every game of the PGN replays in Rookery's reader to its recorded result. */
    static void replays(Run r) throws Exception {
        int n = 0;
        GameReplay replay = new GameReplay();
        try (PgnReader reader = new PgnReader(Files.newInputStream(r.pgn()), "games.pgn", e -> { throw new AssertionError(e.toString()); })) {
            PgnGame g = new PgnGame();
            while (reader.next(g)) {
                assertTrue(replay.replay(g), replay.error());
                assertEquals(g.tag("PlyCount"), String.valueOf(replay.plies()));
                n++;
            }
        }
        assertEquals(r.games().size(), n, "games in the PGN");
    }

    /** The PGN says what the record says: the result, cutechess's Termination tag and the reason (the last move's comment). */
    static void pgnSays(Run r, String result, String termination, String reason) throws Exception {
        String pgn = Files.readString(r.pgn());
        assertTrue(pgn.contains("[Result \"" + result + "\"]"), pgn);
        assertTrue(pgn.contains("[Termination \"" + termination + "\"]"), pgn);
        assertTrue(pgn.contains(reason + "}"), pgn);
        assertTrue(pgn.trim().endsWith(" " + result), pgn);
    }

    @AfterEach
    void noEngineProcessIsLeftBehind() throws Exception {
        for (int i = 0; i < 50 && ProcessHandle.current().children().anyMatch(ProcessHandle::isAlive); i++) Thread.sleep(100);
        assertEquals(List.of(), ProcessHandle.current().children().filter(ProcessHandle::isAlive)
            .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList());
    }

    @Test
    void aCecpEngineIsToldTheGameAsCutechessTellsItAndItsThinkingIsRecorded() throws Exception {
        Path t = tmp.resolve("x.txt");
        List<String> engines = new ArrayList<>(cecp("X", "random", t, "option.Hash=32", "initstr=hello\\nworld"));
        engines.addAll(uci("U", "random"));
        Run r = run(engines, "-rounds", "1", "-games", "2");
        assertEquals(2, r.games().size());
        for (GameRecord g : r.games()) {
            assertEquals(Termination.ADJUDICATION, g.termination(), g.reason()); // -maxmoves 30: nobody forfeits
            String x = g.white().equals("X") ? "white" : "black";
            for (int i = x.equals("white") ? 0 : 1; i < g.moves().size(); i += 2) {
                MoveRecord m = g.moves().get(i);
                assertEquals(5, m.depth());
                assertEquals(37, m.scoreCp());
                assertEquals(4321, m.nodes());
                assertEquals(120, m.engineTimeMs()); // 12 centiseconds
            }
        }
        replays(r);
        List<String> all = Files.readAllLines(t);
        List<String> lines = all.subList(all.indexOf("quit") + 1, all.size()); // after the check before the match
        assertEquals(List.of("xboard", "protover 2"), lines.subList(0, 2));
        assertTrue(lines.contains("accepted ping") && lines.contains("accepted usermove") && lines.contains("rejected bogus"), lines.toString());
        // initstr= after the handshake, then the options
        int hello = lines.indexOf("hello");
        assertTrue(hello > lines.indexOf("accepted myname") && lines.get(hello + 1).equals("world"), lines.toString());
        assertTrue(lines.indexOf("option Hash=32") > hello, lines.toString());
        int first = lines.indexOf("new");
        assertEquals(List.of("new", "force", "level 0 0:10 0.1", "post", "easy", "computer", "name U"), lines.subList(first, first + 7));
        assertTrue(lines.stream().anyMatch(l -> l.matches("time \\d+")) && lines.stream().anyMatch(l -> l.matches("otim \\d+")));
        assertTrue(lines.stream().anyMatch(l -> l.matches("usermove [a-h][1-8][a-h][1-8][qrbn]?")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("result 1/2-1/2 \\{Draw by adjudication: maximum number of moves reached}")),
            lines.toString());
        assertEquals("quit", lines.get(lines.size() - 1));
    }

    @Test
    void aCrashingCecpEngineLosesByDisconnection() throws Exception {
        List<String> engines = new ArrayList<>(cecp("X", "crash:3", tmp.resolve("x.txt")));
        engines.addAll(uci("U", "random"));
        Run r = run(engines, "-rounds", "1", "-games", "1");
        GameRecord g = r.games().get(0);
        assertEquals(Termination.DISCONNECT, g.termination());
        assertEquals("White disconnects", g.reason());
        replays(r);
        pgnSays(r, "0-1", "abandoned", "White disconnects");
    }

    @Test
    void aStallingCecpEngineLosesByStall() throws Exception {
        List<String> engines = new ArrayList<>(cecp("X", "hang:2", tmp.resolve("x.txt")));
        engines.addAll(uci("U", "random"));
        limit = "st=1";
        Run r = run(engines, "-rounds", "1", "-games", "1");
        GameRecord g = r.games().get(0);
        assertEquals(Termination.STALL, g.termination(), g.reason());
        assertEquals("White's connection stalls", g.reason());
        replays(r);
        pgnSays(r, "0-1", "time forfeit", "White's connection stalls");
    }

    @Test
    void aCecpEngineThatMovesIllegallyLoses() throws Exception {
        List<String> engines = new ArrayList<>(cecp("X", "illegal:2", tmp.resolve("x.txt")));
        engines.addAll(uci("U", "random"));
        Run r = run(engines, "-rounds", "1", "-games", "1");
        GameRecord g = r.games().get(0);
        assertEquals(Termination.ILLEGAL_MOVE, g.termination());
        assertEquals("White makes an illegal move: a1a1", g.reason());
        replays(r);
        pgnSays(r, "0-1", "illegal move", "White makes an illegal move: a1a1");
    }

    @Test
    void featureDoneZeroHoldsTheHandshakeUntilDoneOne() throws Exception {
        Path t = tmp.resolve("x.txt");
        List<String> engines = new ArrayList<>(cecp("X", "done0", t, "option.Hash=8"));
        engines.addAll(uci("U", "random"));
        Run r = run(engines, "-rounds", "1", "-games", "1");
        // Its features come 2.5 s after protover: past the 2 s a silent engine gets, so only done=0 kept the handshake open.
        assertEquals(Termination.ADJUDICATION, r.games().get(0).termination(), r.games().get(0).reason());
        assertTrue(Files.readAllLines(t).contains("option Hash=8"));
    }

    @Test
    void withoutSetboardThePositionIsSetInEditMode() throws Exception {
        Path book = tmp.resolve("book.epd");
        // Black to move, castling rights gone on one side: what edit mode must reproduce.
        Files.writeString(book, "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPP2PPP/R2QK2R b KQkq - 0 1\n");
        Path t = tmp.resolve("x.txt");
        List<String> engines = new ArrayList<>(cecp("X", "nosetboard", t));
        engines.addAll(uci("U", "random"));
        Run r = run(engines, "-rounds", "1", "-games", "2", "-openings", "file=" + book, "format=epd");
        for (GameRecord g : r.games()) assertEquals(Termination.ADJUDICATION, g.termination(), g.reason());
        List<String> lines = Files.readAllLines(t);
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("setboard")));
        int edit = lines.indexOf("edit");
        assertEquals("a2a3", lines.get(edit - 1)); // Black to move: the protocol's dummy move first
        assertEquals("#", lines.get(edit + 1));
        assertTrue(lines.contains("Ke1") && lines.contains("c") && lines.contains("Ke8") && lines.contains("."), lines.toString());
        replays(r);
    }

    @Test
    void anOptionTheEngineDidNotAnnounceIsRefusedBeforeTheFirstGame() {
        List<String> engines = new ArrayList<>(cecp("X", "random", tmp.resolve("x.txt"), "option.MoveOverhead=10"));
        engines.addAll(uci("U", "random"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(engines, "-rounds", "1", "-games", "1"));
        assertEquals("engine X has no option \"MoveOverhead\" (it announces: Hash, Style)", e.getMessage());
    }

    @Test
    void aUciOptionTheEngineDoesNotOfferIsRefusedToo() {
        List<String> engines = new ArrayList<>(uci("A", "random"));
        engines.addAll(List.of("option.MoveOverhead=10"));
        engines.addAll(uci("B", "random"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(engines, "-rounds", "1", "-games", "1"));
        assertEquals("engine A has no option \"MoveOverhead\" (it offers: Hash)", e.getMessage());
    }

    @Test
    void anUnfoundedWinClaimLosesUnlessTheEngineIsTrusted() throws Exception {
        List<String> engines = new ArrayList<>(cecp("X", "claim:3", tmp.resolve("x.txt")));
        engines.addAll(uci("U", "random"));
        GameRecord g = run(engines, "-rounds", "1", "-games", "1").games().get(0);
        assertEquals(Termination.ADJUDICATION, g.termination());
        assertEquals("0-1", g.result().pgn());
        assertEquals("Black wins by adjudication: White makes an invalid result claim", g.reason());

        List<String> trusted = new ArrayList<>(cecp("X", "claim:3", tmp.resolve("y.txt"), "trust"));
        trusted.addAll(uci("U", "random"));
        GameRecord t = run(trusted, "-rounds", "1", "-games", "1").games().get(0);
        assertEquals("1-0", t.result().pgn());
        assertEquals("White mates", t.reason());
    }

    @Test
    void resignIsAResignation() throws Exception {
        List<String> engines = new ArrayList<>(cecp("X", "resign:4", tmp.resolve("x.txt")));
        engines.addAll(uci("U", "random"));
        Run r = run(engines, "-rounds", "1", "-games", "1");
        GameRecord g = r.games().get(0);
        assertEquals(Termination.RESIGNATION, g.termination());
        assertEquals("White resigns", g.reason());
        replays(r);
    }

    @Test
    void reuseZeroAndRestartOnGiveEveryGameAFreshProcess() throws Exception {
        Path t = tmp.resolve("x.txt");
        List<String> engines = new ArrayList<>(cecp("X", "reuse0", t));
        engines.addAll(uci("U", "random"));
        run(engines, "-rounds", "1", "-games", "3");
        // one handshake before the match (MatchRunner checks every CECP engine), then one process per game
        assertEquals(1 + 3, Files.readAllLines(t).stream().filter(l -> l.equals("xboard")).count());

        Path t2 = tmp.resolve("y.txt");
        List<String> kept = new ArrayList<>(cecp("X", "reuse0", t2, "restart=off"));
        kept.addAll(uci("U", "random"));
        run(kept, "-rounds", "1", "-games", "3");
        assertEquals(1 + 1, Files.readAllLines(t2).stream().filter(l -> l.equals("xboard")).count());
    }

    @Test
    void sanEnginesGetAndGiveSan() throws Exception {
        Path t = tmp.resolve("x.txt");
        List<String> engines = new ArrayList<>(cecp("X", "san", t));
        engines.addAll(uci("U", "random"));
        Run r = run(engines, "-rounds", "1", "-games", "2");
        for (GameRecord g : r.games()) assertEquals(Termination.ADJUDICATION, g.termination(), g.reason());
        assertTrue(Files.readAllLines(t).stream().anyMatch(l -> l.matches("usermove [NBRQK]?[a-h]?[1-8]?x?[a-h][1-8].*")));
        replays(r);
    }
}
