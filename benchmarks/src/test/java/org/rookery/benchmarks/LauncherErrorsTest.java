package org.rookery.benchmarks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command of {@code ./rookery --help}, run through the real launcher with its typical bad
 * arguments, answers with one line on standard error, a non-zero status, and no stack trace or
 * "internal error" (issue #16). It lives in the module the reactor builds last, so that every
 * other module's classes and {@code target/classpath.txt} exist when it runs; the launcher is told
 * not to build ({@code ROOKERY_PREBUILT}). {@code bench jmh} is left out: its parser is JMH's.
 */
@Tag("slow") // about 60 JVM start-ups: 1 to 5 minutes on a busy 2-core machine
@Tag("launcher") // ./rookery test keeps it in the default suite
class LauncherErrorsTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final String FEN_KQK = "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1";

    @TempDir
    Path tmp;

    @Test
    void everyCommandRejectsBadArgumentsInOneLine() throws Exception {
        for (String m : List.of("core", "broker", "workers", "jobs", "endgame", "dashboards")) {
            assertTrue(Files.exists(ROOT.resolve(m).resolve("target/classpath.txt")),
                    m + " is not packaged; run 'mvn -o -DskipTests package' (or the whole reactor) first");
        }
        Path file = Files.writeString(tmp.resolve("regular-file"), "not a directory");
        Path data = Files.createDirectories(tmp.resolve("data"));
        Path badTables = Files.createDirectories(tmp.resolve("bad-tb"));
        Files.write(badTables.resolve("KQvK.rtb"), new byte[4096]);
        String missing = tmp.resolve("missing").toString();
        // What the issue's own cases must say (each was a trace or a misleading line before).
        Map<List<String>, String> says = Map.of(
                List.of("nosuchcommand"), "unknown command",
                List.of("demo", "--bogus"), "unknown option '--bogus'",
                List.of("sql", "SELEC 1", "--data", data.toString()), "Parser Error: syntax error at or near \"SELEC\"",
                List.of("export", "--data", missing, "--out", tmp.resolve("x.pgn").toString()),
                "--data: " + missing + " is not a directory",
                List.of("analyze", "ingest", "--input", ROOT.resolve("data").toString(), "--out", file.toString()),
                "--out: " + file + " is not a directory",
                List.of("analyze", "ingest", "--input", ROOT.resolve("data").toString(), "--out", "/proc/rookery/x"),
                "--out: cannot create /proc/rookery/x",
                List.of("analyze", "ingest", "--input", ROOT.resolve("data").toString(), "--out", data.toString(),
                        "--master", "bogus://x"), "--master must be",
                List.of("dashboard", "--data", data.toString(), "--tb", badTables.toString(), "--port", "0"),
                "endgame tables: " + badTables.resolve("KQvK.rtb") + ": not a Rookery table",
                List.of("tune", "-engine", "name=b", "cmd=builtin", "-each", "nodes=100", "-param", "Nope,1,0,2,1,0.1", "-pairs", "5"),
                "-param Nope: the engine offers no such option",
                List.of("tune", "-engine", "name=b", "cmd=builtin", "-each", "nodes=100", "-param", "X,1,2,0,1,0.1", "-pairs", "5"),
                "-param X: MIN 2 must be below MAX 0");
        List<List<String>> cases = List.of(
                List.of("nosuchcommand"),
                List.of("demo", "--bogus"),
                List.of("demo", "--data"),
                List.of("demo", "--keep-open", "soon"),
                List.of("demo", "--data", file.toString()),
                List.of("perft", "--depth", "x"),
                List.of("perft", "--depth", "3", "--fen", "not a fen"),
                List.of("perft", "--epd", missing),
                List.of("perft", "--depth", "3", "--threads", "0"),
                List.of("perft"),
                List.of("selfcheck", "--bogus"),
                List.of("bench", "core", "--bogus"),
                List.of("bench", "kafka", "--games", "x"),
                List.of("bench", "analyze", "--games", "-5"),
                List.of("bench", "dashboard", "--bogus"),
                List.of("tune"),
                List.of("tune", "-engine", "name=b", "cmd=builtin", "-each", "nodes=100", "-param", "Nope,1,0,2,1,0.1", "-pairs", "5"),
                List.of("tune", "-engine", "name=b", "cmd=builtin", "-each", "nodes=100", "-param", "X,1,2,0,1,0.1", "-pairs", "5"),
                List.of("tune", "-engine", "name=b", "cmd=builtin", "-each", "nodes=100", "-param", "X,5,0,2,1,0.1", "-pairs", "5"),
                List.of("tune", "-engine", "name=b", "cmd=builtin", "-each", "nodes=100", "-param", "X,1,0,2,1,0", "-pairs", "5"),
                List.of("tune", "-engine", "name=b", "cmd=builtin", "-each", "nodes=100", "-param", "X,1,0,2,1,0.1", "-pairs", "x"),
                List.of("gauntlet", "-bogus"),
                List.of("gauntlet"),
                List.of("gauntlet", "-engine", "name=a", "cmd=builtin", "-engine", "name=b", "cmd=builtin",
                        "-each", "tc=1+0.01", "-openings", "file=" + missing),
                List.of("engine", "--level", "99"),
                List.of("engine", "--depth", "x"),
                List.of("kafka", "bogus"),
                List.of("kafka", "start", "--data", file.toString()),
                List.of("submit", "--bootstrap", "nohostport", "-engine", "name=a", "-engine", "name=b"),
                List.of("submit", "--file", missing),
                // a well-formed address where no broker listens: the wait ends in one line, not a trace
                List.of("submit", "--bootstrap", "127.0.0.1:1", "-engine", "name=a", "-engine", "name=b",
                        "-each", "tc=1+0.01"),
                List.of("worker", "--bootstrap", "127.0.0.1:1", "--connect-timeout", "2"),
                List.of("worker", "--bootstrap", "nohostport"),
                List.of("worker", "--concurrency", "0", "--bootstrap", "127.0.0.1:1"),
                List.of("worker", "--engines", missing, "--bootstrap", "127.0.0.1:1"),
                List.of("status"),
                List.of("status", "m1", "--bootstrap", "nohostport"),
                List.of("stop"),
                List.of("sink", "--data", data.toString()),
                List.of("sink", "--records", missing, "--data", data.toString()),
                List.of("tune", "-engine", "name=b", "cmd=builtin", "-each", "nodes=100", "-param", "Hash,1,1,4,1,0.1", "-pairs", "5",
                        "--data", file.toString()),
                List.of("gauntlet", "-engine", "cmd=builtin", "-engine", "cmd=builtin", "-each", "nodes=10", "--data", file.toString()),
                List.of("sink", "--bootstrap", "127.0.0.1:1", "--data", file.toString()),
                List.of("sink", "--bootstrap", "127.0.0.1:1", "--data", data.toString(), "--master", "bogus://x"),
                List.of("analyze", "bogus"),
                List.of("analyze", "ingest", "--out", data.toString()),
                List.of("analyze", "ingest", "--input", missing, "--out", data.toString()),
                List.of("analyze", "ingest", "--input", ROOT.resolve("data").toString(), "--out", file.toString()),
                List.of("analyze", "ingest", "--input", ROOT.resolve("data").toString(), "--out", "/proc/rookery/x"),
                List.of("analyze", "ingest", "--input", ROOT.resolve("data").toString(), "--out", data.toString(),
                        "--master", "bogus://x"),
                List.of("analyze", "draw-rules", "--data", missing),
                List.of("analyze", "draw-rules", "--data", data.toString(), "--master", "local[0]"),
                List.of("analyze", "openings", "--data", data.toString(), "--plies", "x"),
                List.of("analyze", "endgames", "--data", missing),
                List.of("analyze", "duplicates", "--data", missing),
                List.of("analyze", "sprt", "--data", missing),
                List.of("analyze", "sprt", "--data", data.toString()),
                List.of("analyze", "sprt", "--data", data.toString(), "--elo0", "0"),
                List.of("analyze", "sprt", "--data", data.toString(), "--model", "bayesian"),
                List.of("sql"),
                List.of("sql", "SELEC 1", "--data", data.toString()),
                List.of("sql", "SELECT 1", "--data", missing),
                List.of("sql", "SELECT 1", "--data", data.toString(), "--format", "csv"),
                List.of("sql", "SELECT 1", "--data", data.toString(), "--out", missing + "/x/y.csv"),
                List.of("sql", "SELECT 1", "--data", data.toString(), "--format", "xml"),
                List.of("export", "--data", data.toString()),
                List.of("export", "--data", missing, "--out", tmp.resolve("x.pgn").toString()),
                List.of("export", "--data", data.toString(), "--out", tmp.resolve("x.txt").toString()),
                List.of("export", "--data", data.toString(), "--out", tmp.resolve("x.pgn").toString()),
                List.of("tb", "bogus"),
                List.of("tb", "generate", "KQvKX"),
                List.of("tb", "generate", "KQvK", "--master", "bogus://x"),
                List.of("tb", "probe", "not a fen", "--tb", data.toString()),
                List.of("tb", "probe", FEN_KQK, "--tb", missing),
                List.of("tb", "probe", FEN_KQK, "--tb", badTables.toString()),
                List.of("tb", "mainline", "not a fen"),
                List.of("tb", "verify", "--tb", missing),
                List.of("tb", "export", "--tb", missing, "--data", data.toString()),
                List.of("dashboard", "--port", "99999"),
                List.of("dashboard", "--port", "x"),
                List.of("dashboard", "--data", missing),
                List.of("dashboard", "--data", data.toString(), "--tb", badTables.toString(), "--port", "0"),
                List.of("dashboard", "--data", data.toString(), "--bind", "999.0.0.1", "--port", "0"),
                List.of("dashboard", "--data", data.toString(), "--bootstrap", "nohostport"),
                List.of("dashboard", "--data", data.toString(), "--allow-host", "a b"));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<String>> results = new ArrayList<>();
        for (List<String> c : cases) results.add(pool.submit(() -> check(c, says.get(c))));
        List<String> failures = new ArrayList<>();
        for (Future<String> f : results) {
            String why = f.get();
            if (why != null) failures.add(why);
        }
        pool.shutdown();
        assertTrue(failures.isEmpty(), failures.size() + " of " + cases.size() + " commands fail badly:\n"
                + String.join("\n", failures));
    }

    @Test
    void demoHelpPrintsHelpAndRunsNothing() throws Exception {
        Process p = new ProcessBuilder(ROOT.resolve("rookery").toString(), "demo", "--help").directory(tmp.toFile())
                .redirectErrorStream(true).start();
        boolean done = p.waitFor(30, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        assertTrue(done, "demo --help still running: it started the demo");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.exitValue() == 0 && out.startsWith("Usage: ./rookery demo") && out.contains("--data DIR"), out);
        assertTrue(!out.contains("== 1.") && !Files.exists(tmp.resolve("rookery-data")), "nothing of the demo ran: " + out);
    }

    /**
     * Null when the command fails as it should (saying {@code expected}, when not null), else what
     * is wrong with its answer.
     */
    private String check(List<String> args, String expected) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ROOT.resolve("rookery").toString());
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile());
        pb.environment().put("ROOKERY_PREBUILT", "1");
        pb.environment().remove("ROOKERY_DEBUG");
        pb.environment().put("ROOKERY_DATA", tmp.resolve("demo-data").toString());
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            return String.join(" ", args) + ": still running after 120 s";
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>();
        for (String l : stderr.split("\n")) {
            // The JVM's own notices are not the command's answer.
            if (!l.isBlank() && !l.startsWith("Picked up JAVA_TOOL_OPTIONS") && !l.startsWith("OpenJDK 64-Bit Server VM warning")) {
                lines.add(l);
            }
        }
        String all = stdout + stderr;
        String what = String.join(" ", args) + " -> status " + p.exitValue() + ", stderr: " + stderr.strip();
        if (p.exitValue() == 0) return what + " (status 0)";
        if (lines.size() != 1) return what + " (" + lines.size() + " lines on stderr)";
        if (all.contains("Exception") || all.contains("\tat ") || all.contains("internal error")) return what + " (a trace)";
        if (expected != null && !stderr.contains(expected)) return what + " (does not say: " + expected + ")";
        return null;
    }
}
