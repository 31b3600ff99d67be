package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.first;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sort_array;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.rookery.core.notation.UciMoves;
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

    /** One position or move occurrence, before aggregation. */
    static final StructType OCCURRENCE = new StructType()
            .add("key", DataTypes.LongType, false)
            .add("fen", DataTypes.StringType, true)
            .add("ply", DataTypes.IntegerType, true)
            .add("uci", DataTypes.StringType, true)
            .add("san", DataTypes.StringType, true)
            .add("outcome", DataTypes.IntegerType, false)
            .add("white_elo", DataTypes.IntegerType, true)
            .add("black_elo", DataTypes.IntegerType, true);

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
        long t0 = System.nanoTime();
        Dataset<Row> games = Tables.games(spark, data, collection)
                .where(col("result").isin("1-0", "0-1", "1/2-1/2"))
                .select("start_fen", "moves_uci", "result", "white_elo", "black_elo");
        Dataset<Row> occ = games.flatMap(new Walk(plies), Encoders.row(OCCURRENCE));
        Dataset<Row> table = explorer(occ, minGames);
        table.repartitionByRange(col("key")).sortWithinPartitions("key").write().mode(SaveMode.Overwrite)
                .parquet(Tables.path(data, Schemas.OPENINGS));
        long positions = spark.read().parquet(Tables.path(data, Schemas.OPENINGS)).count();
        return new Summary(games.count(), positions, (System.nanoTime() - t0) / 1e9);
    }

    /** Aggregates occurrences into the explorer table. */
    static Dataset<Row> explorer(Dataset<Row> occ, int minGames) {
        Column white = sum(when(col("outcome").equalTo(WHITE), 1L).otherwise(0L));
        Column draws = sum(when(col("outcome").equalTo(DRAW), 1L).otherwise(0L));
        Column black = sum(when(col("outcome").equalTo(BLACK), 1L).otherwise(0L));
        Dataset<Row> positions = occ.where(col("uci").isNull()).groupBy("key").agg(
                first("fen").as("fen"),
                min("ply").as("ply"),
                count(lit(1)).as("games"),
                white.as("white_wins"),
                draws.as("draws"),
                black.as("black_wins"),
                avg("white_elo").as("avg_white_elo"),
                avg("black_elo").as("avg_black_elo"))
                .where(col("games").geq(minGames));
        Column meanRating = col("white_elo").plus(col("black_elo")).divide(2);
        Dataset<Row> moves = occ.where(col("uci").isNotNull()).groupBy("key", "uci").agg(
                first("san").as("san"),
                count(lit(1)).as("games"),
                white.as("white_wins"),
                draws.as("draws"),
                black.as("black_wins"),
                avg(meanRating).as("avg_rating"));
        // Sorting structs sorts by their first field: most played moves first.
        Dataset<Row> children = moves.groupBy("key").agg(sort_array(collect_list(struct(
                col("games"), col("uci"), col("san"), col("white_wins"), col("draws"), col("black_wins"),
                col("avg_rating"))), false).as("moves"));
        return positions.join(children, positions.col("key").equalTo(children.col("key")), "left_outer")
                .select(positions.col("key"), col("fen"), col("ply"), positions.col("games"),
                        positions.col("white_wins"), positions.col("draws"), positions.col("black_wins"),
                        col("avg_white_elo"), col("avg_black_elo"), col("moves"));
    }

    /** Prints the summary and the most played first moves. */
    public static void print(SparkSession spark, String data, Summary s, PrintWriter out) {
        out.println(String.format(Locale.ROOT, "openings: %,d positions from %,d decided games in %.1f s",
                s.positions(), s.games(), s.seconds()));
        if (s.positions() > 0) {
            Row root = spark.read().parquet(Tables.path(data, Schemas.OPENINGS)).orderBy(col("games").desc())
                    .first();
            List<Row> moves = root.getList(root.fieldIndex("moves"));
            out.println("  most played from " + root.getAs("fen") + ":");
            int shown = 0;
            for (Row m : moves == null ? List.<Row>of() : moves) {
                long g = m.getAs("games");
                out.println(String.format(Locale.ROOT, "    %-7s %,10d games  white %5.1f%%  draw %5.1f%%  black %5.1f%%",
                        m.getAs("san"), g, 100.0 * (long) m.getAs("white_wins") / g,
                        100.0 * (long) m.getAs("draws") / g, 100.0 * (long) m.getAs("black_wins") / g));
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
            List<Row> out = new ArrayList<>(2 * plies + 2);
            String[] moves = g.isNullAt(1) ? new String[0] : UciMoves.array(g.getList(1));
            walk.walk(g.getString(0), moves, new OpeningWalk.Sink() {
                @Override
                public void position(long key, String fen, int ply) {
                    out.add(RowFactory.create(key, fen, ply, null, null, outcome, we, be));
                }

                @Override
                public void move(long key, String uci, String san) {
                    out.add(RowFactory.create(key, null, null, uci, san, outcome, we, be));
                }
            });
            return out.iterator();
        }
    }
}
