package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.round;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.io.PrintWriter;
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
import org.rookery.core.board.Piece;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * {@code rookery analyze endgames}: for every game that gets down to at most N pieces (kings
 * included), the material at the first such position, the outcome and the plies left (table
 * {@code endgames}, partitioned by collection, with the entry FEN and key so a tablebase verdict
 * can be joined in), and per signature the counts and outcome rates from the side listed first,
 * the stronger one (table {@code endgames_summary}).
 */
public final class EndgamesJob {
    private EndgamesJob() {
    }

    /** What the job found. */
    public record Summary(long games, long signatures, double seconds) {
    }

    /** Builds both tables from the games of {@code collection} (null: all). */
    public static Summary run(SparkSession spark, String data, String collection, int maxPieces)
            throws IOException {
        long t0 = System.nanoTime();
        Dataset<Row> games = Tables.games(spark, data, collection)
                .select("game_id", "collection", "start_fen", "moves_uci", "ply_count", "result", "termination");
        Dataset<Row> entries = games.flatMap(new Entry(maxPieces), Encoders.row(Schemas.ENDGAMES_SCHEMA));
        entries.write().mode(SaveMode.Overwrite).partitionBy(Schemas.COLLECTION)
                .parquet(Tables.path(data, Schemas.ENDGAMES));
        Dataset<Row> all = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES));
        summarize(all).coalesce(1).write().mode(SaveMode.Overwrite)
                .parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY));
        Dataset<Row> summary = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY));
        long reached = summary.agg(sum("games")).first().isNullAt(0) ? 0
                : summary.agg(sum("games")).first().getLong(0);
        return new Summary(reached, summary.count(), (System.nanoTime() - t0) / 1e9);
    }

    /** Per signature: games, outcomes for the side listed first, and the average plies left. */
    public static Dataset<Row> summarize(Dataset<Row> entries) {
        Column score = col("first_side_score");
        Dataset<Row> agg = entries.groupBy("signature", "pieces").agg(
                count(lit(1)).as("games"),
                sum(when(score.equalTo(1.0), 1L).otherwise(0L)).as("first_side_wins"),
                sum(when(score.equalTo(0.5), 1L).otherwise(0L)).as("draws"),
                sum(when(score.equalTo(0.0), 1L).otherwise(0L)).as("first_side_losses"),
                sum(when(score.isNull(), 1L).otherwise(0L)).as("unfinished"),
                avg("plies_left").as("avg_plies_left"));
        Column decided = col("games").minus(col("unfinished"));
        for (String c : new String[] {"first_side_wins", "draws", "first_side_losses"}) {
            agg = agg.withColumn(c.replace("first_side_", "") + "_rate",
                    round(when(decided.gt(0), col(c).divide(decided)), 6));
        }
        return agg.orderBy(col("games").desc(), col("signature"));
    }

    /** Prints the summary and the most frequent signatures. */
    public static void print(SparkSession spark, String data, Summary s, int maxPieces, PrintWriter out) {
        out.println(String.format(Locale.ROOT, "endgames: %,d games reached <= %d pieces, %,d signatures, in %.1f s",
                s.games(), maxPieces, s.signatures(), s.seconds()));
        List<Row> top = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY))
                .orderBy(col("games").desc(), col("signature")).limit(10).collectAsList();
        for (Row r : top) {
            out.println(String.format(Locale.ROOT, "  %-12s %,10d games: first side wins %s, draws %s, loses %s; %.0f plies left on average",
                    r.getAs("signature"), (long) r.getAs("games"), rate(r.getAs("wins_rate")),
                    rate(r.getAs("draws_rate")), rate(r.getAs("losses_rate")), (double) r.getAs("avg_plies_left")));
        }
        out.println("  tables: " + Tables.path(data, Schemas.ENDGAMES) + ", "
                + Tables.path(data, Schemas.ENDGAMES_SUMMARY));
        out.flush();
    }

    private static String rate(Object r) {
        return r == null ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * (double) r);
    }

    /** Flat-maps a game to its endgame entry row, if it has one. */
    static final class Entry implements FlatMapFunction<Row, Row> {
        private static final long serialVersionUID = 1L;
        private final int maxPieces;
        private transient EndgameEntry finder;

        Entry(int maxPieces) {
            this.maxPieces = maxPieces;
        }

        @Override
        public Iterator<Row> call(Row g) {
            if (finder == null) {
                finder = new EndgameEntry();
            }
            List<String> moves = g.isNullAt(3) ? List.of() : g.getList(3);
            if (!finder.find(g.getString(2), moves, maxPieces)) {
                return java.util.Collections.emptyIterator();
            }
            String result = g.getString(5);
            boolean whiteFirst = finder.whiteFirst();
            Double whiteScore = switch (result == null ? "*" : result) {
                case "1-0" -> 1.0;
                case "0-1" -> 0.0;
                case "1/2-1/2" -> 0.5;
                default -> null;
            };
            Double firstScore = whiteScore == null ? null : whiteFirst ? whiteScore : 1.0 - whiteScore;
            int plyCount = g.isNullAt(4) ? moves.size() : g.getInt(4);
            return List.of(RowFactory.create(
                    g.getString(0),
                    g.getString(1),
                    finder.pieces(),
                    finder.signature(),
                    finder.material(),
                    whiteFirst ? "white" : "black",
                    finder.entryPly(),
                    Math.max(0, plyCount - finder.entryPly()),
                    finder.sideToMove() == Piece.WHITE ? "white" : "black",
                    finder.entryFen(),
                    finder.entryKey(),
                    result,
                    firstScore,
                    g.getString(6))).iterator();
        }
    }
}
