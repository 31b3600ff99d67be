package org.rookery.jobs.sink;

import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.DataStreamWriter;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.rookery.contract.schema.Topics;

/**
 * {@code rookery sink}: the {@code rookery.games} topic into {@code DATA/games/}, the match
 * definitions of {@code rookery.matches} into {@code DATA/matches/}, the counted SPSA pairs of
 * {@code rookery.spsa} into {@code DATA/spsa/} (and bad records into
 * {@code DATA/rejected/}), partitioned by collection, with Spark Structured Streaming. Only
 * committed records are read ({@code read_committed}: workers produce each game in the transaction
 * that consumes its task), and each micro-batch is written by {@link BatchWriter}, so a restart
 * from the checkpoint neither loses nor duplicates rows.
 */
public final class SinkJob {
    private SinkJob() {
    }

    /** The topic gauntlet workers write finished games to. */
    public static final String TOPIC = Topics.GAMES;

    /**
     * Where and how to run.
     *
     * @param checkpoint the query's checkpoint directory
     * @param triggerSeconds seconds between micro-batches (0: one right after another)
     * @param once process what the topic holds now, then stop
     */
    public record Options(String data, String checkpoint, long triggerSeconds, boolean once) {
    }

    /**
     * The Kafka source: {@code topic} (the games) and {@link Topics#MATCHES} (the definitions, for the
     * {@code matches} table), committed records only, from the earliest offset on a first run. They are
     * subscribed by pattern, so a sink started before the first worker or submit created them waits
     * for them (the broker does not create topics on demand) instead of failing; Spark reads a topic
     * that appears later from its earliest offset.
     */
    public static Dataset<Row> kafka(SparkSession spark, String bootstrap, String topic) {
        return spark.readStream().format("kafka")
                .option("kafka.bootstrap.servers", bootstrap)
                .option("subscribePattern", Pattern.quote(topic) + "|" + Pattern.quote(Topics.MATCHES) + "|" + Pattern.quote(Topics.SPSA))
                .option("kafka.isolation.level", "read_committed")
                .option("startingOffsets", "earliest")
                .load();
    }

    /** Starts the query over {@code records} (Kafka's columns, or a test source with the same). */
    public static StreamingQuery start(Dataset<Row> records, Options o) throws TimeoutException {
        return start(records, o, new BatchWriter(o.data(), o.checkpoint()));
    }

    /** As {@link #start(Dataset, Options)} with another batch function, for tests that fail batches. */
    static StreamingQuery start(Dataset<Row> records, Options o, VoidFunction2<Dataset<Row>, Long> writer)
            throws TimeoutException {
        DataStreamWriter<Row> w = records.writeStream()
                .queryName("rookery-sink")
                .option("checkpointLocation", o.checkpoint())
                .foreachBatch(writer);
        w = w.trigger(o.once() ? Trigger.AvailableNow() : Trigger.ProcessingTime(o.triggerSeconds() * 1000));
        return w.start();
    }
}
