package org.rookery.jobs.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.OpeningStats;
import org.rookery.contract.schema.Topics;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.cli.JobsMain;
import org.rookery.jobs.query.DataViews;
import picocli.CommandLine;

/**
 * {@code analyze books} over games the sink's writer wrote, with planted openings (a FEN book, two
 * PGN-book lines told by their book plies without a wall time, games without per-move times) and the
 * cases that are not pairs (openings differing within a pair, colours not swapped, an unfinished
 * game, a lone game): every number of {@code opening_stats} equals a count made straight from the
 * generated games, by brute force; the summary flags the planted drawish and one-sided openings; data
 * without match games is a one-line error.
 */
class OpeningStatsOnSinkTablesTest {
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String FEN_BOOK = "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2";
    private static final String[] SHUFFLE = {"g1f3", "g8f6", "f3g1", "f6g8"};

    @TempDir
    Path dir;

    /** A planted opening: start position, book moves (null: the games carry no times), how its games end. */
    private record Planted(String fen, String book, double whiteWins, double draws) {
    }

    /** One generated game, as the brute force sees it. */
    private record G(String match, int pair, int inPair, String white, String black, String result, Planted opening) {
    }

    private static final Planted DRAWISH = new Planted(FEN_BOOK, "", 0.0, 1.0);
    private static final Planted WHITE_WINS = new Planted(START, "e2e4 e7e5", 1.0, 0.0);
    private static final Planted BALANCED = new Planted(START, "d2d4", 0.35, 0.35);
    private static final Planted UNKNOWN = new Planted(START, null, 0.4, 0.2);

    private static ObjectNode value(G g, long n) {
        ObjectNode o = GameValues.game(g.match(), g.pair(), g.inPair(), "w1");
        o.put("white", g.white());
        o.put("black", g.black());
        o.put("white_engine_id", g.white());
        o.put("black_engine_id", g.black());
        o.put("result", g.result());
        o.put("start_fen", g.opening().fen());
        o.put("game_number", n);
        o.put("finished_at", java.time.Instant.parse("2026-12-01T00:00:00Z").plusSeconds(n).toString());
        List<String> moves = new ArrayList<>();
        String book = g.opening().book();
        if (book != null && !book.isEmpty()) moves.addAll(List.of(book.split(" ")));
        int bookPlies = moves.size();
        for (int i = 0; i < 4 + (int) (n % 5); i++) moves.add(SHUFFLE[i % 4]);
        o.put("ply_count", moves.size());
        ArrayNode mv = o.putArray("moves_uci"), keys = o.putArray("zobrist");
        keys.add(1L);
        String[] lists = {"clock_ms", "eval_cp", "eval_mate", "depth", "seldepth", "nodes", "nps", "time_ms", "latency_ms",
            "hashfull", "tbhits", "pv"};
        Map<String, ArrayNode> a = new HashMap<>();
        for (String l : lists) a.put(l, o.putArray(l));
        for (int i = 0; i < moves.size(); i++) {
            mv.add(moves.get(i));
            keys.add(i + 2L);
            boolean searched = book != null && i >= bookPlies;
            for (String l : lists) {
                if (searched && l.equals("time_ms")) a.get(l).add(100L + i);
                else if (searched && l.equals("depth")) a.get(l).add(5 + i);
                else a.get(l).addNull();
            }
        }
        return o;
    }

    private static String result(SplittableRandom rnd, Planted p) {
        double r = rnd.nextDouble();
        return r < p.whiteWins() ? "1-0" : r < p.whiteWins() + p.draws() ? "1/2-1/2" : "0-1";
    }

    private static List<G> generate() {
        SplittableRandom rnd = new SplittableRandom(21);
        List<G> games = new ArrayList<>();
        Planted[] planted = {DRAWISH, WHITE_WINS, BALANCED, UNKNOWN};
        for (String match : List.of("m-books", "m-two")) {
            for (int p = 0; p < 60; p++) {
                Planted o = planted[p % 4];
                String a = "rand-a", b = "rand-b";
                G first = new G(match, p, 0, a, b, result(rnd, o), o);
                G second = new G(match, p, 1, b, a, result(rnd, o), o);
                switch (p) {
                    case 5 -> second = new G(match, p, 1, b, a, second.result(), BALANCED); // openings differ: no pair
                    case 9 -> second = new G(match, p, 1, a, b, second.result(), o);        // colours not swapped
                    case 13 -> second = new G(match, p, 1, b, a, "*", o);                  // unfinished
                    case 17 -> second = null;                                               // a lone game
                    default -> { }
                }
                games.add(first);
                if (second != null) games.add(second);
            }
        }
        return games;
    }

    private record Expected(long games, long pairs, long[] pentanomial, long white, long draws, long black) {
    }

    /** Straight from the games: per (match, fen, book) the counts, pairs as defined, scores from {@code tested}'s view. */
    private static Map<List<String>, Expected> bruteForce(List<G> games, Map<String, String> tested) {
        Map<List<String>, Expected> out = new LinkedHashMap<>();
        for (G g : games) {
            if (g.result().equals("*")) continue;
            List<String> key = java.util.Arrays.asList(g.match(), g.opening().fen(), g.opening().book());
            Expected e = out.getOrDefault(key, new Expected(0, 0, new long[5], 0, 0, 0));
            out.put(key, new Expected(e.games() + 1, 0, e.pentanomial(), e.white() + (g.result().equals("1-0") ? 1 : 0),
                    e.draws() + (g.result().equals("1/2-1/2") ? 1 : 0), e.black() + (g.result().equals("0-1") ? 1 : 0)));
        }
        for (G x : games) {
            for (G y : games) {
                if (x.inPair() != 0 || y.inPair() != 1 || !x.match().equals(y.match()) || x.pair() != y.pair()) continue;
                if (x.opening() != y.opening() || !x.white().equals(y.black()) || !x.black().equals(y.white())) continue;
                if (x.result().equals("*") || y.result().equals("*")) continue;
                String t = tested.get(x.match());
                double s = score(x, t) + score(y, t);
                out.get(java.util.Arrays.asList(x.match(), x.opening().fen(), x.opening().book())).pentanomial()[(int) (2 * s)]++;
            }
        }
        Map<List<String>, Expected> done = new LinkedHashMap<>();
        out.forEach((k, e) -> done.put(k, new Expected(e.games(), java.util.Arrays.stream(e.pentanomial()).sum(), e.pentanomial(),
                e.white(), e.draws(), e.black())));
        return done;
    }

    private static double score(G g, String engine) {
        if (g.result().equals("1/2-1/2")) return 0.5;
        return g.result().equals("1-0") == g.white().equals(engine) ? 1 : 0;
    }

    private static void write(Path data, List<ObjectNode> games, String... definitions) throws Exception {
        List<Row> records = new ArrayList<>();
        long offset = 0;
        for (ObjectNode g : games) records.add(RowFactory.create(g.toString(), Topics.GAMES, 0, offset++));
        for (String d : definitions) records.add(RowFactory.create(d, Topics.MATCHES, 0, offset++));
        StructType schema = new StructType().add("value", DataTypes.StringType).add("topic", DataTypes.StringType)
                .add("partition", DataTypes.IntegerType).add("offset", DataTypes.LongType);
        new BatchWriter(data.toString(), data.resolveSibling(data.getFileName() + "-cp").toString())
                .call(TestSpark.get().createDataFrame(records, schema), 0L);
    }

    @Test
    void everyNumberIsACountFromTheGames() throws Exception {
        List<G> games = generate();
        List<ObjectNode> values = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) values.add(value(games.get(i), i + 1));
        ObjectNode imported = GameValues.game("x", 0, 0, "w1"); // an imported game: not a match game, not counted
        imported.put("source", "import");
        imported.putNull("match_id");
        imported.putNull("pair_index");
        imported.putNull("game_in_pair");
        imported.put("collection", "imports");
        imported.put("game_id", "imports/1");
        values.add(imported);
        // m-books's definition names rand-b first: the tested engine; m-two has none, so White of its first game 0 (rand-a).
        String def = "{\"match_id\":\"m-books\",\"engines\":[{\"name\":\"rand-b\",\"tc\":\"10+0.1\"},{\"name\":\"rand-a\"}],"
                + "\"pairs\":60}";
        Path data = dir.resolve("data");
        write(data, values, def);

        StringWriter out = new StringWriter();
        int code = new CommandLine(JobsMain.class).setOut(new PrintWriter(out)).execute("analyze", "books", "--data",
                data.toString(), "--min-pairs", "5");
        assertEquals(0, code, out.toString());

        Map<List<String>, Expected> expected = bruteForce(games, Map.of("m-books", "rand-b", "m-two", "rand-a"));
        int rows = 0;
        try (DataViews views = DataViews.open(data); Statement s = views.connection().createStatement();
             ResultSet r = s.executeQuery("SELECT * FROM " + OpeningStats.SCHEMA.name() + " ORDER BY match_id, pairs DESC")) {
            assertEquals(OpeningStats.SCHEMA.names(), columns(r));
            long lastPairs = Long.MAX_VALUE;
            String lastMatch = "";
            while (r.next()) {
                rows++;
                List<String> key = java.util.Arrays.asList(r.getString("match_id"), r.getString("start_fen"), r.getString("book_moves"));
                Expected e = expected.get(key);
                assertTrue(e != null, "unexpected opening " + key);
                assertEquals(key.get(0).equals("m-books") ? "rand-b" : "rand-a", r.getString("tested"));
                assertEquals(e.games(), r.getLong("games"), key + " games");
                assertEquals(e.pairs(), r.getLong("pairs"), key + " pairs");
                String[] p = {"ll", "ld", "dd_wl", "wd", "ww"};
                for (int i = 0; i < 5; i++) assertEquals(e.pentanomial()[i], r.getLong(p[i]), key + " " + p[i]);
                assertEquals(e.white(), r.getLong("white_wins"), key + " white_wins");
                assertEquals(e.draws(), r.getLong("draws"), key + " draws");
                assertEquals(e.black(), r.getLong("black_wins"), key + " black_wins");
                assertEquals((double) e.draws() / e.games(), r.getDouble("draw_rate"), 1e-12, key + " draw_rate");
                assertEquals((e.white() + 0.5 * e.draws()) / e.games(), r.getDouble("white_score"), 1e-12, key + " white_score");
                if (e.pairs() == 0) {
                    r.getDouble("decisiveness");
                    assertTrue(r.wasNull(), key + " decisiveness without pairs");
                } else {
                    assertEquals((double) (e.pentanomial()[0] + e.pentanomial()[4]) / e.pairs(), r.getDouble("decisiveness"), 1e-12);
                }
                // the file's own order: match, then most pairs first
                if (!key.get(0).equals(lastMatch)) lastPairs = Long.MAX_VALUE;
                assertTrue(r.getLong("pairs") <= lastPairs);
                lastMatch = key.get(0);
                lastPairs = r.getLong("pairs");
            }
        }
        assertEquals(expected.size(), rows);
        // the planted irregular pairs are not pairs: 4 openings x 15 pairs, less the 4 broken ones, per match
        long pairs = expected.values().stream().mapToLong(Expected::pairs).sum();
        assertEquals(2 * (60 - 4), pairs);
        assertTrue(expected.containsKey(java.util.Arrays.asList("m-two", START, null)), "the games without times make a row");

        String text = out.toString();
        assertTrue(text.contains("opening_stats: " + rows + " rows (openings of 2 matches), " + pairs + " pairs from "
                + games.size() + " games (2 games without a result not counted)"), text);
        assertTrue(text.contains("flagged: 4 of the openings with at least 5 pairs"), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("drawish") && l.contains("m-books") && l.endsWith(FEN_BOOK)), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("one-sided") && l.contains("m-two") && l.endsWith(START + " | e2e4 e7e5")),
                text);
        assertFalse(text.contains("| d2d4"), text);
    }

    @Test
    void dataWithoutMatchGamesIsAOneLineError() throws Exception {
        ObjectNode imported = GameValues.game("x", 0, 0, "w1");
        imported.put("source", "import");
        imported.putNull("match_id");
        imported.putNull("pair_index");
        imported.putNull("game_in_pair");
        Path data = dir.resolve("imports");
        write(data, List.of(imported));
        CommandLine cl = new CommandLine(JobsMain.class);
        RuntimeException[] failed = new RuntimeException[1];
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            failed[0] = (RuntimeException) ex;
            return 2;
        });
        assertEquals(2, cl.execute("analyze", "books", "--data", data.toString()));
        UsageError e = assertThrows(UsageError.class, () -> {
            throw Objects.requireNonNull(failed[0]);
        });
        assertTrue(e.getMessage().startsWith("--data: the games table holds no gauntlet match games"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    private static List<String> columns(ResultSet r) throws java.sql.SQLException {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) out.add(r.getMetaData().getColumnName(i));
        return out;
    }
}
