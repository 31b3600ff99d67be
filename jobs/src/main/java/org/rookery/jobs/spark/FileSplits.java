package org.rookery.jobs.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Plans a scan of Rookery's own files with one task per file. Spark packs files into splits of
 * up to 128 MB by their size on disk, but a job that reads a few narrow columns of {@code games}
 * reads a small part of each file, and each file is one row group: ingest's six 43 MB files of the
 * real corpus became three tasks of two files, which two cores ran in two rounds, the second with
 * one core idle. With the split size set to the largest file's, each file is its own task.
 */
public final class FileSplits {
    private FileSplits() {
    }

    private static final String MAX_PARTITION_BYTES = "spark.sql.files.maxPartitionBytes";
    private static final long SPARK_DEFAULT = 128L << 20;
    private static final long SMALLEST = 4L << 20;

    /**
     * Runs {@code plan} (which must plan its scans of {@code input}'s files now, e.g. through
     * {@code queryExecution().toRdd()}) with the split size set to {@code input}'s largest file,
     * between 4 MB and Spark's default 128 MB; a split size the user set (--conf) is kept.
     */
    public static <T> T onePerFile(SparkSession spark, Dataset<Row> input, Supplier<T> plan) {
        if (spark.sparkContext().getConf().contains(MAX_PARTITION_BYTES)) {
            return plan.get();
        }
        long largest = largestFile(spark.sparkContext().hadoopConfiguration(), input.inputFiles());
        String before = spark.conf().get(MAX_PARTITION_BYTES);
        spark.conf().set(MAX_PARTITION_BYTES, Long.toString(Math.max(SMALLEST, Math.min(SPARK_DEFAULT, largest))));
        try {
            return plan.get();
        } finally {
            spark.conf().set(MAX_PARTITION_BYTES, before);
        }
    }

    private static long largestFile(Configuration conf, String[] files) {
        long largest = 0;
        try {
            for (String f : files) {
                Path p = new Path(f);
                largest = Math.max(largest, p.getFileSystem(conf).getFileStatus(p).getLen());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return largest;
    }
}
