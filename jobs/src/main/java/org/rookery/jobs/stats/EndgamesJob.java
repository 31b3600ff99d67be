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
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.rookery.core.board.Piece;
import org.rookery.core.notation.UciMoves;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.Tablebase;
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

    /** What the job found; the tablebase counts are 0 without {@code --tb}. */
    public record Summary(long games, long signatures, long probed, long wonNotWon, long drawnNotDrawn,
            double seconds) {
    }

    /** Builds both tables from the games of {@code collection} (null: all), without tablebases. */
    public static Summary run(SparkSession spark, String data, String collection, int maxPieces)
            throws IOException {
        return run(spark, data, collection, maxPieces, null);
    }

    /**
     * Builds both tables from the games of {@code collection} (null: all); with {@code tbDir}
     * (null: none) each entry position a table covers gets its tablebase value.
     */
    public static Summary run(SparkSession spark, String data, String collection, int maxPieces, String tbDir)
            throws IOException {
        long t0 = System.nanoTime();
        if (tbDir != null) {
            Tablebases.check(tbDir);
        }
        Dataset<Row> games = Tables.games(spark, data, collection)
                .select("game_id", "collection", "start_fen", "moves_uci", "ply_count", "result", "termination");
        Dataset<Row> entries = games.mapPartitions(new Entry(maxPieces, tbDir),
                Encoders.row(Schemas.ENDGAMES_SCHEMA));
        Tables.withoutDictionaries(entries.write(), "game_id", "entry_fen").mode(SaveMode.Overwrite)
                .partitionBy(Schemas.COLLECTION).parquet(Tables.path(data, Schemas.ENDGAMES));
        // The declared schema, so partitions written before the tablebase columns read them as null.
        Dataset<Row> all = spark.read().schema(Schemas.ENDGAMES_SCHEMA).parquet(Tables.path(data, Schemas.ENDGAMES));
        summarize(all).coalesce(1).write().mode(SaveMode.Overwrite)
                .parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY));
        Dataset<Row> summary = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY));
        Row total = summary.agg(sum("games"), count(lit(1)), sum("tb_games"), sum("won_not_won"),
                sum("drawn_not_drawn")).first();
        return new Summary(longOr0(total, 0), total.getLong(1), longOr0(total, 2), longOr0(total, 3),
                longOr0(total, 4), (System.nanoTime() - t0) / 1e9);
    }

    private static long longOr0(Row r, int i) {
        return r.isNullAt(i) ? 0 : r.getLong(i);
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
                avg("plies_left").as("avg_plies_left"),
                countIf(col("tb_category").isNotNull()).as("tb_games"),
                countIf(col("tb_category").equalTo("win")).as("tb_wins"),
                countIf(col("tb_category").equalTo("cursed-win")).as("tb_cursed_wins"),
                countIf(col("tb_category").equalTo("draw")).as("tb_draws"),
                countIf(col("tb_category").equalTo("blessed-loss")).as("tb_blessed_losses"),
                countIf(col("tb_category").equalTo("loss")).as("tb_losses"),
                countIf(col("won_not_won")).as("won_not_won"),
                countIf(col("drawn_not_drawn")).as("drawn_not_drawn"),
                countIf(col("won_not_won").isNotNull().and(col("tb_category").isin("win", "loss")))
                        .as("tb_decisive_finished"));
        Column decided = col("games").minus(col("unfinished"));
        for (String c : new String[] {"first_side_wins", "draws", "first_side_losses"}) {
            agg = agg.withColumn(c.replace("first_side_", "") + "_rate",
                    round(when(decided.gt(0), col(c).divide(decided)), 6));
        }
        agg = agg.withColumn("won_not_won_rate", round(when(col("tb_decisive_finished").gt(0),
                col("won_not_won").divide(col("tb_decisive_finished"))), 6)).drop("tb_decisive_finished");
        return agg.orderBy(col("games").desc(), col("signature"));
    }

    private static Column countIf(Column condition) {
        return sum(when(condition, 1L).otherwise(0L));
    }

    /** Prints the summary and the most frequent signatures. */
    public static void print(SparkSession spark, String data, Summary s, int maxPieces, PrintWriter out) {
        out.println(String.format(Locale.ROOT, "endgames: %,d games reached <= %d pieces, %,d signatures, in %.1f s",
                s.games(), maxPieces, s.signatures(), s.seconds()));
        if (s.probed() > 0) {
            out.println(String.format(Locale.ROOT,
                    "  tablebase: %,d entry positions probed; %,d won positions not won, %,d drawn positions lost",
                    s.probed(), s.wonNotWon(), s.drawnNotDrawn()));
        }
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

    /**
     * A partition's games to their endgame entry rows: one {@link EndgameEntry} per task, and the
     * tablebase (when given) opened once per executor JVM.
     */
    static final class Entry implements MapPartitionsFunction<Row, Row> {
        private static final long serialVersionUID = 1L;
        private final int maxPieces;
        private final String tbDir;

        Entry(int maxPieces, String tbDir) {
            this.maxPieces = maxPieces;
            this.tbDir = tbDir;
        }

        @Override
        public Iterator<Row> call(Iterator<Row> games) {
            EndgameEntry finder = new EndgameEntry();
            EntryTruth truth = tbDir == null ? null : new EntryTruth();
            Tablebase tb = tbDir == null ? null : Tablebases.get(tbDir);
            return new Iterator<>() {
                private Row next;

                @Override
                public boolean hasNext() {
                    while (next == null && games.hasNext()) {
                        next = row(games.next(), finder, maxPieces, tb, truth);
                    }
                    return next != null;
                }

                @Override
                public Row next() {
                    if (!hasNext()) {
                        throw new java.util.NoSuchElementException();
                    }
                    Row r = next;
                    next = null;
                    return r;
                }
            };
        }
    }

    /** The {@code endgames} row of one game, or null when it never gets down to {@code maxPieces}. */
    static Row row(Row g, EndgameEntry finder, int maxPieces, Tablebase tb, EntryTruth truth) {
        String[] moves = g.isNullAt(3) ? new String[0] : UciMoves.array(g.getList(3));
        if (!finder.find(g.getString(2), moves, maxPieces)) {
            return null;
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
        int plyCount = g.isNullAt(4) ? moves.length : g.getInt(4);
        boolean probed = tb != null
                && truth.probe(tb, finder.position(), whiteFirst == (finder.sideToMove() == Piece.WHITE));
        Category c = probed ? truth.category() : null;
        return RowFactory.create(
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
                g.getString(6),
                c == null ? null : c.api(),
                probed ? truth.dtz() : null,
                probed ? truth.dtm() : null,
                EntryTruth.wonNotWon(c, firstScore),
                EntryTruth.drawnNotDrawn(c, firstScore));
    }
}
