package org.rookery.bench.dashboard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
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
     * Writes {@code root/games/part-0.parquet}, {@code root/openings/part-0.parquet} and
     * {@code root/openings_breakdown/synthetic.parquet}; returns the number of positions in openings.
     */
    public static long write(Path root, int games, long seed) throws SQLException, IOException {
        Files.createDirectories(root.resolve("games"));
        Files.createDirectories(root.resolve("openings"));
        SplittableRandom rnd = new SplittableRandom(seed);
        try (DuckDBConnection c = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            s.execute("SET memory_limit = '6GB'");
            s.execute("SET threads TO 2");
            // Row order of the games file does not matter (openings is sorted explicitly); what does not fit spills.
            s.execute("SET preserve_insertion_order = false");
            s.execute("SET temp_directory = '" + sqlPath(root.resolve(".duckdb-tmp")) + "'");
            // The columns the explorer reads, typed as the games table has them, in the order appended below.
            s.execute(Games.SCHEMA.createTable("g", Games.GAME_ID, Games.SOURCE, Games.COLLECTION, Games.RESULT,
                    Games.WHITE, Games.BLACK, Games.WHITE_ELO, Games.BLACK_ELO, Games.TIME_CONTROL, Games.DATE,
                    Games.START_FEN, Games.PLY_COUNT, Games.MOVES_UCI, Games.ZOBRIST));
            Position start = new Position();
            Position pos = new Position();
            int[] moves = new int[Position.MAX_MOVES];
            long[] scores = new long[Position.MAX_MOVES];
            try (DuckDBAppender ga = c.createAppender("main", "g")) {
                for (int id = 0; id < games; id++) {
                    double r = rnd.nextDouble();
                    String result = r < 0.39 ? "1-0" : r < 0.70 ? "1/2-1/2" : r < 0.98 ? "0-1" : "*";
                    int rating = (int) Math.max(600, Math.min(3200, 1700 + 350 * gaussian(rnd)));
                    ga.beginRow().append("synthetic/" + id).append(rnd.nextInt(20) == 0 ? "gauntlet" : "import")
                            .append("synthetic").append(result)
                            .append("player-" + rnd.nextInt(5000)).append("player-" + rnd.nextInt(5000));
                    if (rnd.nextInt(20) == 0) ga.appendNull().appendNull();
                    else ga.append(rating + rnd.nextInt(101) - 50).append(rating + rnd.nextInt(101) - 50);
                    ga.append(CONTROLS[rnd.nextInt(CONTROLS.length)])
                            .append(String.format("%d.%02d.15", 2013 + rnd.nextInt(12), 1 + rnd.nextInt(12))).appendNull();
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
                    ga.append(line.size()).append(line).append(Arrays.copyOf(keys, line.size() + 1)).endRow();
                }
            }
            String gamesOut = sqlPath(root.resolve("games/part-0.parquet"));
            s.execute("COPY g TO '" + gamesOut + "' (FORMAT PARQUET)");
            String openingsOut = sqlPath(root.resolve("openings/part-0.parquet"));
            s.execute("COPY (" + openingsSelect("read_parquet('" + gamesOut + "')") + ") TO '" + openingsOut + "' (FORMAT PARQUET)");
            Files.createDirectories(root.resolve(OpeningsBreakdown.SCHEMA.name()));
            String breakdownOut = sqlPath(root.resolve(OpeningsBreakdown.SCHEMA.name() + "/synthetic.parquet"));
            s.execute("COPY (" + OpeningsBreakdownSql.select("read_parquet('" + gamesOut + "')", PLIES) + ") TO '" + breakdownOut
                    + "' (FORMAT PARQUET)");
            try (var rs = s.executeQuery("SELECT count(*) FROM '" + openingsOut + "'")) {
                rs.next();
                return rs.getLong(1);
            } finally {
                try (var tmp = Files.walk(root.resolve(".duckdb-tmp"))) {
                    tmp.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                } catch (java.nio.file.NoSuchFileException e) {
                    // nothing spilled
                }
            }
        }
    }

    /**
     * The {@code openings} layout of {@code analyze openings}, from a games relation (SAN and FEN left
     * null): positions and moves once per game, found by looking back over the earlier plies.
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
                + "avg_white_elo, avg_black_elo, children.moves FROM positions LEFT JOIN children USING (key) ORDER BY key";
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
