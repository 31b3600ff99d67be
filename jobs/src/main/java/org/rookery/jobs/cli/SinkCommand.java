package org.rookery.jobs.cli;

import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.sink.RecordsFile;
import org.rookery.jobs.sink.SinkJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rookery sink}: stream finished gauntlet games from Kafka into the games table. */
@Command(name = "sink", mixinStandardHelpOptions = true,
        description = {"Stream the rookery.games Kafka topic (committed records only) into DATA/games/ as Parquet,",
            "partitioned by collection (the match id); malformed records go to DATA/rejected/. A restart resumes",
            "from the checkpoint without losing or duplicating rows. Runs until stopped, or with --once until",
            "the topic's current end.",
            "With --records FILE instead of --bootstrap: the records a local 'gauntlet --data' or 'tune --data' spooled",
            "(DATA/_records/RUN.jsonl), written by the same batch writer; writing a file again replaces its rows."})
final class SinkCommand extends SparkCommand {
    @Option(names = "--bootstrap", paramLabel = "HOST:PORT", description = "Kafka bootstrap servers.")
    String bootstrap;

    @Option(names = "--records", paramLabel = "FILE",
            description = "A local run's spooled records (one JSON line each: topic, partition, offset, key, value) instead of Kafka.")
    String records;

    @Option(names = "--data", required = true, paramLabel = "DIR", description = "Data root to write under.")
    String data;

    @Option(names = "--checkpoint", paramLabel = "DIR",
            description = "Checkpoint directory (default: DATA/_checkpoints/sink).")
    String checkpoint;

    @Option(names = "--topic", paramLabel = "NAME", description = "Topic (default: ${DEFAULT-VALUE}).")
    String topic = SinkJob.TOPIC;

    @Option(names = "--trigger-seconds", paramLabel = "S",
            description = "Seconds between micro-batches (default: ${DEFAULT-VALUE}).")
    long triggerSeconds = 10;

    @Option(names = "--once", description = "Write what the topic holds now, then stop.")
    boolean once;

    @Override
    void validate() {
        if ((bootstrap == null) == (records == null)) {
            throw new UsageError("sink needs either --bootstrap HOST:PORT (the Kafka topics) or --records FILE (a local run's records)");
        }
        if (records != null) {
            if (once || checkpoint != null) {
                throw new UsageError((once ? "--once" : "--checkpoint") + " is for --bootstrap: --records writes its file in one batch");
            }
            if (!java.nio.file.Files.isRegularFile(java.nio.file.Path.of(records))) {
                throw new UsageError("--records: " + records + " is not a readable file");
            }
            OutputDir.prepare("--data", data);
            conf.putIfAbsent(SHUFFLE_PARTITIONS, "4");
            return;
        }
        if (!bootstrap.matches("[^\\s,:]+:\\d+(,[^\\s,:]+:\\d+)*")) {
            throw new UsageError("--bootstrap must be HOST:PORT[,HOST:PORT...], got '" + bootstrap + "'");
        }
        if (triggerSeconds < 1) {
            throw new UsageError("--trigger-seconds must be at least 1");
        }
        OutputDir.prepare("--data", data);
        // A micro-batch holds seconds' worth of games, yet its de-duplication shuffle would run
        // Spark's default 200 tasks: that doubled a 20-game batch's time. Streaming turns adaptive
        // execution off, so nothing coalesces them; the checkpoint keeps the value of its first run.
        if (!conf.containsKey(SHUFFLE_PARTITIONS) && System.getProperty(SHUFFLE_PARTITIONS) == null) {
            conf.put(SHUFFLE_PARTITIONS, "4");
        }
    }

    private static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";

    @Override
    int run(SparkSession spark) throws IOException {
        if (records != null) {
            long n = RecordsFile.write(spark, records, data);
            spec.commandLine().getOut().println("sink: " + n + " records of " + records + " -> " + data);
            return 0;
        }
        String cp = checkpoint != null ? checkpoint : new Path(new Path(data, "_checkpoints"), "sink").toString();
        SinkJob.Options o = new SinkJob.Options(data, cp, triggerSeconds, once);
        StreamingQuery q;
        try {
            q = SinkJob.start(SinkJob.kafka(spark, bootstrap, topic), o);
        } catch (TimeoutException e) {
            throw new IOException("the streaming query did not start: " + e.getMessage(), e);
        }
        System.err.println("sink: " + topic + " at " + bootstrap + " -> " + data + "/games (checkpoint " + cp + ")");
        try {
            q.awaitTermination();
        } catch (StreamingQueryException e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            throw new IOException("the sink stopped: " + c.getMessage(), c);
        }
        long last = q.lastProgress() == null ? -1 : q.lastProgress().batchId();
        spec.commandLine().getOut().println("sink: stopped after batch " + last);
        return 0;
    }
}
