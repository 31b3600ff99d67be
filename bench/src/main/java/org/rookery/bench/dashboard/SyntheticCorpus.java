package org.rookery.bench.dashboard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.rookery.contract.dimensions.OpeningsBreakdownSql;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;

/**
 * A large synthetic corpus for measuring the explorer when no real one of that size is at hand:
 * a {@code games} table (the columns the explorer reads) and the {@code openings} and
 * {@code openings_breakdown} tables derived from it in the layouts {@code analyze openings} writes,
 * by the same rules (decided games, first 30 plies, each position and move once per game).
 *
 * <p>Games are legal move sequences whose choices follow a popularity law: at every position the
 * legal moves are ranked by a hash of (position, move) and chosen with probability falling as
 * 1/(rank+1)² over the top eight, so a few main lines carry most games and the tree thins out with
 * depth as real explorers do. Results, ratings, time controls, years and sources are drawn at random.
 */
public final class SyntheticCorpus {
    /** Plies of each game generated (and indexed by the explorer). */
    public static final int PLIES = 30;
    private static final String[] CONTROLS = {"60+0", "180+0", "180+2", "300+0", "600+0", "900+10", "1800+0", "-"};
    private static final double[] WEIGHTS = new double[8];

    static {
        for (int i = 0; i < WEIGHTS.length; i++) WEIGHTS[i] = 1.0 / ((i + 1) * (i + 1));
    }

    private SyntheticCorpus() {
    }

    /**
     * Games generated and aggregated at a time: DuckDB's list aggregates (top/recent games) do not
     * spill, and 50,000 games ran out of its 4 GB limit (bench dashboard, 2026-12-02), so chunks stay small.
     */
    static final int CHUNK = 10_000;
    /** Rows per row group of the synthetic breakdown, about what the Spark job's one-megabyte groups hold. */
    static final int ROW_GROUP_ROWS = 8192;
    /** Key buckets the chunks' breakdown rows are split into before each bucket is sorted by key. */
    private static final int BUCKETS = 16;

    /**
     * Writes {@code root/games/part-C.parquet}, {@code root/openings/part-C.parquet} per chunk of
     * {@link #CHUNK} games, and {@code root/openings_breakdown/synthetic-B.parquet} per key bucket,
     * sorted by key in small row groups as {@code analyze openings} writes it; returns the number of
     * breakdown rows. A cell whose games fall into several chunks keeps one row per chunk: lookups
     * sum rows and merge their game lists, so answers are the same, the table somewhat larger.
     */
    public static long write(Path root, int games, long seed) throws SQLException, IOException {
        Files.createDirectories(root.resolve("games"));
        Files.createDirectories(root.resolve("openings"));
        Path staged = root.resolve(".breakdown-chunks");
        Path breakdownDir = root.resolve(OpeningsBreakdown.SCHEMA.name());
        Files.createDirectories(breakdownDir);
        Files.createDirectories(staged);
        SplittableRandom rnd = new SplittableRandom(seed);
        try (DuckDBConnection c = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            s.execute("SET memory_limit = '4GB'");
            s.execute("SET threads TO 2");
            s.execute("SET preserve_insertion_order = false");
            s.execute("SET temp_directory = '" + sqlPath(root.resolve(".duckdb-tmp")) + "'");
            Position start = new Position();
            Position pos = new Position();
            int[] moves = new int[Position.MAX_MOVES];
            long[] scores = new long[Position.MAX_MOVES];
            for (int chunk = 0, first = 0; first < games; chunk++, first += CHUNK) {
                int last = Math.min(games, first + CHUNK);
                s.execute("DROP TABLE IF EXISTS g");
                // The columns the explorer reads, typed as the games table has them, in the order appended below.
                s.execute(Games.SCHEMA.createTable("g", Games.GAME_ID, Games.SOURCE, Games.COLLECTION, Games.RESULT,
                        Games.WHITE, Games.BLACK, Games.WHITE_ELO, Games.BLACK_ELO, Games.TIME_CONTROL, Games.DATE,
                        Games.START_FEN, Games.VARIANT, Games.PLY_COUNT, Games.MOVES_UCI, Games.ZOBRIST, Games.COLLECTION_KIND));
                try (DuckDBAppender ga = c.createAppender("main", "g")) {
                    for (int id = first; id < last; id++) {
                        appendGame(ga, id, rnd, start, pos, moves, scores);
                    }
                }
                String gamesOut = sqlPath(root.resolve("games/part-" + chunk + ".parquet"));
                s.execute("COPY g TO '" + gamesOut + "' (FORMAT PARQUET)");
                s.execute("COPY (" + openingsSelect("g") + ") TO '" + sqlPath(root.resolve("openings/part-" + chunk + ".parquet"))
                        + "' (FORMAT PARQUET)");
                s.execute("COPY (SELECT *, (key >> 60) & 15 AS bucket FROM (" + OpeningsBreakdownSql.select("g", PLIES) + ")) TO '"
                        + sqlPath(staged.resolve("chunk-" + chunk)) + "' (FORMAT PARQUET, PARTITION_BY (bucket))");
            }
            s.execute("DROP TABLE IF EXISTS g");
            long rows = 0;
            for (int b = 0; b < BUCKETS; b++) {
                String in = sqlPath(staged) + "/chunk-*/bucket=" + b + "/*.parquet";
                try (var rs = s.executeQuery("SELECT count(*) FROM glob('" + in + "')")) {
                    rs.next();
                    if (rs.getLong(1) == 0) continue;
                }
                String out = sqlPath(breakdownDir.resolve("synthetic-" + b + ".parquet"));
                s.execute("COPY (SELECT * EXCLUDE (bucket) FROM read_parquet('" + in + "', hive_partitioning = true) ORDER BY key) TO '"
                        + out + "' (FORMAT PARQUET, ROW_GROUP_SIZE " + ROW_GROUP_ROWS + ")");
                try (var rs = s.executeQuery("SELECT count(*) FROM '" + out + "'")) {
                    rs.next();
                    rows += rs.getLong(1);
                }
            }
            return rows;
        } finally {
            org.rookery.bench.TempTrees.delete(staged);
            org.rookery.bench.TempTrees.delete(root.resolve(".duckdb-tmp"));
        }
    }

    private static void appendGame(DuckDBAppender ga, int id, SplittableRandom rnd, Position start, Position pos, int[] moves,
            long[] scores) throws SQLException {
        double r = rnd.nextDouble();
        String result = r < 0.39 ? "1-0" : r < 0.70 ? "1/2-1/2" : r < 0.98 ? "0-1" : "*";
        int rating = (int) Math.max(600, Math.min(3200, 1700 + 350 * gaussian(rnd)));
        ga.beginRow().append("synthetic/" + id).append(rnd.nextInt(20) == 0 ? "gauntlet" : "import")
                .append("synthetic").append(result)
                .append("player-" + rnd.nextInt(5000)).append("player-" + rnd.nextInt(5000));
        if (rnd.nextInt(20) == 0) ga.appendNull().appendNull();
        else ga.append(rating + rnd.nextInt(101) - 50).append(rating + rnd.nextInt(101) - 50);
        ga.append(CONTROLS[rnd.nextInt(CONTROLS.length)])
                .append(String.format("%d.%02d.15", 2013 + rnd.nextInt(12), 1 + rnd.nextInt(12))).appendNull().append("standard");
        pos.copyFrom(start);
        List<String> line = new ArrayList<>(PLIES);
        long[] keys = new long[PLIES + 1];
        keys[0] = pos.key();
        for (int ply = 0; ply < PLIES; ply++) {
            int n = pos.generateLegal(moves, 0);
            if (n == 0) break;
            int m = pick(pos.key(), moves, scores, n, rnd);
            line.add(Move.toUci(m));
            pos.makeMove(m);
            keys[ply + 1] = pos.key();
        }
        ga.append(line.size()).append(line).append(Arrays.copyOf(keys, line.size() + 1)).append(Games.KIND_OTHER).endRow();
    }

    /**
     * The {@code openings} layout of {@code analyze openings}, from a games relation (SAN, FEN and the
     * opening names left null): positions and moves once per game, found by looking back over the earlier plies.
     */
    static String openingsSelect(String games) {
        String decided = "SELECT result, white_elo, black_elo, zobrist[1:" + (PLIES + 1) + "] AS z, moves_uci[1:" + PLIES
                + "] AS m FROM " + games + " WHERE result IN ('1-0', '0-1', '1/2-1/2')";
        String outcome = "count(*) FILTER (WHERE result = '1-0') AS white_wins, count(*) FILTER (WHERE result = '1/2-1/2') AS draws, "
                + "count(*) FILTER (WHERE result = '0-1') AS black_wins";
        return "WITH d AS (" + decided + "), "
                + "pos AS (SELECT *, generate_subscripts(z, 1) AS i FROM d), "
                + "mv AS (SELECT *, generate_subscripts(m, 1) AS i FROM d), "
                + "positions AS (SELECT z[i] AS key, count(*) AS games, " + outcome + ", avg(white_elo) AS avg_white_elo, "
                + "avg(black_elo) AS avg_black_elo FROM pos WHERE list_position(z, z[i]) = i GROUP BY key), "
                + "moves AS (SELECT z[i] AS key, m[i] AS uci, count(*) AS games, " + outcome + ", "
                + "avg((white_elo + black_elo) / 2.0) AS avg_rating FROM mv "
                + "WHERE len(list_filter(range(1, i), j -> z[j] = z[i] AND m[j] = m[i])) = 0 GROUP BY key, uci), "
                + "children AS (SELECT key, list(struct_pack(games := games, uci := uci, san := NULL::VARCHAR, "
                + "white_wins := white_wins, draws := draws, black_wins := black_wins, avg_rating := avg_rating)) AS moves "
                + "FROM moves GROUP BY key) "
                + "SELECT positions.key, NULL::VARCHAR AS fen, NULL::INTEGER AS ply, games, white_wins, draws, black_wins, "
                + "avg_white_elo, avg_black_elo, children.moves, NULL::VARCHAR AS opening_eco, NULL::VARCHAR AS opening, "
                + "'standard' AS variant FROM positions LEFT JOIN children USING (key) ORDER BY key";
    }

    private static String sqlPath(Path p) {
        return p.toAbsolutePath().toString().replace("'", "''");
    }

    /** A move by popularity rank: ranks come from a hash of position and move, so they are stable across games. */
    private static int pick(long key, int[] moves, long[] scores, int n, SplittableRandom rnd) {
        for (int i = 0; i < n; i++) scores[i] = mix(key ^ (moves[i] * 0x9E3779B97F4A7C15L));
        int top = Math.min(8, n);
        for (int i = 0; i < top; i++) {
            int best = i;
            for (int j = i + 1; j < n; j++) if (scores[j] > scores[best]) best = j;
            long ts = scores[i];
            scores[i] = scores[best];
            scores[best] = ts;
            int tm = moves[i];
            moves[i] = moves[best];
            moves[best] = tm;
        }
        double total = 0;
        for (int i = 0; i < top; i++) total += WEIGHTS[i];
        double x = rnd.nextDouble() * total;
        for (int i = 0; i < top; i++) {
            x -= WEIGHTS[i];
            if (x <= 0) return moves[i];
        }
        return moves[top - 1];
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static double gaussian(SplittableRandom rnd) {
        double u = Math.max(1e-12, rnd.nextDouble()), v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
