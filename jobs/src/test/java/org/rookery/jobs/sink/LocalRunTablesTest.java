package org.rookery.jobs.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.Topics;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.cli.JobsMain;
import org.rookery.jobs.query.DataViews;
import org.rookery.jobs.spark.Schemas;
import picocli.CommandLine;

/**
 * {@code --data DIR} of a local {@code gauntlet} and {@code tune} (issues #21, #22): the run, in a
 * workers JVM as the launcher starts it, spools its records; the sink's batch writer
 * ({@link RecordsFile}) turns them into the tables. The {@code games} rows are the PGN's games, each
 * once; {@code analyze sprt} over them gives the gauntlet's printed LLR after every game; the {@code spsa} rows are
 * the run's pairs, each once, and their θ path is the one the run printed.
 */
@Tag("slow") // two runs of Rookery's engine in child JVMs and two Spark writes: about a minute
class LocalRunTablesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SPOOL = Pattern.compile("rookery sink --records (\\S+) --data (\\S+)");

    @TempDir
    Path dir;

    @Test
    void aLocalGauntletWritesTheGamesOfItsPgnAndAnalyzeSprtGivesItsLlr() throws Exception {
        Path data = dir.resolve("data"), pgn = dir.resolve("games.pgn");
        String out = run(dir.resolve("gauntlet.log"), "gauntlet", "-engine", "name=quick-a", "cmd=builtin", "depth=2",
                "-engine", "name=quick-b", "cmd=builtin", "depth=1", "-each", "tc=10+0.1", "-rounds", "6", "-games", "2", "-repeat",
                "-concurrency", "2", "-srand", "21", "-maxmoves", "40", "-sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05",
                "-ratinginterval", "1", "-pgnout", "file=" + pgn, "--data", data.toString());
        Matcher rec = Pattern.compile("Recording match (m-[0-9a-f]{16}) in ").matcher(out);
        assertTrue(rec.find(), out);
        String match = rec.group(1);
        Path spool = writeTables(out, data);

        SparkSession spark = TestSpark.get();
        List<Row> rows = GamesTable.rows(spark, data).stream().filter(r -> match.equals(r.getAs(Schemas.COLLECTION))).toList();
        Map<String, ObjectNode> records = records(spool, Topics.GAMES);
        assertEquals(12, records.size(), out);
        assertEquals(records.size(), rows.size(), "one row per game");
        List<String> fromRows = new ArrayList<>();
        for (Row r : rows) {
            GamesTable.assertSameValues(records.get((String) r.getAs("game_id")), r);
            GamesTable.assertAgreesWithPgn(r);
            List<Long> keys = r.getList(r.fieldIndex("zobrist"));
            fromRows.add(r.getAs("white") + " " + r.getAs("black") + " " + r.getAs("result") + " " + keys.get(keys.size() - 1));
            assertTrue(r.getList(r.fieldIndex("nodes")).stream().anyMatch(n -> n != null), "per-move nodes of " + r.getAs("game_id"));
        }
        assertEquals(sorted(pgnGames(pgn)), sorted(fromRows), "the games of -pgnout and of the games table");

        // The gauntlet's last cutechess SPRT line against analyze sprt over the table, at its 3 decimals.
        Matcher llr = Pattern.compile("SPRT: llr (-?[0-9.]+) ").matcher(out);
        String printed = null;
        while (llr.find()) printed = llr.group(1);
        assertTrue(printed != null, out);
        StringWriter sprt = new StringWriter();
        int code = new CommandLine(JobsMain.class).setOut(new PrintWriter(sprt)).execute("analyze", "sprt", "--data", data.toString());
        assertEquals(0, code, sprt.toString());
        Matcher replay = Pattern.compile("Live SPRT \\[0, 10\\][^:]*: LLR (-?[0-9.]+)").matcher(sprt.toString());
        assertTrue(replay.find(), sprt.toString());
        assertEquals(Double.parseDouble(printed), Double.parseDouble(String.format(Locale.ROOT, "%.3f", Double.parseDouble(replay.group(1)))),
                1e-9, sprt.toString());

        // And at every game count: two slots finish games in either order, the spool keeps the report's.
        LiveSprtLines.assertReplayed(out, data, match);

        // Writing the same spool again replaces its rows.
        RecordsFile.write(spark, spool.toString(), data.toString());
        assertEquals(12, GamesTable.rows(spark, data).size());
    }

    @Test
    void aLocalTuneWritesEveryPairOnceWithThePrintedThetaPath() throws Exception {
        Path data = dir.resolve("data");
        String out = run(dir.resolve("tune.log"), "tune", "-engine", "name=b", "cmd=builtin", "-each", "nodes=30", "-resign", "movecount=1",
                "score=300", "-maxmoves", "40", "-param", "Skill Level,5,1,20,2,0.05", "-pairs", "20", "-concurrency", "2", "-srand", "3", "--data", data.toString());
        Matcher rec = Pattern.compile("Recording run (m-[0-9a-f]{16}) in ").matcher(out);
        assertTrue(rec.find(), out);
        String run = rec.group(1);
        Path spool = writeTables(out, data);

        Map<Integer, Double> printed = new HashMap<>();
        Matcher it = Pattern.compile("Iteration (\\d+)/20: Skill Level=(-?[0-9.]+),").matcher(out);
        while (it.find()) printed.put(Integer.parseInt(it.group(1)), Double.parseDouble(it.group(2)));
        assertEquals(20, printed.size(), out);
        try (DataViews views = DataViews.open(data); Statement st = views.connection().createStatement();
             ResultSet rs = st.executeQuery("SELECT iteration, counted, result, theta_before[1], theta_after[1], game_ids FROM spsa "
                     + "WHERE run_id = '" + run + "' ORDER BY counted")) {
            int n = 0;
            double theta = 5;
            List<Integer> iterations = new ArrayList<>();
            while (rs.next()) {
                n++;
                assertEquals(n, rs.getInt("counted"));
                assertEquals(theta, rs.getDouble(4), 1e-12, "θ before pair " + n + " is θ after the one before");
                theta = rs.getDouble(5);
                assertEquals(printed.get(n), Double.parseDouble(String.format(Locale.ROOT, "%.3f", theta)), 1e-9, "θ after " + n + " pairs");
                iterations.add(rs.getInt("iteration"));
                String ids = rs.getString("game_ids");
                int k = rs.getInt("iteration");
                assertTrue(ids.contains(run + "/" + (k - 1) + "/0") && ids.contains(run + "/" + (k - 1) + "/1"), ids);
            }
            assertEquals(20, n, "one row per pair");
            assertTrue(theta != 5, "decisive pairs moved θ: the path is not trivially constant");
            assertEquals(20, iterations.stream().distinct().count(), "each iteration once: " + iterations);
            try (ResultSet g = st.executeQuery("SELECT count(*), count(DISTINCT game_id) FROM games WHERE match_id = '" + run + "'")) {
                g.next();
                assertEquals(40, g.getLong(1));
                assertEquals(40, g.getLong(2));
            }
            // R of each pair is the θ+ engine's score over its two games, as the games table has them.
            try (ResultSet g = st.executeQuery("SELECT s.iteration, s.result, sum(CASE WHEN g.result = '1/2-1/2' THEN 0 "
                    + "WHEN (g.result = '1-0') = (g.white = 'b+') THEN 1 ELSE -1 END) AS r FROM spsa s JOIN games g "
                    + "ON list_contains(s.game_ids, g.game_id) WHERE s.run_id = '" + run + "' GROUP BY s.iteration, s.result")) {
                int pairs = 0;
                while (g.next()) {
                    pairs++;
                    assertEquals(g.getInt(2), g.getInt(3), "R of pair " + g.getInt(1));
                }
                assertEquals(20, pairs);
            }
        }
        assertEquals(20, records(spool, Topics.SPSA).size());
    }

    /** Runs a workers command in its own JVM to its end; returns its output. */
    private String run(Path log, String... args) throws Exception {
        try (ChildJvm c = ChildJvm.workers(WorkersModule.classpath(), log, args)) {
            assertTrue(c.process().waitFor(240, TimeUnit.SECONDS), c.tail());
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(0, c.process().exitValue(), out);
            return out;
        }
    }

    /** The spool the run named (a JVM not started by ./rookery says which sink command writes it), written. */
    private static Path writeTables(String out, Path data) throws Exception {
        Matcher m = SPOOL.matcher(out);
        assertTrue(m.find(), out);
        assertEquals(data.toString(), m.group(2));
        RecordsFile.write(TestSpark.get(), m.group(1), data.toString());
        return Path.of(m.group(1));
    }

    private static Map<String, ObjectNode> records(Path spool, String topic) throws Exception {
        Map<String, ObjectNode> out = new HashMap<>();
        long i = 0;
        for (String line : Files.readAllLines(spool, StandardCharsets.UTF_8)) {
            ObjectNode l = (ObjectNode) JSON.readTree(line);
            assertEquals(i++, l.get("offset").asLong());
            if (!l.get("topic").asText().equals(topic)) continue;
            ObjectNode v = (ObjectNode) JSON.readTree(l.get("value").asText());
            String key = topic.equals(Topics.SPSA) ? v.get("iteration").asText() : l.get("key").asText();
            assertEquals(null, out.put(key, v), "twice: " + key);
        }
        return out;
    }

    private static List<String> pgnGames(Path pgn) throws Exception {
        List<String> out = new ArrayList<>();
        try (PgnReader reader = new PgnReader(new ByteArrayInputStream(Files.readAllBytes(pgn)), pgn.toString(), e -> {
            throw new AssertionError(e);
        })) {
            PgnGame g = new PgnGame();
            while (reader.next(g)) {
                GameReplay replay = new GameReplay();
                assertTrue(replay.replay(g), replay.error());
                out.add(g.tag("White") + " " + g.tag("Black") + " " + g.tag("Result") + " " + replay.position().key());
            }
        }
        return out;
    }

    private static List<String> sorted(List<String> l) {
        List<String> s = new ArrayList<>(l);
        java.util.Collections.sort(s);
        return s;
    }
}
