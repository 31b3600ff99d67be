package org.rookery.workers.cli;

import java.net.InetAddress;
import java.time.Duration;
import org.rookery.workers.kafka.KafkaClients;
import org.rookery.workers.kafka.MatchWatcher;
import org.rookery.workers.kafka.Topics;
import org.rookery.workers.kafka.Worker;
import picocli.CommandLine.Option;

/** The options of every worker, whatever plays its games: slots, name, consumer group, topic partitions. */
public final class WorkerOptions {
    @Option(names = "--concurrency", paramLabel = "N", description = "games played at once (default ${DEFAULT-VALUE})")
    int concurrency = 1;

    @Option(names = "--id", paramLabel = "NAME", description = "worker name, unique among live workers (default: HOST-PID)")
    String id;

    @Option(names = "--group", paramLabel = "NAME", description = "consumer group (default ${DEFAULT-VALUE})")
    String group = MatchWatcher.DEFAULT_GROUP;

    @Option(names = "--partitions", paramLabel = "N", description = "partitions of rookery.tasks if this worker creates it (default ${DEFAULT-VALUE})")
    int partitions = Topics.DEFAULT_TASK_PARTITIONS;

    @Option(names = "--connect-timeout", paramLabel = "SECONDS",
        description = "how long to wait at start for the Kafka cluster to answer before exiting with an error (default ${DEFAULT-VALUE})")
    int connectTimeoutSeconds = 30;

    /** The start-up wait for the cluster, checked: a positive number of seconds. */
    public Duration connectTimeout() {
        if (connectTimeoutSeconds < 1) throw new IllegalArgumentException("--connect-timeout: expected a positive number of seconds, got " + connectTimeoutSeconds);
        return Duration.ofSeconds(connectTimeoutSeconds);
    }

    /** The worker's settings on {@code clients}, committing at most {@code maxBatch} tasks per transaction. */
    public Worker.Settings settings(KafkaClients clients, int maxBatch) {
        return new Worker.Settings(clients, id != null ? id : defaultId(), group, concurrency, maxBatch, partitions);
    }

    private static String defaultId() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "worker";
        }
        return (host.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + ProcessHandle.current().pid());
    }
}
