package org.rookery.jobs.spark;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * Creates the Spark session every Rookery job runs in. Under {@code spark-submit} the master and
 * settings come from there; from {@code ./rookery} the master is {@code --master} (default
 * {@code local[*]}), and for a non-local master the cluster jar is shipped to the executors.
 */
public final class Sessions {
    private Sessions() {
    }

    /** The default master when neither {@code --master} nor spark-submit names one. */
    public static final String DEFAULT_MASTER = "local[*]";

    /**
     * A session for {@code app}. {@code master} may be null (spark-submit's, or local[*]);
     * {@code extra} are further Spark settings ({@code --conf k=v}).
     */
    public static SparkSession create(String app, String master, Map<String, String> extra) {
        SparkConf conf = new SparkConf(true);
        if (master != null) {
            conf.setMaster(master);
        } else if (!conf.contains("spark.master")) {
            conf.setMaster(DEFAULT_MASTER);
        }
        conf.setAppName("rookery " + app);
        setDefault(conf, "spark.ui.enabled", "false");
        setDefault(conf, "spark.ui.showConsoleProgress", "false");
        // Timestamps as the standard INT64 microseconds that DuckDB, pandas and Arrow read.
        setDefault(conf, "spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS");
        // Overwriting a table replaces only the partitions (collections) written.
        setDefault(conf, "spark.sql.sources.partitionOverwriteMode", "dynamic");
        setDefault(conf, "spark.sql.session.timeZone", "UTC");
        // With concurrent writers Spark does not sort a partitioned write by the partition column;
        // each task of ours writes one or a few collections, and the sort cost a fifth of ingest.
        setDefault(conf, "spark.sql.maxConcurrentOutputFileWriters", "16");
        String m = conf.get("spark.master");
        // local-cluster[...] is a real standalone cluster in miniature: its executors are JVMs of their own.
        if ((!m.startsWith("local") || m.startsWith("local-cluster")) && !conf.contains("spark.jars")) {
            Path jar = clusterJar();
            if (jar != null) {
                conf.set("spark.jars", jar.toUri().toString());
            }
        }
        if (extra != null) {
            extra.forEach(conf::set);
        }
        return SparkSession.builder().config(conf).getOrCreate();
    }

    private static void setDefault(SparkConf conf, String key, String value) {
        if (!conf.contains(key)) {
            conf.set(key, value);
        }
    }

    /**
     * The shaded jobs jar built next to the launcher ({@code jobs/target/*-cluster.jar}), which
     * executors of a real cluster need; null when not found (then spark-submit's --jars rules).
     */
    static Path clusterJar() {
        String home = System.getProperty("rookery.home");
        if (home == null) {
            return null;
        }
        Path target = Path.of(home, "jobs", "target");
        if (!Files.isDirectory(target)) {
            return null;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(target, "rookery-jobs-*-cluster.jar")) {
            for (Path p : ds) {
                return p.toAbsolutePath();
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }
}
