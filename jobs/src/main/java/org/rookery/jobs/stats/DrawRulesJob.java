package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.round;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

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
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.rules.DrawFacts;
import org.rookery.core.rules.DrawRuleScan;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * {@code rookery analyze draw-rules}: per game, when threefold and fivefold repetition and the 50-
 * and 75-move rules first applied and how close the game came (table {@code draw_rules},
 * partitioned by collection), and rates broken down by rating band, time-control class, year,
 * result and ECO (table {@code draw_rules_summary}, one row per dimension value).
 */
public final class DrawRulesJob {
    private DrawRulesJob() {
    }

    /** The dimensions of {@code draw_rules_summary}, in its {@code dimension} column. */
    public static final String[] DIMENSIONS = {"all", "rating_band", "time_control_class", "year",
        "result", "eco"};

    /** Game columns the scan needs; {@code moves_uci} only where {@code draw_facts} is missing. */
    private static final String[] INPUT = {"game_id", "collection", "source", "result", "termination",
        "start_fen", "moves_uci", "white_elo", "black_elo", "time_control", "date", "eco", "ply_count",
        Schemas.DRAW_FACTS};

    /** Position of {@code moves_uci} in {@link #INPUT}. */
    private static final int MOVES = 6;

    /** Counts of the {@code all} row, for the printed summary. */
    public record Summary(long games, long threefold, long threefoldClaimed, long fivefold, long fifty,
            long fiftyClaimed, long seventyFive, long nearThreefold, long nearFifty, long replayErrors,
            double seconds) {
    }

    /** Computes both tables from the games of {@code collection} (null: all collections). */
    public static Summary run(SparkSession spark, String data, String collection) throws IOException {
        long t0 = System.nanoTime();
        Dataset<Row> games = Tables.games(spark, data, collection);
        // Internal rows in and out, as in ingestion: converting every row to external Rows and
        // back (a String per text column, twice) was most of this job once it stopped replaying.
        JavaRDD<InternalRow> in = withFactsOrMoves(games).queryExecution().toRdd().toJavaRDD();
        JavaRDD<InternalRow> out = in.mapPartitions(new Scan());
        Dataset<Row> perGame = spark.internalCreateDataFrame(out.rdd(), Schemas.DRAW_RULES_SCHEMA, false);
        // game_id never repeats: a dictionary for it is built, overflows and is thrown away.
        Tables.withoutDictionaries(perGame.write(), "game_id").mode(SaveMode.Overwrite)
                .partitionBy(Schemas.COLLECTION).parquet(Tables.path(data, Schemas.DRAW_RULES));

        Dataset<Row> all = spark.read().parquet(Tables.path(data, Schemas.DRAW_RULES));
        // One small file, sorted inside its single partition: a global orderBy would add a
        // sampling job and a shuffle for a few thousand rows.
        Dataset<Row> summary = summarize(all).coalesce(1)
                .sortWithinPartitions(col("dimension"), col("games").desc(), col("value"));
        summary.write().mode(SaveMode.Overwrite)
                .parquet(Tables.path(data, Schemas.DRAW_RULES_SUMMARY));

        Row top = spark.read().parquet(Tables.path(data, Schemas.DRAW_RULES_SUMMARY))
                .where(col("dimension").equalTo("all")).first();
        return new Summary(top.getAs("games"), top.getAs("threefold"), top.getAs("threefold_claimed"),
                top.getAs("fivefold"), top.getAs("fifty"), top.getAs("fifty_claimed"),
                top.getAs("seventyfive"), top.getAs("near_threefold"), top.getAs("near_fifty"),
                top.getAs("replay_errors"), (System.nanoTime() - t0) / 1e9);
    }

    /**
     * The {@link #INPUT} columns of {@code games}, reading the moves only of the collections that
     * have games without stored {@code draw_facts} (gauntlet games from the sink): decoding every
     * game's moves from Parquet was most of this job's time once ingestion stored the facts.
     * Collections are partitions, so each side of the union reads only its own files.
     */
    static Dataset<Row> withFactsOrMoves(Dataset<Row> games) {
        List<String> replay = new java.util.ArrayList<>();
        for (Row r : games.where(col(Schemas.DRAW_FACTS).isNull()).select(Schemas.COLLECTION).distinct()
                .collectAsList()) {
            replay.add(r.getString(0));
        }
        Column needsMoves = col(Schemas.COLLECTION).isin(replay.toArray());
        Column[] withoutMoves = cols(INPUT);
        withoutMoves[MOVES] = lit(null).cast(Schemas.GAMES_SCHEMA.apply("moves_uci").dataType()).as("moves_uci");
        Dataset<Row> stored = games.where(replay.isEmpty() ? lit(true) : functions.not(needsMoves))
                .select(withoutMoves);
        if (replay.isEmpty()) {
            return stored;
        }
        return stored.unionAll(games.where(needsMoves).select(cols(INPUT)));
    }

    /** Columns the breakdowns group by, in {@code draw_rules}. */
    private static final String[] DIMENSION_COLUMNS = {"rating_band", "time_control_class", "year", "result",
        "eco"};

    /**
     * The aggregate table: one row per (dimension, value) with counts and rates. Games are first
     * counted per combination of all dimension values (a few thousand groups however many games),
     * and the dimensions are cut from those: exploding every game into one row per dimension
     * first cost more than the whole per-game scan. Unordered; the job writes it sorted by
     * dimension, games (most first) and value.
     */
    public static Dataset<Row> summarize(Dataset<Row> perGame) {
        Column ok = col("replay_error").isNull();
        Dataset<Row> combos = perGame.groupBy(cols(DIMENSION_COLUMNS)).agg(
                count(lit(1)).as("games"),
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
                countIf(ok).as("ok_games"),
                sum(when(ok, col("max_halfmove_clock"))).as("sum_max_halfmove_clock"),
                sum(when(ok, col("longest_reversible_run"))).as("sum_longest_reversible_run"),
                sum(when(ok, col("ply_count"))).as("sum_plies"));
        Column dims = array(
                struct(lit("all").as("dimension"), lit("all").as("value")),
                struct(lit("rating_band").as("dimension"), col("rating_band").as("value")),
                struct(lit("time_control_class").as("dimension"), col("time_control_class").as("value")),
                struct(lit("year").as("dimension"),
                        coalesce(col("year").cast("string"), lit("unknown")).as("value")),
                struct(lit("result").as("dimension"), coalesce(col("result"), lit("unknown")).as("value")),
                struct(lit("eco").as("dimension"), coalesce(col("eco"), lit("unknown")).as("value")));
        Dataset<Row> g = combos.withColumn("d", explode(dims));
        String[] counts = {"games", "threefold", "threefold_claimed", "fivefold", "fifty", "fifty_claimed",
            "seventyfive", "near_threefold", "near_fifty", "draws", "replay_errors"};
        Column[] aggs = new Column[counts.length + 3];
        for (int k = 0; k < counts.length; k++) {
            aggs[k] = sum(counts[k]).as(counts[k]);
        }
        Column okGames = sum("ok_games");
        aggs[counts.length] = when(okGames.gt(0), sum("sum_max_halfmove_clock").divide(okGames))
                .as("avg_max_halfmove_clock");
        aggs[counts.length + 1] = when(okGames.gt(0), sum("sum_longest_reversible_run").divide(okGames))
                .as("avg_longest_reversible_run");
        aggs[counts.length + 2] = when(okGames.gt(0), sum("sum_plies").divide(okGames)).as("avg_plies");
        Dataset<Row> agg = g.groupBy(col("d.dimension").as("dimension"), col("d.value").as("value"))
                .agg(aggs[0], java.util.Arrays.copyOfRange(aggs, 1, aggs.length));
        for (String c : new String[] {"threefold", "threefold_claimed", "fivefold", "fifty", "seventyfive",
            "near_threefold", "near_fifty"}) {
            agg = agg.withColumn(c + "_rate", round(col(c).divide(col("games")), 6));
        }
        return agg;
    }

    private static Column countIf(Column condition) {
        return sum(when(condition, 1L).otherwise(0L));
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
                .where(col("dimension").equalTo("time_control_class")).orderBy(col("games").desc())
                .collectAsList();
        for (Row r : byTc) {
            long games = r.getAs("games");
            out.println(String.format(Locale.ROOT, "  %-15s %,11d games: threefold %s, fivefold %s, 50-move %s, 75-move %s",
                    r.getAs("value"), games, pct(r.getAs("threefold"), games), pct(r.getAs("fivefold"), games),
                    pct(r.getAs("fifty"), games), pct(r.getAs("seventyfive"), games)));
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
                    return row(games.next(), scan, labels);
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
            ok ? null : UTF8String.fromString(scan.error())});
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
