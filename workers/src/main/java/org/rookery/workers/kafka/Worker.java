package org.rookery.workers.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.apache.kafka.clients.admin.Admin;

/**
 * {@code rookery worker}: {@code concurrency} slots, each a consumer-group member on
 * {@code rookery.tasks} playing one pair at a time (see {@link WorkerSlot}), plus a reader of
 * {@code rookery.control} so slots skip the pairs of stopped matches, and one of
 * {@code rookery.matches} so they reject the tasks of matches never defined. Usable in-process (tests,
 * benchmarks, the demo) through {@link #start(Settings, IntFunction)} and {@link #close()}.
 */
public final class Worker implements AutoCloseable {
    /**
     * @param clients Kafka connection settings
     * @param workerId this worker's name: its slots' transactional ids are derived from it, so two
     *     live workers must never share one (a restarted worker should reuse its own)
     * @param group the consumer group of all workers serving the same tasks
     * @param concurrency slots (games played at once)
     * @param maxBatch tasks committed per transaction at most, for players that batch
     * @param taskPartitions partitions of rookery.tasks if this worker creates the topics
     */
    public record Settings(KafkaClients clients, String workerId, String group, int concurrency, int maxBatch,
                           int taskPartitions) {
        public Settings {
            if (!workerId.matches("[A-Za-z0-9._-]{1,100}")) throw new IllegalArgumentException("--id: letters, digits, . _ - only, got \"" + workerId + "\"");
            if (concurrency < 1) throw new IllegalArgumentException("--concurrency: expected a positive number, got " + concurrency);
        }
    }

    /** Running totals, for logs, tests and benchmarks. */
    public static final class Counters {
        final AtomicLong games = new AtomicLong();
        final AtomicLong tasks = new AtomicLong();
        final AtomicLong rejected = new AtomicLong();
        final AtomicLong skipped = new AtomicLong();

        public long games() { return games.get(); }

        /** Tasks committed: played, rejected or skipped. */
        public long tasks() { return tasks.get(); }

        public long rejected() { return rejected.get(); }

        public long skipped() { return skipped.get(); }
    }

    private final StopList stops;
    private final KnownMatches matches;
    private final List<WorkerSlot> slots = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final Counters counters = new Counters();

    private Worker(StopList stops, KnownMatches matches) {
        this.stops = stops;
        this.matches = matches;
    }

    /**
     * Creates the topics if needed, starts following rookery.control, then starts the slots.
     * @param players makes each slot's player (slot number → player)
     */
    public static Worker start(Settings settings, IntFunction<GamePlayer> players) throws InterruptedException {
        try (Admin admin = settings.clients().admin()) {
            Topics.ensure(admin, settings.taskPartitions());
        }
        StopList stops = new StopList(settings.clients(), "rookery-worker-" + settings.workerId() + "-control");
        KnownMatches matches = new KnownMatches(settings.clients(), "rookery-worker-" + settings.workerId() + "-matches");
        Worker w = new Worker(stops, matches);
        // Start with the stops already issued, so no stopped pair is played by a fresh worker.
        stops.awaitCaughtUp(Duration.ofSeconds(15));
        for (int i = 0; i < settings.concurrency(); i++) {
            WorkerSlot slot = new WorkerSlot(settings, i, stops, matches, players.apply(i), w.counters);
            Thread t = new Thread(slot, "rookery-worker-" + i);
            w.slots.add(slot);
            w.threads.add(t);
            t.start();
        }
        return w;
    }

    public Counters counters() { return counters; }

    /** Blocks until the worker is closed (the CLI's main thread). */
    public void await() throws InterruptedException {
        for (Thread t : threads) t.join();
    }

    /**
     * Stops the slots: games in progress are abandoned (their pairs are replayed by other
     * workers), finished ones are committed, and engine processes end.
     */
    @Override
    public void close() {
        for (WorkerSlot s : slots) s.close();
        for (Thread t : threads) {
            try {
                t.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        stops.close();
        matches.close();
    }

    /** Whether every slot stopped because another worker took over this worker's id. */
    public boolean fenced() {
        return !slots.isEmpty() && slots.stream().allMatch(WorkerSlot::fenced);
    }
}
