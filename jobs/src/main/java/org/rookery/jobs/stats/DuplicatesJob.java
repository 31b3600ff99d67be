package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.first;
import static org.apache.spark.sql.functions.hash;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.posexplode;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.slice;
import static org.apache.spark.sql.functions.substring;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;
import static org.apache.spark.sql.functions.xxhash64;
import static org.rookery.contract.schema.Duplicates.DUPLICATE_OF;
import static org.rookery.contract.schema.Duplicates.DUPLICATE_OF_PLIES;
import static org.rookery.contract.schema.Duplicates.EXACT;
import static org.rookery.contract.schema.Duplicates.KIND;
import static org.rookery.contract.schema.Duplicates.MOVES;
import static org.rookery.contract.schema.Duplicates.PLIES;
import static org.rookery.contract.schema.Duplicates.PREFIX;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.expressions.WindowSpec;
import org.rookery.contract.schema.Games;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * {@code rookery analyze duplicates}: the games that repeat another game (table {@code duplicates}).
 *
 * <p>Games with the same start and the same moves form a group, found by hashing the moves (two
 * independent 64- and 32-bit hashes and the ply count, so a false match needs both to collide).
 * The earliest game of a group, ordered by collection, source file, game number and id, is kept;
 * every other one is {@code exact} when its players and result equal the kept game's, else
 * {@code moves}. Then a kept game whose moves begin a longer kept game between the same players
 * (White and Black alike, same start, dates that do not contradict) is a {@code prefix} duplicate
 * of the longest such game. A prefix is found through the Polyglot keys {@code games} stores for every ply: the shorter game's
 * final key at its ply count in the longer game's keys, then its moves compared, so no pair of
 * games is compared unless it shares players, a position and a ply. The rows of a group whose kept
 * game turned out a prefix point to the longer game, so {@code duplicate_of} never names a
 * duplicate and {@code --dedupe} keeps exactly one game of each.
 */
public final class DuplicatesJob {
    private DuplicatesJob() {
    }

    /** Shortest game (in plies) that counts as the unfinished copy of a longer one. */
    public static final int MIN_PREFIX_PLIES = 1;

    /** Counts of the run, for the printed summary. */
    public record Summary(long games, long exact, long moves, long prefix, double seconds) {
        /** All duplicates. */
        public long duplicates() {
            return exact + moves + prefix;
        }
    }

    private static final String KEY64 = "moves_key64";
    private static final String KEY32 = "moves_key32";
    private static final String ORDER = "row_order";
    private static final String KEPT = "kept_id";
    private static final String KEPT_PLIES = "kept_plies";
    private static final String SAME_TAGS = "same_tags";
    private static final String FINAL_KEY = "final_key";
    private static final String POS = "pos";
    private static final String KEY = "key";

    /** Builds the table from the games of {@code collection} (null: all collections). */
    public static Summary run(SparkSession spark, String data, String collection) throws IOException {
        // Spark's default of 200 shuffle partitions made each of the job's shuffles write 200 files
        // per map task: on the real corpus most of its time was opening shuffle files (system CPU).
        // A few partitions per core, unless the user set the number (--conf).
        boolean ownPartitions = !spark.sparkContext().getConf().contains(SHUFFLE_PARTITIONS);
        if (ownPartitions) {
            spark.conf().set(SHUFFLE_PARTITIONS, Math.max(4, 4 * spark.sparkContext().defaultParallelism()));
        }
        try {
            return build(spark, data, collection);
        } finally {
            if (ownPartitions) {
                spark.conf().unset(SHUFFLE_PARTITIONS);
            }
        }
    }

    private static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";

    private static Summary build(SparkSession spark, String data, String collection) throws IOException {
        long t0 = System.nanoTime();
        Dataset<Row> withMoves = Tables.games(spark, data, collection).where(col(Games.MOVES_UCI).isNotNull());
        // The grouping sees each game as a few scalars: the moves and keys are read again only for
        // the prefix candidates, so nothing the size of the corpus is cached or sorted.
        Dataset<Row> games = withMoves
                .select(col(Games.GAME_ID), col(Games.COLLECTION), col(Games.SOURCE_FILE), col(Games.GAME_NUMBER),
                        col(Games.WHITE), col(Games.BLACK), col(Games.RESULT), col(Games.PLY_COUNT),
                        xxhash64(coalesce(col(Games.START_FEN), lit("")), col(Games.MOVES_UCI)).as(KEY64),
                        hash(coalesce(col(Games.START_FEN), lit("")), col(Games.MOVES_UCI)).as(KEY32));
        Column[] order = {col(Games.COLLECTION), col(Games.SOURCE_FILE).asc_nulls_last(),
            col(Games.GAME_NUMBER).asc_nulls_last(), col(Games.GAME_ID)};
        WindowSpec group = Window.partitionBy(col(KEY64), col(KEY32), col(Games.PLY_COUNT)).orderBy(order);
        Dataset<Row> grouped = games
                .withColumn(ORDER, row_number().over(group))
                .withColumn(KEPT, first(col(Games.GAME_ID)).over(group))
                .withColumn(SAME_TAGS, col(Games.WHITE).eqNullSafe(first(col(Games.WHITE)).over(group))
                        .and(col(Games.BLACK).eqNullSafe(first(col(Games.BLACK)).over(group)))
                        .and(col(Games.RESULT).eqNullSafe(first(col(Games.RESULT)).over(group))))
                .cache();

        Dataset<Row> kept = grouped.where(col(ORDER).equalTo(1));
        Dataset<Row> prefixOf = prefixes(kept, withMoves);

        // Members of a group: their kept game, or the longer game that kept game is a prefix of.
        Dataset<Row> members = grouped.where(col(ORDER).gt(1))
                .join(prefixOf.select(col(Games.GAME_ID).as(KEPT), col(DUPLICATE_OF).as("longer_id"),
                        col(DUPLICATE_OF_PLIES).as("longer_plies")), new String[] {KEPT}, "left")
                .select(col(Games.GAME_ID), coalesce(col("longer_id"), col(KEPT)).as(DUPLICATE_OF),
                        when(col(SAME_TAGS), lit(EXACT)).otherwise(lit(MOVES)).as(KIND),
                        col(Games.PLY_COUNT).as(PLIES),
                        coalesce(col("longer_plies"), col(Games.PLY_COUNT)).as(DUPLICATE_OF_PLIES),
                        col(Games.COLLECTION));
        Dataset<Row> rows = members.unionByName(prefixOf);
        Tables.withoutDictionaries(rows.write(), Games.GAME_ID, DUPLICATE_OF).mode(SaveMode.Overwrite)
                .partitionBy(Schemas.COLLECTION).parquet(Tables.path(data, Schemas.DUPLICATES));

        Row counts = spark.read().schema(Schemas.DUPLICATES_SCHEMA).parquet(Tables.path(data, Schemas.DUPLICATES))
                .where(collection == null ? lit(true) : col(Games.COLLECTION).equalTo(collection))
                .agg(sum(when(col(KIND).equalTo(EXACT), 1L).otherwise(0L)),
                        sum(when(col(KIND).equalTo(MOVES), 1L).otherwise(0L)),
                        sum(when(col(KIND).equalTo(PREFIX), 1L).otherwise(0L)))
                .first();
        long total = grouped.count();
        grouped.unpersist();
        return new Summary(total, longOr0(counts, 0), longOr0(counts, 1), longOr0(counts, 2),
                (System.nanoTime() - t0) / 1e9);
    }

    /**
     * Whether two PGN dates ({@code YYYY.MM.DD}, {@code ??} where unknown) can be the same day: each of year,
     * month and day equal or unknown on either side, or a date missing. Checked on the real corpus against
     * {@code pgn-extract -D} (BENCHMARKS.md): without it 36 of 81 prefixes were other games between the same
     * players on other dates that began with an earlier game's moves (short draws in a known line, a
     * 1-ply game "prefix" of a 129-ply one), not the same game saved unfinished.
     */
    static Column datesAgree(Column a, Column b) {
        Column agree = a.isNull().or(b.isNull());
        Column all = lit(true);
        int[][] parts = {{1, 4}, {6, 2}, {9, 2}};
        for (int[] p : parts) {
            Column x = substring(a, p[0], p[1]);
            Column y = substring(b, p[0], p[1]);
            all = all.and(x.contains("?").or(y.contains("?")).or(x.equalTo(y)));
        }
        return agree.or(all);
    }

    /**
     * The kept games whose moves begin a longer kept game between the same players, each with the
     * longest such game (the earliest of equally long ones), as {@code duplicates} rows; {@code kept}
     * holds their ids and players, {@code withMoves} the games with their moves and keys.
     */
    static Dataset<Row> prefixes(Dataset<Row> kept, Dataset<Row> withMoves) {
        // Only player pairs with two or more kept games can hold a prefix: most pairs have one.
        Dataset<Row> pairs = kept.groupBy(col(Games.WHITE), col(Games.BLACK)).agg(count(lit(1)).as("n"))
                .where(col("n").gt(1)).drop("n");
        Dataset<Row> candidateIds = kept.join(pairs, kept.col(Games.WHITE).eqNullSafe(pairs.col(Games.WHITE))
                .and(kept.col(Games.BLACK).eqNullSafe(pairs.col(Games.BLACK))), "left_semi").select(col(Games.GAME_ID));
        Dataset<Row> candidates = withMoves.where(col(Games.ZOBRIST).isNotNull())
                .join(candidateIds, new String[] {Games.GAME_ID}, "left_semi");
        Dataset<Row> shorter = candidates.where(col(Games.PLY_COUNT).geq(MIN_PREFIX_PLIES))
                .select(col(Games.GAME_ID).as("s_id"), col(Games.WHITE).as("s_white"), col(Games.BLACK).as("s_black"),
                        col(Games.START_FEN).as("s_fen"), col(Games.MOVES_UCI).as("s_moves"),
                        col(Games.PLY_COUNT).as("s_plies"), col(Games.COLLECTION).as("s_collection"),
                        col(Games.DATE).as("s_date"),
                        element_at(col(Games.ZOBRIST), col(Games.PLY_COUNT).plus(1)).as(FINAL_KEY));
        // The keys after plies 1 .. n-1 of each longer game: where a shorter game may have stopped.
        // One row per ply of every candidate, so it carries only the game's id and what the match
        // compares; the longer game's moves are joined back to the few positions that match.
        Dataset<Row> along = candidates
                .select(col(Games.GAME_ID).as("l_id"), col(Games.WHITE).as("l_white"), col(Games.BLACK).as("l_black"),
                        col(Games.START_FEN).as("l_fen"), col(Games.PLY_COUNT).as("l_plies"), col(Games.DATE).as("l_date"),
                        posexplode(col(Games.ZOBRIST)).as(new String[] {POS, KEY}))
                .where(col(POS).geq(MIN_PREFIX_PLIES).and(col(POS).lt(col("l_plies"))));
        Dataset<Row> longer = candidates
                .select(col(Games.GAME_ID).as("l_id"), col(Games.MOVES_UCI).as("l_moves"),
                        col(Games.COLLECTION).as("l_collection"), col(Games.SOURCE_FILE).as("l_file"),
                        col(Games.GAME_NUMBER).as("l_number"));
        Dataset<Row> matched = shorter.join(along, col(FINAL_KEY).equalTo(col(KEY))
                        .and(col("s_plies").equalTo(col(POS)))
                        .and(col("s_white").eqNullSafe(col("l_white")))
                        .and(col("s_black").eqNullSafe(col("l_black")))
                        .and(col("s_fen").eqNullSafe(col("l_fen")))
                        .and(datesAgree(col("s_date"), col("l_date"))))
                .join(longer, "l_id")
                .where(slice(col("l_moves"), lit(1), col("s_plies")).equalTo(col("s_moves")));
        WindowSpec longest = Window.partitionBy(col("s_id")).orderBy(col("l_plies").desc(), col("l_collection"),
                col("l_file").asc_nulls_last(), col("l_number").asc_nulls_last(), col("l_id"));
        return matched.withColumn(ORDER, row_number().over(longest)).where(col(ORDER).equalTo(1))
                .select(col("s_id").as(Games.GAME_ID), col("l_id").as(DUPLICATE_OF), lit(PREFIX).as(KIND),
                        col("s_plies").as(PLIES), col("l_plies").as(DUPLICATE_OF_PLIES),
                        col("s_collection").as(Games.COLLECTION));
    }

    private static long longOr0(Row r, int i) {
        return r.isNullAt(i) ? 0 : r.getLong(i);
    }

    /** Prints the counts per kind and the collections with the most duplicates. */
    public static void print(SparkSession spark, String data, Summary s, PrintWriter out) {
        out.println(String.format(Locale.ROOT,
                "duplicates: %,d of %,d games repeat another (%,d exact, %,d same moves with other tags,"
                        + " %,d prefixes of a longer game), in %.1f s",
                s.duplicates(), s.games(), s.exact(), s.moves(), s.prefix(), s.seconds()));
        List<Row> top = spark.read().schema(Schemas.DUPLICATES_SCHEMA).parquet(Tables.path(data, Schemas.DUPLICATES))
                .groupBy(Games.COLLECTION).agg(count(lit(1)).as("n")).orderBy(col("n").desc(), col(Games.COLLECTION))
                .limit(5).collectAsList();
        for (Row r : top) {
            out.println(String.format(Locale.ROOT, "  %-24s %,10d duplicates", r.getString(0), r.getLong(1)));
        }
        out.println("  table: " + Tables.path(data, Schemas.DUPLICATES)
                + " (the statistics jobs count each game once with --dedupe)");
        out.flush();
    }
}
