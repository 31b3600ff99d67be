package org.rookery.jobs.sink;

import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.rookery.contract.schema.Topics;
import org.rookery.jobs.spark.Schemas;

/**
 * Writes one micro-batch of the sink so that writing it again changes nothing: games into
 * {@code games}, match definitions (records of {@code rookery.matches}) into {@code matches}, the
 * tune driver's counted pairs ({@code rookery.spsa}) into {@code spsa}, and
 * what the contract refuses into {@code rejected}. Structured
 * Streaming re-runs a batch after a crash with exactly the same Kafka offsets (they are logged in
 * the checkpoint before the batch runs, and the batch is marked done only after this returns), so
 * the batch's files get names fixed by the query and the batch id, {@code sink-<query>-b<id>-<n>};
 * a re-run first deletes whatever an earlier attempt of the same batch left in the collections it
 * writes, then moves its own files in. No row is lost and none is written twice.
 *
 * <p>The Spark file sink would give the same guarantee only to readers of its
 * {@code _spark_metadata} log, which would hide the files of {@code analyze ingest} in the same
 * table from Spark and show unfinished batches to everyone else.
 */
public final class BatchWriter implements VoidFunction2<Dataset<Row>, Long> {
    private static final long serialVersionUID = 1L;

    private final String data;
    private final String checkpoint;

    /** A writer into the tables under {@code data} for the query checkpointed at {@code checkpoint}. */
    public BatchWriter(String data, String checkpoint) {
        this.data = data;
        this.checkpoint = checkpoint;
    }

    @Override
    public void call(Dataset<Row> batch, Long batchId) throws IOException {
        SparkSession spark = batch.sparkSession();
        String query = queryTag(spark);
        Dataset<Row> parsed = GamesJson.parse(batch.where(col("topic").notEqual(Topics.MATCHES).and(col("topic").notEqual(Topics.SPSA))))
                .persist();
        Dataset<Row> definitions = MatchesJson.parse(batch.where(col("topic").equalTo(Topics.MATCHES))).persist();
        Dataset<Row> spsa = SpsaJson.parse(batch.where(col("topic").equalTo(Topics.SPSA))).persist();
        try {
            String prefix = "sink-" + query + "-b" + batchId + "-";
            write(spark, GamesJson.games(parsed), Schemas.GAMES, query, batchId, prefix);
            write(spark, GamesJson.rejected(parsed).unionByName(GamesJson.rejected(definitions))
                    .unionByName(GamesJson.rejected(spsa)), Schemas.REJECTED, query, batchId, prefix);
            write(spark, MatchesJson.matches(definitions), Schemas.MATCHES, query, batchId, prefix);
            write(spark, SpsaJson.rows(spsa), Schemas.SPSA, query, batchId, prefix);
        } finally {
            parsed.unpersist();
            definitions.unpersist();
            spsa.unpersist();
        }
    }

    /**
     * A short name for the streaming query: its id, which the checkpoint keeps across restarts,
     * so a new checkpoint never overwrites an old one's files.
     */
    private String queryTag(SparkSession spark) {
        String id = spark.sparkContext().getLocalProperty("sql.streaming.queryId");
        String basis = id != null ? id : checkpoint;
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(basis.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void write(SparkSession spark, Dataset<Row> rows, String table, String query, long batchId,
            String prefix) throws IOException {
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        Path staging = new Path(new Path(data, "_sink_staging"), query + "/b" + batchId + "/" + table);
        FileSystem fs = staging.getFileSystem(conf);
        fs.delete(staging, true);
        rows.write().mode(SaveMode.Overwrite).partitionBy(Schemas.COLLECTION).parquet(staging.toString());
        Path target = new Path(data, table);
        if (fs.exists(staging)) {
            for (FileStatus dir : fs.listStatus(staging)) {
                if (!dir.isDirectory() || !dir.getPath().getName().startsWith(Schemas.COLLECTION + "=")) {
                    continue;
                }
                Path dest = new Path(target, dir.getPath().getName());
                fs.mkdirs(dest);
                FileStatus[] stale = fs.globStatus(new Path(dest, prefix + "*"));
                if (stale != null) {
                    for (FileStatus s : stale) {
                        fs.delete(s.getPath(), false);
                    }
                }
                List<Path> parts = new ArrayList<>();
                for (FileStatus f : fs.listStatus(dir.getPath())) {
                    String name = f.getPath().getName();
                    if (f.isFile() && name.endsWith(".parquet") && !name.startsWith(".") && !name.startsWith("_")) {
                        parts.add(f.getPath());
                    }
                }
                parts.sort(null);
                for (int k = 0; k < parts.size(); k++) {
                    Path to = new Path(dest, prefix + k + ".parquet");
                    if (!fs.rename(parts.get(k), to)) {
                        throw new IOException("could not move " + parts.get(k) + " to " + to);
                    }
                }
            }
        }
        fs.delete(new Path(new Path(data, "_sink_staging"), query + "/b" + batchId), true);
    }
}
