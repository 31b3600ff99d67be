package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.dimensions.GameYear;
import org.rookery.contract.dimensions.RatingBand;
import org.rookery.contract.dimensions.TimeControlClass;
import org.rookery.core.openings.Opening;
import org.rookery.core.openings.OpeningList;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.pgn.PgnVariant;
import org.rookery.core.rules.DrawFacts;
import org.rookery.core.rules.DrawRuleScan;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.ingest.GameRows;
import org.rookery.jobs.ingest.IngestJob;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/** The statistics jobs on Spark, each checked against a plain count over the same games. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatsJobsTest {
    @TempDir
    static Path dir;

    /** A Double Chess960 game whose knights shuffle into a threefold repetition at ply 8. */
    static final String CHESS960 = "[Event \"c\"]\n[Site \"960\"]\n[Variant \"Chess960\"]\n[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n"
            + "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. Nc3 Nc6 2. Nd1 Nd8 3. Nc3 Nc6 4. Nd1 Nd8 1/2-1/2\n\n";

    static final String ENDGAME = "[Event \"e\"]\n[Site \"kpk\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
            + "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 2. Kf2 Ke6 1-0\n\n";

    private SparkSession spark;
    private String data;
    private Path pgn;

    @BeforeAll
    void ingest() throws IOException {
        spark = TestSpark.get();
        Path games = Corpora.synthetic(dir.resolve("g.pgn"), 41, 700);
        pgn = dir.resolve("stats.pgn");
        Files.writeString(pgn, Files.readString(games) + ENDGAME + Corpora.GOOD + CHESS960);
        data = dir.resolve("data").toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(pgn.toString()), data, "s", 0, 0), null);
    }

    @Test
    void drawRulesMatchAPlainScanOfEveryGame() throws IOException {
        DrawRulesJob.Summary s = DrawRulesJob.run(spark, data, null);
        Map<String, Row> rows = new HashMap<>();
        for (Row r : spark.read().parquet(Tables.path(data, Schemas.DRAW_RULES)).collectAsList()) {
            rows.put(r.getAs("game_id"), r);
        }
        GameReplay replay = new GameReplay();
        DrawRuleScan scan = new DrawRuleScan();
        PgnGame g = new PgnGame();
        long threefold = 0;
        try (PgnReader reader = new PgnReader(Files.newInputStream(pgn), "stats.pgn")) {
            while (reader.next(g)) {
                assertTrue(replay.replay(g));
                scan.scan(g.tag("FEN"), DrawFactsCorpusTest.uci(replay));
                DrawFacts f = scan.facts();
                Row r = rows.get(GameRows.importedGameId("s", "stats.pgn", g.gameNumber()));
                assertNotNull(r, "game " + g.gameNumber());
                assertEquals(f.threefoldPly() < 0 ? null : f.threefoldPly(), r.getAs("threefold_ply"));
                assertEquals(f.fivefoldPly() < 0 ? null : f.fivefoldPly(), r.getAs("fivefold_ply"));
                assertEquals(f.fiftyPly() < 0 ? null : f.fiftyPly(), r.getAs("fifty_ply"));
                assertEquals(f.maxHalfmoveClock(), (int) r.getAs("max_halfmove_clock"));
                assertEquals(f.threefoldClaimed(GameRows.result(g)), r.getAs("threefold_claimed"));
                assertEquals(f.fiftyClaimed(GameRows.result(g)), r.getAs("fifty_claimed"));
                assertEquals(f.seventyFivePly() < 0 ? null : f.seventyFivePly(), r.getAs("seventyfive_ply"));
                assertEquals(f.longestReversibleRun(), (int) r.getAs("longest_reversible_run"));
                assertEquals(f.repeatedPositions(), (int) r.getAs("repeated_positions"));
                assertEquals(f.maxRepetitions(), (int) r.getAs("max_repetitions"));
                assertEquals(f.plies(), (int) r.getAs("ply_count"));
                assertEquals(RatingBand.of(GameRows.elo(g.tag("WhiteElo")), GameRows.elo(g.tag("BlackElo"))),
                        r.getAs("rating_band"));
                assertEquals(TimeControlClass.of(g.tag("TimeControl"), null), r.getAs("time_control_class"));
                assertEquals(GameYear.of(g.tag("Date")), r.getAs("year"));
                assertEquals(g.tag("ECO"), r.getAs("eco"));
                assertEquals(GameRows.result(g), r.getAs("result"));
                assertNull(r.getAs("replay_error"));
                threefold += f.threefoldPly() >= 0 ? 1 : 0;
            }
        }
        assertEquals(rows.size(), s.games());
        assertEquals(threefold, s.threefold());
        Row good = rows.get("s/stats.pgn#702");
        assertEquals(8, (int) good.getAs("threefold_ply"));
        assertTrue((boolean) good.getAs("threefold_claimed"));
        List<Row> dims = spark.read().parquet(Tables.path(data, Schemas.DRAW_RULES_SUMMARY))
                .select("dimension").distinct().collectAsList();
        assertEquals(DrawRulesJob.DIMENSIONS.length, dims.size());
        long byTc = spark.read().parquet(Tables.path(data, Schemas.DRAW_RULES_SUMMARY))
                .where(col("dimension").equalTo("time_control_class")).agg(org.apache.spark.sql.functions.sum("games"))
                .first().getLong(0);
        assertEquals(s.games(), byTc, "every game falls in one time-control class");
        // The variant is a dimension of its own: the Chess960 game's repetition is counted apart.
        Map<String, Row> byVariant = new HashMap<>();
        for (Row r : spark.read().parquet(Tables.path(data, Schemas.DRAW_RULES_SUMMARY)).where(col("dimension").equalTo("variant"))
                .collectAsList()) {
            byVariant.put(r.getAs("value"), r);
        }
        assertEquals(java.util.Set.of("standard", "chess960"), byVariant.keySet());
        assertEquals(1L, (long) byVariant.get("chess960").getAs("games"));
        assertEquals(1L, (long) byVariant.get("chess960").getAs("threefold"));
        assertEquals(s.games() - 1, (long) byVariant.get("standard").getAs("games"));
        // The summary the write's tasks counted equals a direct aggregation of the table written,
        // row for row and in order, in the contract's layout.
        org.apache.spark.sql.Dataset<Row> summary = spark.read().parquet(Tables.path(data, Schemas.DRAW_RULES_SUMMARY));
        assertEquals(explodedSummary(spark.read().parquet(Tables.path(data, Schemas.DRAW_RULES))),
                summary.collectAsList());
        org.rookery.jobs.Layouts.assertLayout(org.rookery.contract.schema.DrawRulesSummary.SCHEMA, summary.schema());
    }

    /**
     * Games without stored {@code draw_facts} (as the gauntlet sink writes them) are replayed from
     * their moves, and give exactly the rows the stored facts give: the same games in two
     * collections, one with its facts removed, under a data root of their own.
     */
    @Test
    void gamesWithoutStoredFactsAreReplayedToTheSameRows() throws IOException {
        String root = dir.resolve("nofacts").toString();
        org.apache.spark.sql.Dataset<Row> games = Tables.games(spark, data, "s");
        games.write().partitionBy(Schemas.COLLECTION).parquet(Tables.path(root, Schemas.GAMES));
        games.withColumn(Schemas.DRAW_FACTS, functions.lit(null).cast(Schemas.DRAW_FACTS_TYPE))
                .withColumn(Schemas.COLLECTION, functions.lit("replayed"))
                .write().mode(org.apache.spark.sql.SaveMode.Overwrite).partitionBy(Schemas.COLLECTION)
                .parquet(Tables.path(root, Schemas.GAMES));
        assertEquals(2, Tables.games(spark, root, null).select(Schemas.COLLECTION).distinct().count());
        DrawRulesJob.Summary s = DrawRulesJob.run(spark, root, null);
        org.apache.spark.sql.Dataset<Row> rules = spark.read().parquet(Tables.path(root, Schemas.DRAW_RULES));
        Map<Long, Row> stored = new HashMap<>();
        Map<Long, Row> replayed = new HashMap<>();
        String[] cols = rules.drop("game_id", Schemas.COLLECTION).columns();
        for (Row r : rules.collectAsList()) {
            long n = Long.parseLong(r.<String>getAs("game_id").replaceAll(".*#", ""));
            ("s".equals(r.getAs(Schemas.COLLECTION)) ? stored : replayed).put(n, r);
        }
        assertEquals(stored.size(), replayed.size());
        assertTrue(stored.size() > 700);
        for (Map.Entry<Long, Row> e : stored.entrySet()) {
            Row a = e.getValue();
            Row b = replayed.get(e.getKey());
            assertNotNull(b, "game " + e.getKey());
            for (String c : cols) {
                assertEquals((Object) a.getAs(c), b.getAs(c), "game " + e.getKey() + " column " + c);
            }
        }
        assertEquals(2L * stored.size(), s.games());
    }

    /**
     * The summary computed the direct way, every game exploded into one row per dimension and
     * aggregated once: the counts the job's write kept must give the same rows, in the same order.
     */
    private static List<Row> explodedSummary(org.apache.spark.sql.Dataset<Row> perGame) {
        org.apache.spark.sql.Column dims = functions.array(
                functions.struct(functions.lit("all").as("dimension"), functions.lit("all").as("value")),
                functions.struct(functions.lit("rating_band").as("dimension"), col("rating_band").as("value")),
                functions.struct(functions.lit("time_control_class").as("dimension"),
                        col("time_control_class").as("value")),
                functions.struct(functions.lit("year").as("dimension"),
                        functions.coalesce(col("year").cast("string"), functions.lit("unknown")).as("value")),
                functions.struct(functions.lit("result").as("dimension"),
                        functions.coalesce(col("result"), functions.lit("unknown")).as("value")),
                functions.struct(functions.lit("eco").as("dimension"),
                        functions.coalesce(col("eco"), functions.lit("unknown")).as("value")),
                functions.struct(functions.lit("variant").as("dimension"), col("variant").as("value")));
        org.apache.spark.sql.Column ok = col("replay_error").isNull();
        org.apache.spark.sql.Dataset<Row> agg = perGame.withColumn("d", functions.explode(dims))
                .groupBy(col("d.dimension").as("dimension"), col("d.value").as("value")).agg(
                        functions.count(functions.lit(1)).as("games"),
                        countIf(col("threefold_ply").isNotNull()).as("threefold"),
                        countIf(col("threefold_claimed")).as("threefold_claimed"),
                        countIf(col("fivefold_ply").isNotNull()).as("fivefold"),
                        countIf(col("fifty_ply").isNotNull()).as("fifty"),
                        countIf(col("fifty_claimed")).as("fifty_claimed"),
                        countIf(col("seventyfive_ply").isNotNull()).as("seventyfive"),
                        countIf(col("max_repetitions").equalTo(2).and(ok)).as("near_threefold"),
                        countIf(col("max_halfmove_clock").between(80, 99)).as("near_fifty"),
                        countIf(col("result").equalTo("1/2-1/2")).as("draws"),
                        countIf(col("replay_error").isNotNull()).as("replay_errors"),
                        functions.avg(functions.when(ok, col("max_halfmove_clock"))).as("avg_max_halfmove_clock"),
                        functions.avg(functions.when(ok, col("longest_reversible_run"))).as("avg_longest_reversible_run"),
                        functions.avg(functions.when(ok, col("ply_count"))).as("avg_plies"));
        for (String c : new String[] {"threefold", "threefold_claimed", "fivefold", "fifty", "seventyfive",
            "near_threefold", "near_fifty"}) {
            agg = agg.withColumn(c + "_rate", functions.round(col(c).divide(col("games")), 6));
        }
        return agg.orderBy(col("dimension"), col("games").desc(), col("value")).collectAsList();
    }

    private static org.apache.spark.sql.Column countIf(org.apache.spark.sql.Column condition) {
        return functions.sum(functions.when(condition, 1L).otherwise(0L));
    }

    @Test
    void openingsMatchABruteForceCount() throws IOException {
        int plies = 10;
        OpeningsJob.run(spark, data, null, plies, 1);
        // Brute force: per position key, the set of games and per move the set of games.
        Map<String, long[]> positions = new HashMap<>();
        Map<String, long[]> moves = new HashMap<>();
        OpeningWalk walk = new OpeningWalk(plies);
        GameReplay replay = new GameReplay();
        PgnGame g = new PgnGame();
        try (PgnReader reader = new PgnReader(Files.newInputStream(pgn), "stats.pgn")) {
            while (reader.next(g)) {
                String result = GameRows.result(g);
                if (result.equals("*")) {
                    continue;
                }
                // Each variant is counted apart (a Chess960 game's positions are not standard chess's).
                String variant = PgnVariant.isChess960(g) ? "chess960 " : "standard ";
                int o = result.equals("1-0") ? 0 : result.equals("1/2-1/2") ? 1 : 2;
                assertTrue(replay.replay(g));
                walk.walk(g.tag("FEN"), DrawFactsCorpusTest.uci(replay), new OpeningWalk.Sink() {
                    @Override
                    public void position(long key, String fen, int ply) {
                        positions.computeIfAbsent(variant + key, k -> new long[4])[o]++;
                        positions.get(variant + key)[3]++;
                    }

                    @Override
                    public void move(long key, String uci, String san) {
                        moves.computeIfAbsent(variant + key + " " + uci, k -> new long[4])[o]++;
                        moves.get(variant + key + " " + uci)[3]++;
                    }
                });
            }
        }
        List<Row> table = spark.read().parquet(Tables.path(data, Schemas.OPENINGS)).collectAsList();
        assertEquals(positions.size(), table.size());
        long movesSeen = 0;
        for (Row r : table) {
            long key = r.getAs("key");
            String variant = r.getAs("variant") + " ";
            long[] want = positions.get(variant + key);
            assertNotNull(want, "position " + key);
            assertEquals(want[3], (long) r.getAs("games"));
            assertEquals(want[0], (long) r.getAs("white_wins"));
            assertEquals(want[1], (long) r.getAs("draws"));
            assertEquals(want[2], (long) r.getAs("black_wins"));
            List<Row> children = r.getList(r.fieldIndex("moves"));
            long previous = Long.MAX_VALUE;
            for (Row m : children == null ? List.<Row>of() : children) {
                long[] w = moves.get(variant + key + " " + m.getAs("uci"));
                assertNotNull(w, key + " " + m.getAs("uci"));
                assertEquals(w[3], (long) m.getAs("games"));
                assertEquals(w[0], (long) m.getAs("white_wins"));
                assertEquals(w[2], (long) m.getAs("black_wins"));
                assertTrue((long) m.getAs("games") <= previous, "children sorted by games");
                previous = m.getAs("games");
                movesSeen++;
            }
        }
        assertEquals(moves.size(), movesSeen);
        assertTrue(positions.keySet().stream().anyMatch(k -> k.startsWith("chess960 ")), "the Chess960 game is counted");
        Row start = spark.read().parquet(Tables.path(data, Schemas.OPENINGS))
                .where(col("key").equalTo(0x463b96181691fc9cL)).first();
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", start.getAs("fen"));
        // Every position row carries the name the data set gives its FEN (the first line reaching it),
        // found here by FEN, not by key; null where no line ends there and in Chess960.
        Map<String, String[]> named = new HashMap<>();
        for (Opening o : OpeningList.shipped().openings()) {
            String[] f = OpeningList.play(o.line()).toFen().split(" ");
            named.putIfAbsent(f[0] + " " + f[1] + " " + f[2] + " " + f[3], new String[] {o.eco(), o.name()});
        }
        int namedRows = 0;
        for (Row r : table) {
            String[] want = "standard".equals(r.getAs("variant")) ? named.get(r.<String>getAs("fen")) : null;
            String fen = r.getAs("fen");
            assertEquals(want == null ? null : want[0], r.<String>getAs("opening_eco"), fen);
            assertEquals(want == null ? null : want[1], r.<String>getAs("opening"), fen);
            namedRows += want == null ? 0 : 1;
        }
        assertTrue(namedRows >= 5, "named positions among the synthetic games' first plies: " + namedRows);
    }

    @Test
    void openingsBreakdownMatchesABruteForceCountFromThePgn() throws IOException {
        int plies = 12;
        OpeningsJob.run(spark, data, null, plies, 1);
        // Brute force, independent of OpeningWalk: replay each game, count each (position, move) once
        // per game into its (band, speed, month, source, masters) cell.
        Map<String, long[]> cells = new HashMap<>();
        Map<String, List<String[]>> cellGames = new HashMap<>();
        GameReplay replay = new GameReplay();
        PgnGame g = new PgnGame();
        org.rookery.core.notation.Uci uci = new org.rookery.core.notation.Uci();
        try (PgnReader reader = new PgnReader(Files.newInputStream(pgn), "stats.pgn")) {
            while (reader.next(g)) {
                String result = GameRows.result(g);
                if (result.equals("*")) continue;
                assertTrue(replay.replay(g));
                Integer we = GameRows.elo(g.tag("WhiteElo")), be = GameRows.elo(g.tag("BlackElo"));
                if (we != null && we <= 0) we = null;
                if (be != null && be <= 0) be = null;
                Integer mean = we == null || be == null ? null : (we + be) / 2;
                String date = g.tag("Date");
                Integer month = GameYear.of(date) == null ? null : GameYear.of(date) * 100
                        + (date.length() >= 7 && date.substring(5, 7).matches("0[1-9]|1[0-2]") ? Integer.parseInt(date.substring(5, 7)) : 0);
                String cellDims = (mean == null ? null : mean / 100 * 100) + "|" + TimeControlClass.of(g.tag("TimeControl"), null)
                        + "|" + month + "|import|" + (we != null && be != null && we >= 2200 && be >= 2200)
                        + "|" + (PgnVariant.isChess960(g) ? "chess960" : "standard");
                String id = GameRows.importedGameId("s", "stats.pgn", g.gameNumber());
                List<String> moves = DrawFactsCorpusTest.uci(replay);
                org.rookery.core.board.Position pos = org.rookery.core.board.Position.fromFen(g.tag("FEN") == null ? org.rookery.core.board.Position.START_FEN : g.tag("FEN"));
                java.util.Set<String> seen = new java.util.HashSet<>();
                for (int ply = 0; ply < Math.min(plies, moves.size()); ply++) {
                    String cell = pos.key() + "|" + moves.get(ply) + "|" + cellDims;
                    boolean white = pos.sideToMove() == org.rookery.core.board.Piece.WHITE;
                    if (seen.add(pos.key() + " " + moves.get(ply))) {
                        long[] c = cells.computeIfAbsent(cell, k -> new long[7]);
                        c[result.equals("1-0") ? 0 : result.equals("0-1") ? 2 : 1]++;
                        Integer mover = white ? we : be, opponent = white ? be : we;
                        if (mover != null) { c[3] += mover; c[4]++; }
                        if (opponent != null) { c[5] += opponent; c[6]++; }
                        cellGames.computeIfAbsent(cell, k -> new ArrayList<>()).add(
                                new String[] {String.valueOf(mean == null ? -1 : mean), date == null ? "" : date, id});
                    }
                    pos.makeMove(uci.parse(pos, moves.get(ply)));
                }
            }
        }
        List<Row> table = spark.read().parquet(Tables.path(data, Schemas.OPENINGS_BREAKDOWN)).collectAsList();
        assertEquals(cells.size(), table.size(), "one row per cell");
        for (Row r : table) {
            String cell = r.getAs("key") + "|" + r.getAs("uci") + "|" + r.getAs("rating_band") + "|" + r.getAs("speed")
                    + "|" + r.getAs("month") + "|" + r.getAs("source") + "|" + r.getAs("masters") + "|" + r.getAs("variant");
            long[] want = cells.get(cell);
            assertNotNull(want, cell);
            assertEquals(want[0], (long) r.getAs("white_wins"), cell);
            assertEquals(want[1], (long) r.getAs("draws"), cell);
            assertEquals(want[2], (long) r.getAs("black_wins"), cell);
            assertEquals(want[3], (long) r.getAs("mover_rating_sum"), cell);
            assertEquals(want[4], (long) r.getAs("mover_rated"), cell);
            assertEquals(want[5], (long) r.getAs("opponent_rating_sum"), cell);
            assertEquals(want[6], (long) r.getAs("opponent_rated"), cell);
            List<String[]> games = new ArrayList<>(cellGames.get(cell));
            games.sort((a, b) -> {
                int c = Integer.compare(Integer.parseInt(b[0]), Integer.parseInt(a[0]));
                if (c == 0) c = b[1].compareTo(a[1]);
                return c != 0 ? c : b[2].compareTo(a[2]);
            });
            List<String> wantTop = games.stream().limit(15).map(a -> a[2]).toList();
            List<Row> top = r.getList(r.fieldIndex("top_games"));
            assertEquals(wantTop, top.stream().map(t -> (String) t.getAs("game_id")).toList(), cell);
            List<Row> recent = r.getList(r.fieldIndex("recent_games"));
            assertEquals(Math.min(15, games.size()), recent.size(), cell);
        }
    }

    @Test
    void endgamesNameTheMaterialAtFirstEntry() throws IOException {
        EndgamesJob.Summary s = EndgamesJob.run(spark, data, null, 7);
        Row kpk = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES))
                .where(col("game_id").equalTo("s/stats.pgn#701")).first();
        assertEquals("KPvK", kpk.getAs("signature"));
        assertEquals(0, (int) kpk.getAs("entry_ply"));
        assertEquals(4, (int) kpk.getAs("plies_left"));
        assertEquals(1.0, (double) kpk.getAs("first_side_score"));
        assertEquals("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kpk.getAs("entry_fen"));
        // Brute force: games whose replay ever has <= 7 pieces.
        EndgameEntry finder = new EndgameEntry();
        GameReplay replay = new GameReplay();
        PgnGame g = new PgnGame();
        long reached = 0;
        try (PgnReader reader = new PgnReader(Files.newInputStream(pgn), "stats.pgn")) {
            while (reader.next(g)) {
                assertTrue(replay.replay(g));
                if (finder.find(g.tag("FEN"), DrawFactsCorpusTest.uci(replay), 7)) {
                    reached++;
                }
            }
        }
        assertEquals(reached, s.games());
        long summed = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY))
                .agg(org.apache.spark.sql.functions.sum("games")).first().getLong(0);
        assertEquals(reached, summed);
    }

    @Test
    void canonicalSignaturesPutTheStrongerSideFirst() {
        EndgameEntry e = new EndgameEntry();
        assertTrue(e.find("8/8/4k3/8/8/2r5/2P5/2RK4 w - - 0 1", List.of(), 7));
        assertEquals("KRPvKR", e.signature());
        assertEquals("KRPvKR", e.material());
        assertTrue(e.find("8/8/4k3/4p3/8/2r5/8/2RK4 b - - 0 1", List.of(), 7));
        assertEquals("KRPvKR", e.signature());
        assertEquals("KRvKRP", e.material());
        assertTrue(!e.whiteFirst());
    }
}
