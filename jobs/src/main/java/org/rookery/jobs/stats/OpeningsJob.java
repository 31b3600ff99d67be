package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.col;
import static org.rookery.contract.schema.Openings.FEN;
import static org.rookery.contract.schema.Openings.BLACK_WINS;
import static org.rookery.contract.schema.Openings.DRAWS;
import static org.rookery.contract.schema.Openings.GAMES;
import static org.rookery.contract.schema.Openings.MOVES;
import static org.rookery.contract.schema.Openings.WHITE_WINS;
import static org.rookery.contract.schema.Openings.KEY;
import static org.rookery.contract.schema.Openings.PLY;
import static org.rookery.contract.schema.Openings.SAN;
import static org.rookery.contract.schema.Openings.UCI;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.rookery.core.notation.UciMoves;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.Openings;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;


/**
 * {@code rookery analyze openings}: a position-keyed explorer over the first N plies of every
 * decided game, like the lichess opening explorer: per position the games, White wins, draws and
 * Black wins, the players' average ratings, and the moves played from it with the same counts.
 * Each position and each move counts once per game. Written sorted by {@code key} (the Polyglot
 * key, as in {@code games.zobrist}), so a reader filtering on one key touches one row group.
 */
public final class OpeningsJob {
    private OpeningsJob() {
    }

    /** One position (no uci) or move occurrence, before aggregation. */
    static final StructType OCCURRENCE = new StructType()
            .add(KEY, DataTypes.LongType, false)
            .add(Games.VARIANT, DataTypes.StringType, false)
            .add(UCI, DataTypes.StringType, true)
            .add(FEN, DataTypes.StringType, true)
            .add(PLY, DataTypes.IntegerType, true)
            .add(SAN, DataTypes.StringType, true)
            .add("outcome", DataTypes.IntegerType, false)
            .add(Games.WHITE_ELO, DataTypes.IntegerType, true)
            .add(Games.BLACK_ELO, DataTypes.IntegerType, true);

    /** The table's Spark schema, from the contract. */
    static final StructType SCHEMA = Schemas.struct(Openings.SCHEMA.columns());

    /** Outcome codes in {@link #OCCURRENCE}: White won, draw, Black won. */
    static final int WHITE = 0;
    static final int DRAW = 1;
    static final int BLACK = 2;

    /** What the job wrote. */
    public record Summary(long games, long positions, double seconds) {
    }

    /**
     * Builds the table from the decided games of {@code collection} (null: all), over the first
     * {@code plies} plies, keeping positions reached in at least {@code minGames} games.
     */
    public static Summary run(SparkSession spark, String data, String collection, int plies, int minGames)
            throws IOException {
        return run(spark, data, collection, plies, minGames, false);
    }

    /** {@link #run(SparkSession, String, String, int, int)}; with {@code dedupe}, each game counted once. */
    public static Summary run(SparkSession spark, String data, String collection, int plies, int minGames,
            boolean dedupe) throws IOException {
        long t0 = System.nanoTime();
        // Every variant, each counted apart: a Chess960 game's positions are not standard chess's.
        Dataset<Row> decided = Tables.games(spark, data, collection, dedupe)
                .where(col(Games.RESULT).isin("1-0", "0-1", "1/2-1/2"));
        long games = decided.count();
        int partitions = KeyClusters.partitions(games);
        Dataset<Row> occ = decided.select(Games.START_FEN, Games.MOVES_UCI, Games.RESULT, Games.WHITE_ELO, Games.BLACK_ELO,
                Games.VARIANT).flatMap(new Walk(plies), Encoders.row(OCCURRENCE));
        KeyClusters.smallRowGroups(explorer(occ, minGames, partitions).write().mode(SaveMode.Overwrite))
                .parquet(Tables.path(data, Schemas.OPENINGS));
        // The breakdown keeps every move (no --min-games): its rows are what filters sum.
        KeyClusters.smallRowGroups(OpeningsBreakdownJob.breakdown(decided, plies, partitions).write().mode(SaveMode.Overwrite))
                .parquet(Tables.path(data, Schemas.OPENINGS_BREAKDOWN));
        long positions = spark.read().parquet(Tables.path(data, Schemas.OPENINGS)).count();
        return new Summary(games, positions, (System.nanoTime() - t0) / 1e9);
    }

    /** The variant of a game row's column {@code i}: null (files from before the column) is standard. */
    static String variant(Row g, int i) {
        return g.isNullAt(i) ? "standard" : g.getString(i);
    }

    /** Folds occurrences into the explorer table, clustered by key into {@code partitions}. */
    static Dataset<Row> explorer(Dataset<Row> occ, int minGames, int partitions) {
        return KeyClusters.clustered(occ, partitions, Games.VARIANT, UCI)
                .mapPartitions(new OpeningsFold(minGames), Encoders.row(SCHEMA));
    }

    /** Prints the summary and the most played first moves. */
    public static void print(SparkSession spark, String data, Summary s, PrintWriter out) {
        out.println(String.format(Locale.ROOT, "openings: %,d positions from %,d decided games in %.1f s",
                s.positions(), s.games(), s.seconds()));
        if (s.positions() > 0) {
            Row root = spark.read().parquet(Tables.path(data, Schemas.OPENINGS)).orderBy(col(GAMES).desc())
                    .first();
            List<Row> moves = root.getList(root.fieldIndex(MOVES));
            out.println("  most played from " + root.getAs(FEN) + ":");
            int shown = 0;
            for (Row m : moves == null ? List.<Row>of() : moves) {
                long g = m.getAs(GAMES);
                out.println(String.format(Locale.ROOT, "    %-7s %,10d games  white %5.1f%%  draw %5.1f%%  black %5.1f%%",
                        m.getAs(SAN), g, 100.0 * (long) m.getAs(WHITE_WINS) / g,
                        100.0 * (long) m.getAs(DRAWS) / g, 100.0 * (long) m.getAs(BLACK_WINS) / g));
                if (++shown == 8) {
                    break;
                }
            }
        }
        out.println("  table: " + Tables.path(data, Schemas.OPENINGS));
        out.flush();
    }

    /** Flat-maps a game to its position and move occurrences. */
    static final class Walk implements FlatMapFunction<Row, Row> {
        private static final long serialVersionUID = 1L;
        private final int plies;
        private transient OpeningWalk walk;

        Walk(int plies) {
            this.plies = plies;
        }

        @Override
        public Iterator<Row> call(Row g) {
            if (walk == null) {
                walk = new OpeningWalk(plies);
            }
            int outcome = switch (g.getString(2)) {
                case "1-0" -> WHITE;
                case "0-1" -> BLACK;
                default -> DRAW;
            };
            Integer we = g.isNullAt(3) ? null : g.getInt(3);
            Integer be = g.isNullAt(4) ? null : g.getInt(4);
            String variant = variant(g, 5);
            List<Row> out = new ArrayList<>(2 * plies + 2);
            String[] moves = g.isNullAt(1) ? new String[0] : UciMoves.array(g.getList(1));
            walk.walk(g.getString(0), moves, new OpeningWalk.Sink() {
                @Override
                public void position(long key, String fen, int ply) {
                    out.add(RowFactory.create(key, variant, null, fen, ply, null, outcome, we, be));
                }

                @Override
                public void move(long key, String uci, String san) {
                    out.add(RowFactory.create(key, variant, uci, null, null, san, outcome, we, be));
                }
            });
            return out.iterator();
        }
    }
}
