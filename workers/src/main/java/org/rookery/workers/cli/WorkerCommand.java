package org.rookery.workers.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;
import org.rookery.workers.kafka.EnginePlayer;
import org.rookery.workers.kafka.EngineRegistry;
import org.rookery.workers.kafka.GamePlayer;
import org.rookery.workers.kafka.KafkaUnavailableException;
import org.rookery.workers.kafka.Topics;
import org.rookery.workers.kafka.Worker;
import org.rookery.workers.match.TablebaseAdjudicator;
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

    @Mixin
    WorkerOptions worker = new WorkerOptions();

    @Option(names = "--engines", paramLabel = "FILE", description = "engine registry (YAML); without it only 'builtin' is known")
    Path engines;

    @Option(names = "--log", paramLabel = "DIR", description = "engines' stderr logs (default DATA/logs)")
    Path logDir;

    @Option(names = "--stalltimeout", paramLabel = "MS", description = "a search without clock that takes longer is a stall (default ${DEFAULT-VALUE})")
    long stallMs = 60_000;

    @Option(names = "--tb", paramLabel = "DIR[:DIR...]",
        description = "this worker's endgame tables (Syzygy .rtbw/.rtbz and/or Rookery .rtb), for matches submitted with -tb: "
            + "a task only says adjudication is on, the tables are the worker's")
    String tb;

    @Override
    public Integer call() throws Exception {
        EngineRegistry registry = engines == null ? EngineRegistry.builtinOnly() : EngineRegistry.load(engines);
        Path logs = logDir != null ? logDir : kafka.data.resolve("logs");
        TablebaseAdjudicator tables = tb == null ? null : TablebaseAdjudicator.open(tb);
        try {
            String names = String.join(", ", new TreeSet<>(registry.names()));
            if (tables != null) names += "; tables: " + tables.path() + ", up to " + tables.maxPieces() + " pieces";
            return serve(worker.settings(kafka.clients(), 1), worker.connectTimeout(),
                slot -> new EnginePlayer(registry, stallMs, logs, slot, tables), names);
        } finally {
            if (tables != null) tables.close();
        }
    }

    /**
     * Runs a worker with {@code players} until Ctrl-C or SIGTERM, after one line naming it and
     * {@code engines}; {@code bench kafka-worker} serves its synthetic games through this too.
     * Returns the exit status: 1 when no broker answered within {@code connectTimeout} (one line on
     * standard error) or when every slot was fenced by another worker with the same id.
     */
    public static int serve(Worker.Settings s, Duration connectTimeout, IntFunction<GamePlayer> players, String engines)
            throws InterruptedException {
        Worker w;
        try {
            s.clients().awaitCluster(connectTimeout);
            w = Worker.start(s, players);
        } catch (KafkaUnavailableException e) {
            System.err.println("rookery worker: " + e.getMessage());
            return 1;
        }
        Thread hook = new Thread(w::close, "rookery-worker-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        System.out.println("Worker " + s.workerId() + ": " + s.concurrency() + " slot(s) on " + Topics.TASKS + " at " + s.clients().bootstrap()
            + " (group " + s.group() + "; engines: " + engines + ")");
        System.out.flush();
        w.await();
        // Each fenced slot has said so in one line already.
        return w.fenced() ? 1 : 0;
    }
}
