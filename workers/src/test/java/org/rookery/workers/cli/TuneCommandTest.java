package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.stats.spsa.Spsa;
import org.rookery.stats.spsa.SpsaSchedule;
import org.rookery.workers.testengines.OptimumEngine;
import org.rookery.workers.tune.TuneRunner;

/** {@code rookery tune}: its bad inputs (one line each, before any game) and a run on an engine with a known optimum. */
class TuneCommandTest {
    private static final String JAVA = ProcessHandle.current().info().command().orElse("java");

    @TempDir
    Path tmp;

    private List<String> argv(String... extra) {
        List<String> a = new ArrayList<>(List.of("-engine", "name=opt", "cmd=" + JAVA,
            "args=-XX:TieredStopAtLevel=1 -cp " + System.getProperty("java.class.path") + " " + OptimumEngine.class.getName(),
            "-each", "nodes=1", "-resign", "movecount=1", "score=500", "-maxmoves", "1", "-log", tmp.resolve("logs").toString()));
        a.addAll(List.of(extra));
        return a;
    }

    private static String error(List<String> argv) {
        return assertThrows(IllegalArgumentException.class, () -> TuneCommand.parse(argv)).getMessage();
    }

    @Test
    void badParametersAreOneLineErrorsNamingThem() throws Exception {
        assertEquals("-param X: MIN 100 must be below MAX 0", error(argv("-param", "X,10,100,0,10,0.05", "-pairs", "10")));
        assertEquals("-param X: START 120 is outside [0, 100]", error(argv("-param", "X,120,0,100,10,0.05", "-pairs", "10")));
        assertEquals("-param X: C_END must be positive, got 0", error(argv("-param", "X,10,0,100,0,0.05", "-pairs", "10")));
        assertEquals("-param X: R_END must be positive, got -1", error(argv("-param", "X,10,0,100,10,-1", "-pairs", "10")));
        assertEquals("-param X given twice", error(argv("-param", "X,10,0,100,10,0.05", "-param", "X,10,0,100,10,0.05", "-pairs", "10")));
        assertEquals("-pairs N is required: the number of game pairs (SPSA iterations)", error(argv("-param", "X,10,0,100,10,0.05")));
        assertEquals("-pairs: expected a positive whole number, got \"0\"", error(argv("-param", "X,10,0,100,10,0.05", "-pairs", "0")));
        assertEquals("-rounds does not apply to tune (see 'rookery tune --help')",
            error(argv("-param", "X,10,0,100,10,0.05", "-pairs", "10", "-rounds", "3")));
        assertEquals("-engine: tune takes one engine (it plays itself at θ+cΔ and θ−cΔ)",
            error(argv("-param", "X,10,0,100,10,0.05", "-pairs", "10", "-engine", "name=b", "cmd=" + JAVA)));
        assertTrue(error(argv("-params", tmp.resolve("missing.txt").toString(), "-pairs", "10")).startsWith("-params: cannot read"));
        assertEquals("unknown option -bogus (see 'rookery tune --help')", error(argv("-param", "X,10,0,100,10,0.05", "-pairs", "10", "-bogus")));
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertEquals("--data: " + file + " is not a directory", error(argv("-param", "X,10,0,100,10,0.05", "-pairs", "10", "--data", file.toString())));
        assertEquals(tmp, TuneCommand.parse(argv("-param", "X,10,0,100,10,0.05", "-pairs", "10", "--data", tmp.toString())).data());
        // fastchess's -log file= would be accepted and never written: refused; -debug is no tune option at all.
        assertEquals("-log file=: rookery tune writes no run log; -log DIR keeps the engines' stderr",
            error(List.of("-engine", "name=opt", "cmd=builtin", "-each", "tc=1+0.01", "-param", "X,10,0,100,10,0.05", "-pairs", "10",
                "-log", "file=" + tmp.resolve("t.log"), "engine=true")));
        assertEquals("unknown option -debug (see 'rookery tune --help')", error(argv("-param", "X,10,0,100,10,0.05", "-pairs", "10", "-debug")));
    }

    @Test
    void kafkaOptionsAreCheckedBeforeAnyConnection() throws Exception {
        assertEquals("--resume needs --bootstrap HOST:PORT: a local run keeps no log to resume from",
            error(argv("-param", "X,10,0,100,10,0.05", "-pairs", "10", "--resume")));
        // With --bootstrap the engine is a name in the workers' registries, as for 'rookery submit'.
        assertTrue(error(argv("-param", "X,10,0,100,10,0.05", "-pairs", "10", "--bootstrap", "127.0.0.1:1")).contains("cmd"));
        assertEquals("--data is for local runs: with --bootstrap the tables come from 'rookery sink --bootstrap HOST:PORT --data DIR'",
            error(List.of("-engine", "name=opt", "-each", "tc=1+0.01", "-param", "X,10,0,100,10,0.05", "-pairs", "10",
                "--bootstrap", "127.0.0.1:1", "--data", tmp.toString())));
        TuneCommand.Request req = TuneCommand.parse(List.of("-engine", "name=opt", "-each", "tc=1+0.01", "-param", "X,10,0,100,10,0.05",
            "-pairs", "10", "-concurrency", "8", "--bootstrap", "127.0.0.1:1", "--resume"));
        assertEquals(new TuneCommand.Kafka("127.0.0.1:1", null, true), req.kafka());
        assertEquals(List.of("opt+", "opt-"), req.match().settings().engines().stream().map(e -> e.name()).toList());
        assertEquals(8, req.match().settings().concurrency());
    }

    @Test
    void aParameterFileIsReadAndOneTheEngineLacksIsRefusedBeforeAnyGame() throws Exception {
        Path file = Files.writeString(tmp.resolve("params.txt"), "# fishtest lines\nX,10,0,100,10,0.05\nNullMoveDepth,3,1,8,1,0.002\n");
        TuneCommand.Request req = TuneCommand.parse(argv("-params", file.toString(), "-pairs", "10"));
        assertEquals(2, req.params().size());
        assertEquals(List.of("opt+", "opt-"), req.match().settings().engines().stream().map(e -> e.name()).toList());
        String why = assertThrows(IllegalArgumentException.class,
            () -> TuneRunner.checkOptions(req.match().settings().engines().get(0), req.params())).getMessage();
        assertEquals("-param NullMoveDepth: the engine offers no such option (it offers: Move Overhead, X)", why);
    }

    @Test
    void tuningFromFarAwayMovesXMostOfTheWayToTheOptimum() throws Exception {
        // Simulated beforehand (400 runs of the same odds): 200 pairs from X = 10 end at 65 … 73.
        TuneCommand.Request req = TuneCommand.parse(argv("-param", "X,10,0,100,10,0.05", "-pairs", "200", "-concurrency", "2",
            "-srand", "7"));
        Spsa spsa = new Spsa(req.params(), SpsaSchedule.fishtest(req.pairs()), req.rounding());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        double[] theta = new TuneRunner(req.match().settings(), spsa, req.match().seed(), out).run();
        String log = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(200, spsa.applied(), log);
        // "Most of the way": at least three quarters of the distance from 10 to the optimum.
        assertTrue(theta[0] >= 55 && theta[0] <= 85, "X ended at " + theta[0] + "\n" + log);
        assertTrue(log.contains("Iteration 200/200: X="), log);
        assertTrue(log.lines().filter(l -> l.startsWith("Iteration ")).count() == 100, log);
        assertEquals(List.of(String.valueOf(Math.round(theta[0]))), TuneRunner.finalValues(req.params(), theta));
    }

    @Test
    void anEngineThatCrashesIsRestartedAndEveryPairIsCounted() throws Exception {
        // FakeEngine crash:3 exits at every process's third search: each pair loses one engine.
        List<String> a = new ArrayList<>(List.of("-engine", "name=crashy", "cmd=" + JAVA,
            "args=-XX:TieredStopAtLevel=1 -cp " + System.getProperty("java.class.path") + " org.rookery.workers.testengines.FakeEngine crash:3",
            "-each", "nodes=1", "-maxmoves", "2", "-log", tmp.resolve("logs").toString(),
            "-param", "X,50,0,100,10,0.05", "-pairs", "4"));
        TuneCommand.Request req = TuneCommand.parse(a);
        Spsa spsa = new Spsa(req.params(), SpsaSchedule.fishtest(req.pairs()), req.rounding());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new TuneRunner(req.match().settings(), spsa, 1, new PrintStream(bytes, true, StandardCharsets.UTF_8)).run();
        String log = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(4, spsa.applied(), log);
        assertTrue(log.contains("Restarting crashy"), log);
        assertTrue(log.contains("Throughput: 4 pairs in "), log);
    }
}
