package org.rookery.jobs.spark;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.rookery.contract.schema.Games;
import org.rookery.core.cli.UsageError;

/** Where the tables live under a data root, and the few file operations jobs need on them. */
public final class Tables {
    private Tables() {
    }

    /** The directory of {@code table} under the data root. */
    public static String path(String data, String table) {
        return new Path(data, table).toString();
    }

    /** The directory of one collection's partition of {@code table}. */
    public static Path partition(String data, String table, String collection) {
        return new Path(new Path(data, table), Schemas.COLLECTION + "=" + collection);
    }

    /** Deletes a collection's partition of a table if it exists. */
    public static void deletePartition(Configuration conf, String data, String table, String collection)
            throws IOException {
        Path p = partition(data, table, collection);
        FileSystem fs = p.getFileSystem(conf);
        if (fs.exists(p)) {
            fs.delete(p, true);
        }
    }

    /** Turns Parquet dictionary encoding off for the given column paths of a write. */
    public static <T> DataFrameWriter<T> withoutDictionaries(DataFrameWriter<T> w, String... columnPaths) {
        for (String c : columnPaths) {
            w = w.option("parquet.enable.dictionary#" + c, "false");
        }
        return w;
    }

    /** Whether a table directory holds anything. */
    public static boolean exists(Configuration conf, String data, String table) throws IOException {
        Path p = new Path(data, table);
        FileSystem fs = p.getFileSystem(conf);
        return fs.exists(p) && fs.listStatus(p).length > 0;
    }

    /**
     * The {@code games} table for the statistics jobs, optionally one collection only; a missing
     * table is a usage error that says how to make one.
     */
    public static Dataset<Row> games(SparkSession spark, String data, String collection) throws IOException {
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        if (!exists(conf, data, Schemas.GAMES)) {
            throw new UsageError("no games table in " + data + " (run 'rookery analyze ingest --out "
                    + data + " --input ...' or the gauntlet sink first)");
        }
        Dataset<Row> games = spark.read().schema(Schemas.GAMES_SCHEMA).parquet(path(data, Schemas.GAMES));
        if (collection != null) {
            games = games.where(games.col(Schemas.COLLECTION).equalTo(collection));
        }
        return games;
    }

    /**
     * {@link #games(SparkSession, String, String)}, and with {@code dedupe} without the games the
     * {@code duplicates} table lists, so each game counts once; a missing {@code duplicates} table
     * is a usage error that says how to make one.
     */
    public static Dataset<Row> games(SparkSession spark, String data, String collection, boolean dedupe)
            throws IOException {
        Dataset<Row> games = games(spark, data, collection);
        if (!dedupe) {
            return games;
        }
        if (!exists(spark.sparkContext().hadoopConfiguration(), data, Schemas.DUPLICATES)) {
            throw new UsageError("--dedupe: no duplicates table in " + data + " (run 'rookery analyze duplicates --data "
                    + data + "' first)");
        }
        Dataset<Row> duplicates = spark.read().schema(Schemas.DUPLICATES_SCHEMA)
                .parquet(path(data, Schemas.DUPLICATES)).select(Games.GAME_ID);
        return games.join(duplicates, games.col(Games.GAME_ID).equalTo(duplicates.col(Games.GAME_ID)), "left_anti");
    }
}
