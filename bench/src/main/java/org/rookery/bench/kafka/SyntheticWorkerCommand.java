package org.rookery.bench.kafka;

import java.util.concurrent.Callable;
import org.rookery.workers.cli.KafkaOptions;
import org.rookery.workers.cli.WorkerCommand;
import org.rookery.workers.cli.WorkerOptions;
import org.rookery.workers.kafka.SyntheticPlayer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code rookery bench kafka-worker}: a worker in its own JVM that plays no engine and answers every
 * pair with synthetic games at once, for measuring a real cluster with workers on other machines
 * (what {@code worker --synthetic} did before benchmark code left the workers module).
 */
@Command(name = "bench kafka-worker", mixinStandardHelpOptions = true,
    description = {"Serve submitted pairs as 'rookery worker' does, but with synthetic games of realistic size and",
        "no engine, committing up to 500 pairs per transaction. Stop it with Ctrl-C or SIGTERM."})
public final class SyntheticWorkerCommand implements Callable<Integer> {
    /** Pairs committed per transaction at most: synthetic games cost nothing, so the commits dominate. */
    private static final int BATCH = 500;

    @Mixin
    KafkaOptions kafka = new KafkaOptions();

    @Mixin
    WorkerOptions worker = new WorkerOptions();

    @Override
    public Integer call() throws Exception {
        return WorkerCommand.serve(worker.settings(kafka.clients(), BATCH), worker.connectTimeout(), SyntheticPlayer::new, "synthetic");
    }
}
