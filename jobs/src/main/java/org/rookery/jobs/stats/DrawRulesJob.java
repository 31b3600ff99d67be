package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.rookery.contract.schema.DrawRulesSummary.ALL;
import static org.rookery.contract.schema.DrawRulesSummary.DIMENSION;
import static org.rookery.contract.schema.DrawRulesSummary.FIFTY;
import static org.rookery.contract.schema.DrawRulesSummary.FIVEFOLD;
import static org.rookery.contract.schema.DrawRulesSummary.GAMES;
import static org.rookery.contract.schema.DrawRulesSummary.NEAR_FIFTY;
import static org.rookery.contract.schema.DrawRulesSummary.NEAR_THREEFOLD;
import static org.rookery.contract.schema.DrawRulesSummary.REPLAY_ERRORS;
import static org.rookery.contract.schema.DrawRulesSummary.SEVENTYFIVE;
import static org.rookery.contract.schema.DrawRulesSummary.THREEFOLD;
import static org.rookery.contract.schema.DrawRulesSummary.VALUE;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.functions;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import org.rookery.contract.dimensions.GameYear;
import org.rookery.contract.dimensions.RatingBand;
import org.rookery.contract.dimensions.TimeControlClass;
import org.rookery.contract.schema.DrawFactsColumns;
import org.rookery.contract.schema.DrawRules;
import org.rookery.contract.schema.DrawRulesSummary;
import org.rookery.contract.schema.Games;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.rules.DrawFacts;
import org.rookery.core.rules.DrawRuleScan;
import org.rookery.jobs.spark.FileSplits;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * {@code rookery analyze draw-rules}: per game, when threefold and fivefold repetition and the 50-
 * and 75-move rules first applied and how close the game came (table {@code draw_rules},
 * partitioned by collection), and rates broken down by rating band, time-control class, year,
 * result, ECO and variant (table {@code draw_rules_summary}, one row per dimension value).
 */
public final class DrawRulesJob {
    private DrawRulesJob() {
    }

    /** The dimensions of {@code draw_rules_summary}, in its {@code dimension} column. */
    public static final String[] DIMENSIONS = {DrawRulesSummary.ALL, DrawRules.RATING_BAND,
        DrawRules.TIME_CONTROL_CLASS, DrawRules.YEAR, Games.RESULT, Games.ECO, Games.VARIANT};

    /** Game columns the scan needs; {@code moves_uci} only where {@code draw_facts} is missing. */
    private static final String[] INPUT = {Games.GAME_ID, Games.COLLECTION, Games.SOURCE, Games.RESULT,
        Games.TERMINATION, Games.START_FEN, Games.MOVES_UCI, Games.WHITE_ELO, Games.BLACK_ELO, Games.TIME_CONTROL,
        Games.DATE, Games.ECO, Games.PLY_COUNT, Schemas.DRAW_FACTS, Games.VARIANT};

    /** Position of {@code moves_uci} in {@link #INPUT}. */
    private static final int MOVES = 6;

    /** Counts of the {@code all} row, for the printed summary. */
    public record Summary(long games, long threefold, long threefoldClaimed, long fivefold, long fifty,
            long fiftyClaimed, long seventyFive, long nearThreefold, long nearFifty, long replayErrors,
            double seconds) {
    }

    /** Computes both tables from the games of {@code collection} (null: all collections). */
    public static Summary run(SparkSession spark, String data, String collection) throws IOException {
        return run(spark, data, collection, false);
    }

    /** {@link #run(SparkSession, String, String)}; with {@code dedupe}, each game counted once. */
    public static Summary run(SparkSession spark, String data, String collection, boolean dedupe) throws IOException {
        long t0 = System.nanoTime();
        Dataset<Row> games = Tables.games(spark, data, collection, dedupe);
        // Internal rows in and out, as in ingestion: converting every row to external Rows and
        // back (a String per text column, twice) was most of this job once it stopped replaying.
        JavaRDD<InternalRow> in = FileSplits.onePerFile(spark, games,
                () -> factsOrMoves(games).queryExecution().toRdd().toJavaRDD());
        DrawRulesTallies tallies = new DrawRulesTallies();
        spark.sparkContext().register(tallies, "draw-rules tallies");
        JavaRDD<InternalRow> out = in.mapPartitions(new Scan(tallies));
        Dataset<Row> perGame = spark.internalCreateDataFrame(out.rdd(), Schemas.DRAW_RULES_SCHEMA, false);
        // game_id never repeats: a dictionary for it is built, overflows and is thrown away.
        Tables.withoutDictionaries(perGame.write(), Games.GAME_ID).mode(SaveMode.Overwrite)
                .partitionBy(Schemas.COLLECTION).parquet(Tables.path(data, Schemas.DRAW_RULES));

        // The summary comes from the counts the write's tasks kept: reading draw_rules back and
        // aggregating it through two shuffles cost as much as the per-game scan.
        List<Row> rows = tallies.value().summaryRows();
        // One small file, sorted inside its single partition: a global orderBy would add a
        // sampling job and a shuffle for a few thousand rows.
        spark.createDataFrame(rows, DrawRulesTally.SUMMARY_SCHEMA).coalesce(1)
                .sortWithinPartitions(col(DIMENSION), col(GAMES).desc(), col(VALUE))
                .write().mode(SaveMode.Overwrite).parquet(Tables.path(data, Schemas.DRAW_RULES_SUMMARY));

        Row top = null;
        for (Row r : rows) {
            if (ALL.equals(r.getAs(DIMENSION))) {
                top = r;
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (top == null) {
            return new Summary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, seconds);
        }
        return new Summary(top.getAs(GAMES), top.getAs(THREEFOLD), top.getAs(DrawRules.THREEFOLD_CLAIMED),
                top.getAs(FIVEFOLD), top.getAs(FIFTY), top.getAs(DrawRules.FIFTY_CLAIMED),
                top.getAs(SEVENTYFIVE), top.getAs(NEAR_THREEFOLD), top.getAs(NEAR_FIFTY),
                top.getAs(REPLAY_ERRORS), seconds);
    }

    /**
     * The {@link #INPUT} columns of {@code games}: without the moves where ingestion stored
     * {@code draw_facts} (decoding every game's moves from Parquet was most of this job's time once
     * ingestion stored the facts), with them where it did not (gauntlet games from the sink). The
     * split is on a required field of the struct, null exactly where the struct is, so Parquet's
     * row-group statistics let each side skip the other's row groups unread; a separate job that
     * first found the collections without facts cost a second of a 231,683-game run.
     */
    static Dataset<Row> factsOrMoves(Dataset<Row> games) {
        Column noFacts = col(Schemas.DRAW_FACTS + "." + DrawFactsColumns.MAX_HALFMOVE_CLOCK).isNull();
        Column[] withoutMoves = cols(INPUT);
        withoutMoves[MOVES] = lit(null).cast(Schemas.GAMES_SCHEMA.apply(Games.MOVES_UCI).dataType()).as(Games.MOVES_UCI);
        Dataset<Row> stored = games.where(functions.not(noFacts)).select(withoutMoves);
        return stored.unionAll(games.where(noFacts).select(cols(INPUT)));
    }

    private static Column[] cols(String[] names) {
        Column[] c = new Column[names.length];
        for (int i = 0; i < names.length; i++) {
            c[i] = col(names[i]);
        }
        return c;
    }

    /** Prints the summary: the overall rates and the breakdown by time-control class. */
    public static void print(SparkSession spark, String data, Summary s, PrintWriter out) {
        out.println(String.format(Locale.ROOT, "draw-rules: %,d games in %.1f s", s.games(), s.seconds()));
        out.println(String.format(Locale.ROOT,
                "  threefold reached %s (claimed %s), fivefold %s, 50-move claimable %s (claimed %s), 75-move %s",
                pct(s.threefold(), s.games()), pct(s.threefoldClaimed(), s.games()), pct(s.fivefold(), s.games()),
                pct(s.fifty(), s.games()), pct(s.fiftyClaimed(), s.games()), pct(s.seventyFive(), s.games())));
        out.println(String.format(Locale.ROOT,
                "  near misses: a position twice but never three times %s; halfmove clock 80-99 at most %s",
                pct(s.nearThreefold(), s.games()), pct(s.nearFifty(), s.games())));
        if (s.replayErrors() > 0) {
            out.println(String.format(Locale.ROOT, "  %,d games did not replay (see replay_error)",
                    s.replayErrors()));
        }
        List<Row> byTc = spark.read().parquet(Tables.path(data, Schemas.DRAW_RULES_SUMMARY))
                .where(col(DIMENSION).equalTo(DrawRules.TIME_CONTROL_CLASS)).orderBy(col(GAMES).desc())
                .collectAsList();
        for (Row r : byTc) {
            long games = r.getAs(GAMES);
            out.println(String.format(Locale.ROOT, "  %-15s %,11d games: threefold %s, fivefold %s, 50-move %s, 75-move %s",
                    r.getAs(VALUE), games, pct(r.getAs(THREEFOLD), games), pct(r.getAs(FIVEFOLD), games),
                    pct(r.getAs(FIFTY), games), pct(r.getAs(SEVENTYFIVE), games)));
        }
        out.println("  tables: " + Tables.path(data, Schemas.DRAW_RULES) + ", "
                + Tables.path(data, Schemas.DRAW_RULES_SUMMARY));
        out.flush();
    }

    private static String pct(long part, long whole) {
        return String.format(Locale.ROOT, "%.2f%%", whole == 0 ? 0.0 : 100.0 * part / whole);
    }

    /**
     * The per-game scan as a Spark partition function over internal rows ({@link #INPUT} in,
     * {@link Schemas#DRAW_RULES_SCHEMA} out): one {@link DrawRuleScan} per task.
     */
    static final class Scan implements FlatMapFunction<Iterator<InternalRow>, InternalRow> {
        private static final long serialVersionUID = 1L;

        private final DrawRulesTallies tallies;

        /** A scan that counts every row it yields into {@code tallies}. */
        Scan(DrawRulesTallies tallies) {
            this.tallies = tallies;
        }

        @Override
        public Iterator<InternalRow> call(Iterator<InternalRow> games) {
            DrawRuleScan scan = new DrawRuleScan();
            Labels labels = new Labels();
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return games.hasNext();
                }

                @Override
                public InternalRow next() {
                    InternalRow r = row(games.next(), scan, labels);
                    tallies.add(r);
                    return r;
                }
            };
        }
    }

    /**
     * Per-task caches of the dimension labels as Spark strings: the few distinct time controls and
     * bands of a collection are classified and encoded once, not once per game.
     */
    static final class Labels {
        private final Map<UTF8String, UTF8String> timeControls = new HashMap<>();
        private final Map<String, UTF8String> bands = new HashMap<>();
        private final Map<String, String> tcCache = TimeControlClass.newCache();

        UTF8String timeControlClass(UTF8String tag) {
            if (tag == null) {
                return timeControlClassOf(null);
            }
            UTF8String c = timeControls.get(tag);
            if (c == null) {
                c = timeControlClassOf(tag.toString());
                if (timeControls.size() < 10_000) {
                    timeControls.put(tag.clone(), c);
                }
            }
            return c;
        }

        private UTF8String timeControlClassOf(String tag) {
            return UTF8String.fromString(TimeControlClass.of(tag, tcCache));
        }

        UTF8String ratingBand(Integer whiteElo, Integer blackElo) {
            return bands.computeIfAbsent(RatingBand.of(whiteElo, blackElo), UTF8String::fromString);
        }
    }

    private static final UTF8String DRAW = UTF8String.fromString(PgnGame.DRAW);
    /** {@code variant} of games from files written before the column. */
    private static final UTF8String STANDARD = UTF8String.fromString(org.rookery.core.board.Variant.STANDARD.id());

    /**
     * The {@code draw_rules} row of one {@code games} row (columns as in {@link #INPUT}). The input
     * row may be reused by its producer: strings kept in the output are copied.
     */
    static InternalRow row(InternalRow g, DrawRuleScan scan, Labels labels) {
        UTF8String resultText = str(g, 3);
        String result = resultText == null ? null : DRAW.equals(resultText) ? PgnGame.DRAW : resultText.toString();
        boolean ok;
        DrawFacts facts = scan.facts();
        if (!g.isNullAt(13)) {
            InternalRow f = g.getStruct(13, Schemas.DRAW_FACTS_TYPE.size());
            facts.restore(g.getInt(12), ply(f, 0), ply(f, 1), ply(f, 2), ply(f, 3), f.getInt(4), f.getInt(5),
                    f.getInt(6), f.getInt(7), f.getInt(8), f.getInt(9));
            ok = true;
        } else {
            String[] moves = g.isNullAt(MOVES) ? new String[0] : strings(g.getArray(MOVES));
            UTF8String fen = str(g, 5);
            ok = scan.scan(fen == null ? null : fen.toString(), moves);
        }
        Integer whiteElo = g.isNullAt(7) ? null : g.getInt(7);
        Integer blackElo = g.isNullAt(8) ? null : g.getInt(8);
        return new GenericInternalRow(new Object[] {
            str(g, 0),
            str(g, 1),
            str(g, 2),
            resultText,
            str(g, 4),
            facts.plies(),
            ply(facts.threefoldPly()),
            facts.threefoldClaimed(result),
            ply(facts.fivefoldPly()),
            ply(facts.fiftyPly()),
            facts.fiftyClaimed(result),
            ply(facts.seventyFivePly()),
            facts.maxHalfmoveClock(),
            facts.longestReversibleRun(),
            facts.repeatedPositions(),
            facts.maxRepetitions(),
            labels.ratingBand(whiteElo, blackElo),
            labels.timeControlClass(g.isNullAt(9) ? null : g.getUTF8String(9)),
            year(g.isNullAt(10) ? null : g.getUTF8String(10)),
            str(g, 11),
            ok ? null : UTF8String.fromString(scan.error()),
            g.isNullAt(14) ? STANDARD : str(g, 14)});
    }

    /** A string column as an independent copy, or null. */
    private static UTF8String str(InternalRow g, int i) {
        return g.isNullAt(i) ? null : g.getUTF8String(i).clone();
    }

    private static String[] strings(ArrayData a) {
        String[] out = new String[a.numElements()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.getUTF8String(i).toString();
        }
        return out;
    }

    /** {@link GameYear#of} on the stored bytes, without making a String of every date. */
    static Integer year(UTF8String date) {
        if (date == null || date.numBytes() < 4) {
            return null;
        }
        int y = 0;
        for (int i = 0; i < 4; i++) {
            byte c = Platform.getByte(date.getBaseObject(), date.getBaseOffset() + i);
            if (c < '0' || c > '9') {
                return null;
            }
            y = y * 10 + (c - '0');
        }
        return y == 0 ? null : y;
    }

    /** A stored ply of {@code draw_facts}, -1 where null (the rule never applied). */
    private static int ply(InternalRow facts, int i) {
        return facts.isNullAt(i) ? -1 : facts.getInt(i);
    }

    private static Integer ply(int p) {
        return p < 0 ? null : p;
    }
}
