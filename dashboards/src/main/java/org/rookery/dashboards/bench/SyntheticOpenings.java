package org.rookery.dashboards.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;

/**
 * A large explorer table of synthetic games, for measuring the explorer when no corpus of that
 * size is at hand. Games are legal move sequences whose choices follow a popularity law: at every
 * position the legal moves are ranked by a hash of (position, move) and chosen with probability
 * falling as 1/(rank+1)^2 over the top eight, so a few main lines carry most games and the tree
 * thins out with depth as real explorers do. Results, ratings, speeds, years and sources are drawn
 * at random. The table has the {@code openings} layout of docs/api.md, aggregated and sorted by
 * {@code zobrist}.
 */
public final class SyntheticOpenings {
    private SyntheticOpenings() {
    }

    /** Plies of each game indexed, as in the corpus fixture. */
    public static final int PLIES = 30;
    private static final String[] SPEEDS = {"bullet", "blitz", "blitz", "blitz", "rapid", "rapid", "classical", "correspondence"};
    private static final int[] BANDS = {0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500};
    private static final double[] WEIGHTS = new double[8];

    static {
        for (int i = 0; i < WEIGHTS.length; i++) WEIGHTS[i] = 1.0 / ((i + 1) * (i + 1));
    }

    /** Writes {@code dir/part-0.parquet}; returns the number of rows of the aggregated table. */
    public static long write(Path dir, int games, long seed) throws SQLException, java.io.IOException {
        Files.createDirectories(dir);
        SplittableRandom rnd = new SplittableRandom(seed);
        try (DuckDBConnection c = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            s.execute("SET memory_limit = '4GB'");
            s.execute("SET threads TO 2");
            s.execute("CREATE TABLE raw (zobrist BIGINT, move_uci VARCHAR, source VARCHAR, speed VARCHAR, rating_band INTEGER, "
                    + "year INTEGER, white BIGINT, draws BIGINT, black BIGINT, rating_sum BIGINT, rating_count BIGINT)");
            Position start = new Position();
            Position pos = new Position();
            int[] moves = new int[Position.MAX_MOVES];
            long[] scores = new long[Position.MAX_MOVES];
            try (DuckDBAppender a = c.createAppender("main", "raw")) {
                for (int g = 0; g < games; g++) {
                    pos.copyFrom(start);
                    double r = rnd.nextDouble();
                    int res = r < 0.39 ? 0 : r < 0.70 ? 1 : 2;
                    int rating = (int) Math.max(600, Math.min(3200, 1700 + 350 * gaussian(rnd)));
                    boolean rated = rnd.nextInt(20) != 0;
                    int band = 0;
                    for (int b : BANDS) if (rating >= b) band = b;
                    String speed = SPEEDS[rnd.nextInt(SPEEDS.length)];
                    int year = 2013 + rnd.nextInt(12);
                    String source = rnd.nextInt(20) == 0 ? "gauntlet" : "import";
                    for (int ply = 0; ply < PLIES; ply++) {
                        int n = pos.generateLegal(moves, 0);
                        if (n == 0) break;
                        int m = pick(pos.key(), moves, scores, n, rnd);
                        String uci = Move.toUci(m);
                        a.beginRow().append(pos.key()).append(uci).append(source).append(speed);
                        if (rated) a.append(band);
                        else a.appendNull();
                        a.append(year).append((long) (res == 0 ? 1 : 0)).append((long) (res == 1 ? 1 : 0))
                                .append((long) (res == 2 ? 1 : 0)).append((long) (rated ? rating : 0)).append((long) (rated ? 1 : 0))
                                .endRow();
                        pos.makeMove(m);
                    }
                }
            }
            String out = dir.resolve("part-0.parquet").toAbsolutePath().toString().replace("'", "''");
            s.execute("COPY (SELECT zobrist, move_uci, source, speed, rating_band, year, sum(white) AS white, "
                    + "sum(draws) AS draws, sum(black) AS black, sum(rating_sum) AS rating_sum, sum(rating_count) AS rating_count "
                    + "FROM raw GROUP BY ALL ORDER BY zobrist) TO '" + out + "' (FORMAT PARQUET)");
            try (var rs = s.executeQuery("SELECT count(*) FROM '" + out + "'")) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** A move by popularity rank: ranks come from a hash of position and move, so they are stable across games. */
    private static int pick(long key, int[] moves, long[] scores, int n, SplittableRandom rnd) {
        for (int i = 0; i < n; i++) scores[i] = mix(key ^ (moves[i] * 0x9E3779B97F4A7C15L));
        // Partial selection sort of the top eight by score.
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
