package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.round;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;
import static org.rookery.contract.schema.Endgames.DRAWN_NOT_DRAWN;
import static org.rookery.contract.schema.Endgames.ENTRY_FEN;
import static org.rookery.contract.schema.Endgames.FIRST_SIDE_SCORE;
import static org.rookery.contract.schema.Endgames.PIECES;
import static org.rookery.contract.schema.Endgames.PLIES_LEFT;
import static org.rookery.contract.schema.Endgames.SIGNATURE;
import static org.rookery.contract.schema.Endgames.TB_CATEGORY;
import static org.rookery.contract.schema.Endgames.WON_NOT_WON;
import static org.rookery.contract.schema.EndgamesSummary.AVG_PLIES_LEFT;
import static org.rookery.contract.schema.EndgamesSummary.DRAWS;
import static org.rookery.contract.schema.EndgamesSummary.DRAWS_RATE;
import static org.rookery.contract.schema.EndgamesSummary.FIRST_SIDE_LOSSES;
import static org.rookery.contract.schema.EndgamesSummary.FIRST_SIDE_WINS;
import static org.rookery.contract.schema.EndgamesSummary.GAMES;
import static org.rookery.contract.schema.EndgamesSummary.LOSSES_RATE;
import static org.rookery.contract.schema.EndgamesSummary.TB_BLESSED_LOSSES;
import static org.rookery.contract.schema.EndgamesSummary.TB_CURSED_WINS;
import static org.rookery.contract.schema.EndgamesSummary.TB_DRAWS;
import static org.rookery.contract.schema.EndgamesSummary.TB_GAMES;
import static org.rookery.contract.schema.EndgamesSummary.TB_LOSSES;
import static org.rookery.contract.schema.EndgamesSummary.TB_WINS;
import static org.rookery.contract.schema.EndgamesSummary.UNFINISHED;
import static org.rookery.contract.schema.EndgamesSummary.WINS_RATE;
import static org.rookery.contract.schema.EndgamesSummary.WON_NOT_WON_RATE;

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
import org.rookery.contract.schema.Games;
import org.rookery.core.board.Piece;
import org.rookery.core.notation.UciMoves;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.source.TableSources;
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
        return run(spark, data, collection, maxPieces, tbDir, false);
    }

    /** {@link #run(SparkSession, String, String, int, String)}; with {@code dedupe}, each game counted once. */
    public static Summary run(SparkSession spark, String data, String collection, int maxPieces, String tbDir,
            boolean dedupe) throws IOException {
        long t0 = System.nanoTime();
        if (tbDir != null) {
            Tablebases.check(tbDir);
        }
        Dataset<Row> games = Tables.games(spark, data, collection, dedupe)
                .select(Games.GAME_ID, Games.COLLECTION, Games.START_FEN, Games.MOVES_UCI, Games.PLY_COUNT, Games.RESULT,
                        Games.TERMINATION);
        Dataset<Row> entries = games.mapPartitions(new Entry(maxPieces, tbDir),
                Encoders.row(Schemas.ENDGAMES_SCHEMA));
        Tables.withoutDictionaries(entries.write(), Games.GAME_ID, ENTRY_FEN).mode(SaveMode.Overwrite)
                .partitionBy(Schemas.COLLECTION).parquet(Tables.path(data, Schemas.ENDGAMES));
        // The declared schema, so partitions written before the tablebase columns read them as null.
        Dataset<Row> all = spark.read().schema(Schemas.ENDGAMES_SCHEMA).parquet(Tables.path(data, Schemas.ENDGAMES));
        summarize(all).coalesce(1).write().mode(SaveMode.Overwrite)
                .parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY));
        Dataset<Row> summary = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY));
        Row total = summary.agg(sum(GAMES), count(lit(1)), sum(TB_GAMES), sum(WON_NOT_WON),
                sum(DRAWN_NOT_DRAWN)).first();
        return new Summary(longOr0(total, 0), total.getLong(1), longOr0(total, 2), longOr0(total, 3),
                longOr0(total, 4), (System.nanoTime() - t0) / 1e9);
    }

    private static long longOr0(Row r, int i) {
        return r.isNullAt(i) ? 0 : r.getLong(i);
    }

    /** Per signature: games, outcomes for the side listed first, and the average plies left. */
    public static Dataset<Row> summarize(Dataset<Row> entries) {
        Column score = col(FIRST_SIDE_SCORE);
        Column category = col(TB_CATEGORY);
        Dataset<Row> agg = entries.groupBy(SIGNATURE, PIECES).agg(
                count(lit(1)).as(GAMES),
                sum(when(score.equalTo(1.0), 1L).otherwise(0L)).as(FIRST_SIDE_WINS),
                sum(when(score.equalTo(0.5), 1L).otherwise(0L)).as(DRAWS),
                sum(when(score.equalTo(0.0), 1L).otherwise(0L)).as(FIRST_SIDE_LOSSES),
                sum(when(score.isNull(), 1L).otherwise(0L)).as(UNFINISHED),
                avg(PLIES_LEFT).as(AVG_PLIES_LEFT),
                countIf(category.isNotNull()).as(TB_GAMES),
                countIf(category.equalTo(Category.WIN.api())).as(TB_WINS),
                countIf(category.equalTo(Category.CURSED_WIN.api())).as(TB_CURSED_WINS),
                countIf(category.equalTo(Category.DRAW.api())).as(TB_DRAWS),
                countIf(category.equalTo(Category.BLESSED_LOSS.api())).as(TB_BLESSED_LOSSES),
                countIf(category.equalTo(Category.LOSS.api())).as(TB_LOSSES),
                countIf(col(WON_NOT_WON)).as(WON_NOT_WON),
                countIf(col(DRAWN_NOT_DRAWN)).as(DRAWN_NOT_DRAWN),
                countIf(col(WON_NOT_WON).isNotNull().and(category.isin(Category.WIN.api(), Category.LOSS.api())))
                        .as("tb_decisive_finished"));
        Column decided = col(GAMES).minus(col(UNFINISHED));
        String[][] rates = {{FIRST_SIDE_WINS, WINS_RATE}, {DRAWS, DRAWS_RATE}, {FIRST_SIDE_LOSSES, LOSSES_RATE}};
        for (String[] r : rates) {
            agg = agg.withColumn(r[1], round(when(decided.gt(0), col(r[0]).divide(decided)), 6));
        }
        agg = agg.withColumn(WON_NOT_WON_RATE, round(when(col("tb_decisive_finished").gt(0),
                col(WON_NOT_WON).divide(col("tb_decisive_finished"))), 6)).drop("tb_decisive_finished");
        return agg.orderBy(col(GAMES).desc(), col(SIGNATURE));
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
                .orderBy(col(GAMES).desc(), col(SIGNATURE)).limit(10).collectAsList();
        for (Row r : top) {
            out.println(String.format(Locale.ROOT, "  %-12s %,10d games: first side wins %s, draws %s, loses %s; %.0f plies left on average",
                    r.getAs(SIGNATURE), (long) r.getAs(GAMES), rate(r.getAs(WINS_RATE)),
                    rate(r.getAs(DRAWS_RATE)), rate(r.getAs(LOSSES_RATE)), (double) r.getAs(AVG_PLIES_LEFT)));
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
            TableSources tb = tbDir == null ? null : Tablebases.get(tbDir);
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
    static Row row(Row g, EndgameEntry finder, int maxPieces, TableSources tb, EntryTruth truth) {
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
                probed && truth.hasDtm() ? truth.dtm() : null,
                EntryTruth.wonNotWon(c, firstScore),
                EntryTruth.drawnNotDrawn(c, firstScore));
    }
}
