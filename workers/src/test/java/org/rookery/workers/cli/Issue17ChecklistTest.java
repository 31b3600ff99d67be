package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.stats.Sprt;
import org.rookery.workers.match.Adjudication;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.MatchReport;
import org.rookery.workers.match.MatchRunner;
import org.rookery.workers.match.MatchSettings;
import org.rookery.workers.match.OpeningBook;
import org.rookery.workers.match.RunOptions;
import org.rookery.workers.match.Schedule;
import org.rookery.workers.match.TablebaseAdjudicator;
import org.rookery.workers.uci.EngineConfig;

/**
 * Every item of issue #17's lists ("Refused", "Silently ignored", "Rules that differ from both
 * peers", "Output that breaks parsers"), each asserting what Rookery does now. Items of the engine
 * side (engine keys, CECP) are another branch's work: for them the item asserts only what the issue
 * asks of every option, accepted or refused in one line that names it.
 */
class Issue17ChecklistTest {
    static final String TWO = DropInRulesTest.TWO;

    @TempDir static Path tmp;

    /** One item: its list, its text as the issue words it, and the check. */
    interface Check {
        void run() throws Exception;
    }

    static Arguments item(String list, String text, Check check) {
        return Arguments.of(list + ": " + text, check);
    }

    static GauntletOptions.Parsed parse(String s) throws Exception {
        return parse(s, new ArrayList<>());
    }

    static GauntletOptions.Parsed parse(List<String> argv) throws Exception {
        return GauntletOptions.parse(new ArrayList<>(argv), w -> { });
    }

    static GauntletOptions.Parsed parse(String s, List<String> warnings) throws Exception {
        return GauntletOptions.parse(GauntletOptionsTest.split(s), warnings::add);
    }

    /** Accepted, or refused with one line naming {@code key}: what the issue asks of every option. */
    static void acceptedOrOneLine(String line, String key) throws Exception {
        try {
            parse(line);
        } catch (IllegalArgumentException e) {
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertTrue(e.getMessage().contains(key), "the error names " + key + ": " + e.getMessage());
        }
    }

    static Path book() throws Exception {
        Path b = tmp.resolve("two.epd");
        if (!Files.exists(b)) {
            Files.writeString(b, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                + "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 5 20\n");
        }
        return b;
    }

    static GameRecord game(int n, int pair, String white, String black, Result r) {
        return new GameRecord(n, pair, 1, white, black, OpeningBook.startPosition().next(), org.rookery.core.board.Position.START_FEN, r,
            r == Result.DRAW ? Termination.ADJUDICATION : Termination.CHECKMATE, r == Result.DRAW ? "Draw by adjudication" : "mates",
            List.of(), 0, 0, TimeControl.infinite(), TimeControl.infinite(), "");
    }

    static MatchSettings two(int rounds, int games, Sprt sprt) {
        List<EngineConfig> e = List.of(
            new EngineConfig("A", EngineConfig.BUILTIN, List.of(), null, Map.of(), Map.of(), TimeControl.infinite(), 0, 1),
            new EngineConfig("B", EngineConfig.BUILTIN, List.of(), null, Map.of(), Map.of(), TimeControl.infinite(), 0, 1));
        return new MatchSettings(e, MatchSettings.Tournament.GAUNTLET, rounds, games, games >= 2, false, false, 1, OpeningBook.startPosition(),
            Adjudication.NONE, sprt, null, false, 0, false, "t", "s", false, null, 1000);
    }

    /** A one-game built-in match's console output. */
    static String play(String options) throws Exception {
        var p = parse(TWO.replace("tc=10", "depth=1") + "-maxmoves 15 " + options);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new MatchRunner(p.settings(), p.run(), new PrintStream(bytes, true, StandardCharsets.UTF_8), null).run();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    static Stream<Arguments> items() {
        return Stream.of(
            // Refused (fastchess)
            item("Refused", "-scoreinterval", () -> assertEquals(5, parse(TWO + "-scoreinterval 5").run().scoreInterval())),
            item("Refused", "-autosaveinterval", () -> assertEquals(7,
                ResumeArgs.of(GauntletOptionsTest.split(TWO + "-autosaveinterval 7"), w -> { }).autosaveInterval())),
            item("Refused", "-report penta=", () -> assertFalse(parse(TWO + "-report penta=false").run().reportPenta())),
            item("Refused", "-pgnout file=... notation= append= nodes= ...", () -> {
                var p = parse(TWO + "-pgnout file=g.pgn notation=uci append=false nodes=true");
                assertEquals(org.rookery.workers.match.PgnOptions.Notation.UCI, p.run().pgn().notation());
                assertTrue(p.run().pgn().nodes() && !p.run().pgn().append());
            }),
            item("Refused", "-output format=cutechess|fastchess", () -> {
                assertEquals(RunOptions.OutputFormat.CUTECHESS, parse(TWO + "-output format=cutechess").run().output());
                assertEquals(RunOptions.OutputFormat.FASTCHESS, parse(TWO + "-output format=fastchess").run().output());
            }),
            item("Refused", "-variant (even standard)", () -> assertFalse(parse(TWO + "-variant standard").settings().openings().variant().isChess960())),
            item("Refused", "-tbadjudicate", () -> assertEquals(Adjudication.TablebaseResults.DRAW,
                parse(TWO + "-tb " + tmp + " -tbadjudicate DRAW").settings().adjudication().tablebaseResults())),
            item("Refused", "-config outname=/file=", () -> assertEquals(tmp.resolve("run.json"),
                ResumeArgs.of(GauntletOptionsTest.split(TWO + "-config outname=" + tmp.resolve("run.json")), w -> { }).saveTo())),
            item("Refused", "-crc32", () -> assertTrue(parse(TWO + "-crc32 pgn=true").run().crc32())),
            item("Refused", "-testEnv", () -> assertEquals(RunOptions.OutputFormat.FASTCHESS, parse(TWO + "-testEnv").run().output())),
            item("Refused", "-log file= level= engine= realtime=", () -> {
                var log = parse(TWO + "-log file=" + tmp.resolve("f.log") + " level=info engine=false realtime=true").log();
                assertEquals(RunLog.Level.INFO, log.level());
                assertTrue(log.realtime());
                assertTrue(parse(TWO + "-log file=x.log engine=true").log().engine()); // played in EngineTranscriptTest
            }),
            item("Refused", "-quick", () -> {
                var p = parse("-quick cmd=builtin cmd=builtin book=" + book());
                assertEquals(List.of("builtin1", "builtin2"), p.settings().engines().stream().map(EngineConfig::name).toList());
                assertEquals(25000, p.settings().rounds());
                assertEquals(RunOptions.OutputFormat.CUTECHESS, p.run().output());
            }),
            item("Refused", "-force-concurrency", () -> assertEquals(64, parse(TWO + "-concurrency 64 -force-concurrency").settings().concurrency())),
            item("Refused", "-use-affinity", () -> {
                List<String> w = new ArrayList<>();
                parse(TWO + "-use-affinity", w);
                assertEquals(1, w.size(), w.toString());
                assertTrue(w.get(0).startsWith("-use-affinity: "), w.get(0));
            }),
            item("Refused", "-show-latency", () -> {
                assertTrue(parse(TWO + "-show-latency").run().showLatency());
                assertTrue(play("-rounds 1 -games 1 -show-latency").contains("Latency of A: "), "Rookery's output adds a summary");
                // fastchess PR #776: a line per searched move, "Engine NAME latency: Lms (elapsed: E, reported: R)", L = E - R.
                String out = play("-rounds 1 -games 1 -show-latency -output format=fastchess");
                var lines = out.lines().filter(l -> l.startsWith("Engine ")).toList();
                assertFalse(lines.isEmpty(), out);
                for (String l : lines) {
                    var m = java.util.regex.Pattern.compile("Engine [AB] latency: (-?\\d+)ms \\(elapsed: (\\d+), reported: (\\d+)\\)").matcher(l);
                    assertTrue(m.matches(), l);
                    assertEquals(Long.parseLong(m.group(2)) - Long.parseLong(m.group(3)), Long.parseLong(m.group(1)), l);
                }
                assertFalse(out.contains("Latency of "), "fastchess prints no summary");
            }),
            item("Refused", "-seeds", () -> assertEquals(2,
                parse(TWO + "-engine name=C cmd=builtin tc=10 -tournament gauntlet -seeds 2").settings().pairing().seeds())),
            item("Refused", "-version", () -> {
                PrintStream old = System.out;
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
                try {
                    new picocli.CommandLine(new GauntletCommand()).execute("-version");
                } finally {
                    System.setOut(old);
                }
                assertTrue(bytes.toString(StandardCharsets.UTF_8).startsWith("rookery gauntlet "), bytes.toString(StandardCharsets.UTF_8));
            }),
            item("Refused", "engine key restart=on|off (engine side)", () -> acceptedOrOneLine(TWO + "-each restart=on", "restart")),
            // fastchess man.md: "plies=PLIES - Max number of plies (depth) to search": the depth limit.
            item("Refused", "engine key plies=", () -> {
                assertEquals(3, parse(TWO + "-each plies=3").settings().engines().get(0).depth());
                assertEquals(3, parse(TWO + "-each plies=3 depth=3").settings().engines().get(1).depth());
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-each plies=3 depth=4"));
                assertTrue(e.getMessage().contains("plies=3 and depth=4"), e.getMessage());
            }),
            item("Refused", "a 64-bit -srand", () -> assertEquals(-1L, parse(TWO + "-srand 18446744073709551615").seed())),
            item("Refused", "-sprt model=bayesian", () -> assertEquals(Sprt.Model.BAYESIAN,
                parse(TWO + "-sprt elo0=0 elo1=5 model=bayesian").settings().sprt().model())),
            // Refused (cutechess)
            item("Refused", "-both", () -> assertEquals(TimeControl.parse("5+0.1"),
                parse("-engine name=A cmd=builtin -engine name=B cmd=builtin -both tc=5+0.1").settings().engines().get(1).timeControl())),
            item("Refused", "-pgnout FILE min fi", () -> assertTrue(parse(TWO + "-pgnout g.pgn min fi").settings().pgnOutMinimal())),
            item("Refused", "-epdout", () -> assertEquals(Path.of("end.epd"), parse(TWO + "-epdout end.epd").run().epdOut())),
            item("Refused", "-wait", () -> assertEquals(250, parse(TWO + "-wait 250").run().waitMs())),
            item("Refused", "-openings policy=", () -> assertEquals(MatchSettings.OpeningPolicy.ENCOUNTER,
                parse(TWO + "-openings file=" + book() + " policy=encounter").settings().pairing().policy())),
            item("Refused", "-bookmode", () -> assertEquals(1,
                parse(TWO + "-openings file=" + book() + " -bookmode disk").settings().openings().offsetsKept())),
            item("Refused", "-tournament knockout|pyramid", () -> {
                String three = TWO + "-engine name=C cmd=builtin tc=10 ";
                assertEquals(MatchSettings.Tournament.KNOCKOUT, parse(three + "-tournament knockout").settings().tournament());
                assertEquals(MatchSettings.Tournament.PYRAMID, parse(three + "-tournament pyramid").settings().tournament());
                var e = assertThrows(IllegalArgumentException.class, () -> parse(three + "-tournament knockout -rounds 3"));
                assertTrue(e.getMessage().startsWith("-rounds: "), e.getMessage());
            }),
            item("Refused", "-resultformat", () -> {
                assertEquals("concise", parse(TWO + "-resultformat concise").run().resultFormat().spec());
                var e = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-resultformat Rank,Nmae"));
                assertTrue(e.getMessage().startsWith("-resultformat: unknown field Nmae"), e.getMessage());
            }),
            // cutechess tournament.h m_namedFormats: the old code refused per-color, wide and small as unknown fields.
            item("Refused", "-resultformat per-color|wide|small (every cutechess name)", () -> {
                for (String name : List.of("minimal", "small", "short", "concise", "default", "with-points", "wide", "wide2", "per-color",
                        "ordo", "term", "draws", "wide3")) {
                    assertEquals(name, parse(TWO + "-resultformat " + name).run().resultFormat().spec());
                }
                // -resultformat help prints cutechess's list and exits 0 (the old code stopped with an error).
                PrintStream old = System.out;
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
                int code;
                try {
                    code = new picocli.CommandLine(new GauntletCommand()).execute("-resultformat", "help");
                } finally {
                    System.setOut(old);
                }
                assertEquals(0, code);
                assertTrue(bytes.toString(StandardCharsets.UTF_8).startsWith("Option -resultformat accepts a comma separated list"),
                    bytes.toString(StandardCharsets.UTF_8));
                // A played match fills the per-colour columns: with -games 2 each engine has one game as White, one as Black.
                List<String> lines = play("-rounds 1 -games 2 -resultformat Rank,Name,Games,wW,wL,wD,bW,bL,bD").lines().toList();
                int header = -1;
                for (int i = 0; i < lines.size(); i++) if (lines.get(i).startsWith("Rank Name")) header = i;
                assertTrue(header >= 0, String.join("\n", lines));
                assertTrue(lines.get(header).endsWith("Games   wWins wLosses  wDraws   bWins bLosses  bDraws"), lines.get(header));
                for (String row : lines.subList(header + 1, header + 3)) {
                    String[] f = row.trim().split("\\s+");
                    assertEquals("2", f[2], row);
                    assertEquals(1, Integer.parseInt(f[3]) + Integer.parseInt(f[4]) + Integer.parseInt(f[5]), "one game as White: " + row);
                    assertEquals(1, Integer.parseInt(f[6]) + Integer.parseInt(f[7]) + Integer.parseInt(f[8]), "one game as Black: " + row);
                }
            }),
            item("Refused", "-outcomeinterval", () -> assertEquals(4, parse(TWO + "-outcomeinterval 4").run().outcomeInterval())),
            // fastchess app/src/matchmaking/match/match.cpp: per regex, the last line of the engine's output for the move that
            // std::regex_search finds, written as line="..." in the move comment. Played in EngineTranscriptTest.
            item("Refused", "-pgnout match_line=", () -> {
                var p = parse(TWO + "-pgnout file=g.pgn match_line=^info\\sstring match_line=nodes");
                assertEquals(List.of("^info\\sstring", "nodes"), p.run().pgn().matchLines().stream().map(java.util.regex.Pattern::pattern).toList());
                var e = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-pgnout file=g.pgn match_line=(info"));
                assertTrue(e.getMessage().startsWith("-pgnout: match_line=(info is not a regular expression") && !e.getMessage().contains("\n"), e.getMessage());
            }),
            item("Refused", "-debug", () -> {
                assertTrue(parse(TWO + "-debug").run().debug()); // played in EngineTranscriptTest
                var e = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-debug verbose"));
                assertTrue(e.getMessage().startsWith("-debug: expected nothing or all") && !e.getMessage().contains("\n"), e.getMessage());
            }),
            item("Refused", "-repeat N", () -> assertEquals(4, parse(TWO + "-games 4 -repeat 4").settings().pairing().repetitions())),
            item("Refused", "-maxmoves 0 (off)", () -> assertEquals(0, parse(TWO + "-maxmoves 0").settings().adjudication().maxMoves())),
            item("Refused", "cutechess engine keys conf= stderr= initstr= whitepov trust ponder arg= book= bookdepth= (engine side)", () -> {
                for (String kv : List.of("conf=x", "stderr=e.txt", "initstr=x", "whitepov", "trust", "ponder", "arg=x", "book=b.bin",
                        "bookdepth=4")) {
                    acceptedOrOneLine(TWO + "-each " + kv, kv.contains("=") ? kv.substring(0, kv.indexOf('=')) : kv);
                }
            }),
            // cutechess chessengine.cpp applyConfiguration(): tscale multiplies the ping, quit, idle and protocol-start timers, not the clock.
            item("Refused", "engine key tscale= (a timeout scale, not a time-control scale)", () -> {
                var plain = parse(TWO + "-each tc=10+0.1").settings().engines().get(0);
                var scaled = parse(TWO + "-each tc=10+0.1 tscale=2.5").settings().engines().get(0);
                assertEquals(2.5, scaled.setup().timeoutScale());
                assertEquals(37_500, scaled.setup().scaled(15_000), "the 15 s handshake timeout");
                assertEquals(15_000, plain.setup().scaled(15_000));
                assertEquals(plain.timeControl(), scaled.timeControl(), "the time control is not scaled");
                var e = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-each tscale=0"));
                assertTrue(e.getMessage().contains("tscale=") && !e.getMessage().contains("\n"), e.getMessage());
            }),
            item("Refused", "proto=xboard (engine side)", () -> acceptedOrOneLine(TWO + "-each proto=xboard", "proto")),
            // cutechess-engines.json(5); RealCommandLinesTest plays the lozza and Goldfish conf= scripts.
            item("Refused", "conf=NAME from an engines.json", () -> {
                Path json = tmp.resolve("engines.json");
                Files.writeString(json, "[{\"name\": \"My Engine\", \"command\": \"builtin\", \"protocol\": \"uci\","
                    + " \"options\": [{\"name\": \"Hash\", \"value\": 16}]}]");
                System.setProperty("rookery.enginesJson", json.toString());
                try {
                    var e = parse(java.util.Arrays.asList("-engine", "conf=My Engine", "tc=10", "-engine", "name=B", "cmd=builtin", "tc=10"))
                        .settings().engines().get(0);
                    assertEquals("My Engine", e.name());
                    assertEquals("16", e.options().get("Hash"));
                    var x = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-each conf=Nobody"));
                    assertTrue(x.getMessage().contains("conf=Nobody: no engine of that name in " + json), x.getMessage());
                } finally {
                    System.clearProperty("rookery.enginesJson");
                }
            }),
            item("Refused", "proto=xboard with a real CECP engine (fairymax)", () -> {
                Path fairymax = Path.of("/usr/games/fairymax");
                if (!Files.isExecutable(fairymax)) {
                    System.out.println("skipped: fairymax not installed in /usr/games (apt-get install fairymax)");
                    return;
                }
                var e = parse("-engine name=Fairy cmd=" + fairymax + " proto=xboard tc=10 -engine name=B cmd=builtin tc=10")
                    .settings().engines().get(0);
                assertEquals(org.rookery.workers.uci.EngineSetup.Protocol.XBOARD, e.setup().protocol());
            }),
            // Silently ignored
            item("Silently ignored", "option names the engine doesn't have", () -> {
                // Refused in one line before the first game (docs/gauntlet.md, "Where Rookery differs on the engine side").
                var e = assertThrows(IllegalArgumentException.class, () -> play("-rounds 1 -games 1 -each option.NoSuchOption=1"));
                assertTrue(e.getMessage().startsWith("engine A has no option \"NoSuchOption\"") && !e.getMessage().contains("\n"),
                    e.getMessage());
            }),
            item("Silently ignored", "-tb on a Syzygy directory", () -> assertEquals(tmp.toString(),
                parse(TWO + "-tb " + tmp).settings().adjudication().tablebasePath())),
            // Rules that differ from both peers
            item("Rule", "draw adjudication resets its counter on captures and pawn moves", () -> {
                MatchSettings s = parse(TWO + "-draw movenumber=0 movecount=1 score=10").settings();
                assertEquals(1, s.adjudication().drawMoveCount());
                // DrawWindowTest plays the counts; here the rule as documented: a zero half-move clock restarts it.
                assertTrue(org.rookery.workers.match.DrawWindowAccess.drawsAfter(s.adjudication(), new int[] {1, 2}));
                assertFalse(org.rookery.workers.match.DrawWindowAccess.drawsAfter(s.adjudication(), new int[] {1, 0}));
            }),
            item("Rule", "EPD half-move and full-move counters are kept", () -> {
                List<Schedule.Game> g = Schedule.build(parse(TWO + "-openings file=" + book() + " order=sequential -rounds 2").settings());
                assertTrue(g.get(2).opening().fen().endsWith(" 5 20"), g.get(2).opening().fen());
            }),
            item("Rule", "-games 2 without -repeat plays one opening, colours swapped", () -> {
                List<Schedule.Game> g = Schedule.build(parse(TWO + "-games 2 -openings file=" + book()).settings());
                assertEquals(g.get(0).opening(), g.get(1).opening());
                assertEquals(g.get(0).white(), g.get(1).black());
            }),
            item("Rule", "the default -games is fastchess's", () -> assertEquals(2, parse(TWO).settings().gamesPerEncounter())),
            item("Rule", "dir= is searched for cmd=", () -> {
                Path dir = Files.createDirectories(tmp.resolve("enginedir"));
                Path exe = dir.resolve("myengine");
                if (!Files.exists(exe)) {
                    Files.writeString(exe, "#!/bin/sh\n");
                    Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
                }
                var p = parse("-engine name=A cmd=myengine dir=" + dir + " tc=10 -engine name=B cmd=builtin tc=10");
                assertEquals(exe.toAbsolutePath().toString(), p.settings().engines().get(0).command());
            }),
            // Output that breaks parsers
            item("Output", "a Finished match line", () -> {
                List<String> lines = play("-rounds 1 -games 2").lines().toList();
                assertEquals("Finished match", lines.get(lines.size() - 1));
            }),
            item("Output", "the final Score of block once", () -> {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                MatchSettings s = two(1, 2, null);
                MatchReport r = new MatchReport(new PrintStream(bytes, true, StandardCharsets.UTF_8), s);
                r.finished(game(1, 0, "A", "B", Result.WHITE_WINS));
                r.finished(game(2, 0, "B", "A", Result.DRAW));
                r.finish(false);
                String out = bytes.toString(StandardCharsets.UTF_8);
                String closing = out.substring(out.indexOf("Finished game 2"));
                assertEquals(2, closing.split("Score of A vs B", -1).length - 1, "one after the game, one in the closing block:\n" + out);
            }),
            item("Output", "LOS: nan %, not NaN", () -> {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                MatchReport r = new MatchReport(new PrintStream(bytes, true, StandardCharsets.UTF_8), two(1, 2, null));
                r.finished(game(1, 0, "A", "B", Result.DRAW));
                r.finished(game(2, 0, "B", "A", Result.DRAW));
                r.finish(false);
                String out = bytes.toString(StandardCharsets.UTF_8);
                assertTrue(out.contains("LOS: nan %"), out);
                assertFalse(out.contains("NaN"), out);
            }),
            item("Output", "\"stopped early\" only when scheduled games were left", () -> {
                Sprt test = new Sprt(0.05, 0.05, 0, 200, Sprt.Model.LOGISTIC);
                for (boolean all : new boolean[] {true, false}) {
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    MatchSettings s = two(60, 1, test);
                    MatchReport r = new MatchReport(new PrintStream(bytes, true, StandardCharsets.UTF_8), s);
                    int n = 0;
                    while (n < 60 && (all || r.decision() == Sprt.Decision.CONTINUE)) {
                        n++;
                        r.finished(game(n, n - 1, "A", "B", Result.WHITE_WINS));
                    }
                    assertFalse(r.decision() == Sprt.Decision.CONTINUE, "decided within 60 straight wins");
                    r.finish(true);
                    String out = bytes.toString(StandardCharsets.UTF_8);
                    assertEquals(!all, out.contains("the match stopped early"), out);
                    assertEquals(all, out.contains("all 60 games were played"), out);
                }
            }),
            item("Output", "the tablebase adjudication text is the peers'", () -> {
                // cutechess: Chess::Result(Adjudication, winner, "SyzygyTB") -> "White wins by adjudication: SyzygyTB".
                var white = new TablebaseAdjudicator.Verdict(org.rookery.core.rules.Outcome.win(0, Termination.ADJUDICATION), TablebaseAdjudicator.SYZYGY);
                assertEquals("White wins by adjudication: SyzygyTB", white.reason());
                var draw = new TablebaseAdjudicator.Verdict(org.rookery.core.rules.Outcome.draw(Termination.ADJUDICATION), TablebaseAdjudicator.SYZYGY);
                assertEquals("Draw by adjudication: SyzygyTB", draw.reason());
            })
        );
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("items")
    void issueItem(String name, Check check) throws Exception {
        check.run();
    }
}
