package org.rookery.jobs.sink;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * {@code rookery sink --records FILE}: the records a local {@code gauntlet --data} or
 * {@code tune --data} spooled (one JSON line per record, with the Kafka source's {@code topic},
 * {@code partition}, {@code offset}, {@code key} and {@code value}), written by {@link BatchWriter}
 * exactly as a micro-batch of the Kafka sink: one writer, one schema. The file is the batch; its
 * absolute path names the batch's files, so writing the same file again replaces its rows.
 */
public final class RecordsFile {
    private RecordsFile() {
    }

    /** The columns of a spooled record. */
    static final StructType SCHEMA = new StructType()
            .add("topic", DataTypes.StringType)
            .add("partition", DataTypes.IntegerType)
            .add("offset", DataTypes.LongType)
            .add("key", DataTypes.StringType)
            .add("value", DataTypes.StringType);

    /** Writes the tables of {@code file}'s records under {@code data}; returns the number of records. */
    public static long write(SparkSession spark, String file, String data) throws IOException {
        String path = Path.of(file).toAbsolutePath().normalize().toString();
        Dataset<Row> batch = spark.read().schema(SCHEMA).option("mode", "PERMISSIVE").json(path).persist();
        try {
            new BatchWriter(data, "records:" + path).call(batch, 0L);
            return batch.count();
        } finally {
            batch.unpersist();
        }
    }
}
