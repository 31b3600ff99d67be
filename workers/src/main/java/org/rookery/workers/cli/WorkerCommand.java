package org.rookery.workers.cli;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.rookery.workers.kafka.EnginePlayer;
import org.rookery.workers.kafka.EngineRegistry;
import org.rookery.workers.kafka.KafkaUnavailableException;
import org.rookery.workers.kafka.SyntheticPlayer;
import org.rookery.workers.kafka.Topics;
import org.rookery.workers.kafka.Worker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rookery worker}: play submitted pairs until stopped. */
@Command(name = "worker", mixinStandardHelpOptions = true,
    description = {"Play the pairs of submitted matches: joins the Kafka consumer group of all workers on rookery.tasks,",
        "plays each pair with engines from its own registry, and publishes the games to rookery.games in the",
        "transaction that commits the task, so a worker killed at any moment costs a replay, never a duplicate.",
        "Stop it with Ctrl-C or SIGTERM (games in progress are replayed by other workers)."})
public final class WorkerCommand implements Callable<Integer> {
    @Mixin
    KafkaOptions kafka = new KafkaOptions();

    @Option(names = "--concurrency", paramLabel = "N", description = "games played at once (default ${DEFAULT-VALUE})")
    int concurrency = 1;

    @Option(names = "--engines", paramLabel = "FILE", description = "engine registry (YAML); without it only 'builtin' is known")
    Path engines;

    @Option(names = "--id", paramLabel = "NAME", description = "worker name, unique among live workers (default: HOST-PID)")
    String id;

    @Option(names = "--group", paramLabel = "NAME", description = "consumer group (default ${DEFAULT-VALUE})")
    String group = "rookery-workers";

    @Option(names = "--log", paramLabel = "DIR", description = "engines' stderr logs (default DATA/logs)")
    Path logDir;

    @Option(names = "--stalltimeout", paramLabel = "MS", description = "a search without clock that takes longer is a stall (default ${DEFAULT-VALUE})")
    long stallMs = 60_000;

    @Option(names = "--partitions", paramLabel = "N", description = "partitions of rookery.tasks if this worker creates it (default ${DEFAULT-VALUE})")
    int partitions = Topics.DEFAULT_TASK_PARTITIONS;

    @Option(names = "--connect-timeout", paramLabel = "SECONDS",
        description = "how long to wait at start for the Kafka cluster to answer before exiting with an error (default ${DEFAULT-VALUE})")
    int connectTimeoutSeconds = 30;

    @Option(names = "--synthetic", description = "benchmark mode: play no engine, answer every game with a synthetic record")
    boolean synthetic;

    @Override
    public Integer call() throws Exception {
        EngineRegistry registry = engines == null ? EngineRegistry.builtinOnly() : EngineRegistry.load(engines);
        String name = id != null ? id : defaultId();
        Path logs = logDir != null ? logDir : kafka.data.resolve("logs");
        if (connectTimeoutSeconds < 1) throw new IllegalArgumentException("--connect-timeout: expected a positive number of seconds, got " + connectTimeoutSeconds);
        Worker.Settings s = new Worker.Settings(kafka.clients(), name, group, concurrency, synthetic ? 500 : 1, partitions);
        Worker w;
        try {
            s.clients().awaitCluster(Duration.ofSeconds(connectTimeoutSeconds));
            w = Worker.start(s, slot -> synthetic ? new SyntheticPlayer(slot) : new EnginePlayer(registry, stallMs, logs, slot));
        } catch (KafkaUnavailableException e) {
            System.err.println("rookery worker: " + e.getMessage());
            return 1;
        }
        Thread hook = new Thread(w::close, "rookery-worker-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        System.out.println("Worker " + name + ": " + concurrency + " slot(s) on " + Topics.TASKS + " at " + s.clients().bootstrap()
            + " (group " + group + "; engines: " + (synthetic ? "synthetic" : String.join(", ", new java.util.TreeSet<>(registry.names()))) + ")");
        System.out.flush();
        w.await();
        // Each fenced slot has said so in one line already.
        return w.fenced() ? 1 : 0;
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
