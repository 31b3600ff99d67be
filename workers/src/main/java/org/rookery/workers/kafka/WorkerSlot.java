package org.rookery.workers.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.WakeupException;
import org.rookery.contract.ContractException;
import org.rookery.contract.games.GamePartition;
import org.rookery.contract.tasks.PairTask;
import org.rookery.workers.match.GameRecord;

/**
 * One worker slot: a member of the workers' consumer group on {@code rookery.tasks} with its own
 * transactional producer and its own engine processes. A task's game records and the task's
 * offset are committed in one transaction ({@code sendOffsetsToTransaction}), so a slot that dies
 * at any moment leaves either both or neither: the pair is then replayed by whoever gets the
 * partition, and read_committed consumers never see a game twice.
 *
 * <p>Games are played with no transaction open; the transaction only spans the few milliseconds
 * of publishing, so a killed worker never holds back other workers' records. While a game runs
 * the slot keeps polling with its partitions paused, which keeps it in the group however long
 * the game takes.
 */
final class WorkerSlot implements Runnable {
    private final Worker.Settings settings;
    private final int slot;
    private final StopList stops;
    private final KnownMatches matches;
    private final GamePlayer player;
    private final Worker.Counters counters;
    private final ExecutorService gameThread;
    private volatile boolean closing;
    private volatile KafkaConsumer<String, String> consumer;
    private KafkaProducer<String, String> producer;

    /** Results not yet committed: records to publish and the offsets they complete. */
    private final List<ProducerRecord<String, String>> pending = new ArrayList<>();
    private final Map<TopicPartition, OffsetAndMetadata> pendingOffsets = new HashMap<>();
    /** What the operator sees once the pending games are committed (real games only). */
    private final List<String> pendingLines = new ArrayList<>();
    private int pendingTasks;
    private int pendingSkipped, pendingRejected;
    private long pendingSince;
    /** Partitions taken from this slot since the last poll: their in-memory work is dropped. */
    private final Set<TopicPartition> revoked = new HashSet<>();
    private boolean playing;
    /** Set when another process took over this slot's transactional id: the slot then stops for good. */
    private volatile boolean fenced;

    WorkerSlot(Worker.Settings settings, int slot, StopList stops, KnownMatches matches, GamePlayer player, Worker.Counters counters) {
        this.settings = settings;
        this.slot = slot;
        this.stops = stops;
        this.matches = matches;
        this.player = player;
        this.counters = counters;
        this.gameThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "rookery-worker-" + slot + "-game");
            t.setDaemon(true);
            return t;
        });
    }

    String transactionalId() {
        return "rookery-worker-" + settings.workerId() + "-" + slot;
    }

    @Override
    public void run() {
        long backoff = 500;
        try {
            while (!closing) {
                try {
                    serve();
                    backoff = 500;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                } catch (WakeupException e) {
                    if (!closing) log("woken up unexpectedly; reconnecting");
                } catch (KafkaException | KafkaUnavailableException e) {
                    if (closing) break;
                    if (isFencing(e)) {
                        fenced = true;
                    } else {
                        log(e.getMessage() + "; reconnecting in " + backoff + " ms");
                        sleep(backoff);
                        backoff = Math.min(10_000, backoff * 2);
                    }
                } finally {
                    closeClients();
                }
                if (fenced) {
                    // Reconnecting would fence the other process in turn, and the two would take turns for ever.
                    log("another worker took over the id " + settings.workerId() + " (transactional id " + transactionalId()
                        + "); this slot stops");
                    break;
                }
            }
        } finally {
            gameThread.shutdownNow();
            player.close();
        }
    }

    /** Whether another producer with this slot's transactional id fenced this one (also when wrapped). */
    static boolean isFencing(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) if (t instanceof ProducerFencedException) return true;
        return false;
    }

    /** Whether the slot stopped because another worker took over its id. */
    boolean fenced() { return fenced; }

    /** One life of the slot's clients: from joining the group until closing or an error. */
    private void serve() throws InterruptedException {
        clearPending();
        revoked.clear();
        producer = settings.clients().transactionalProducer(transactionalId());
        // Fences an earlier incarnation with the same id and aborts whatever it left open.
        producer.initTransactions();
        consumer = settings.clients().consumer(settings.group(), transactionalId());
        if (closing) return;
        consumer.subscribe(List.of(Topics.TASKS), new Rebalance());
        while (!closing && !fenced) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
            revoked.clear();
            for (ConsumerRecord<String, String> r : records) {
                if (closing) break;
                TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                if (revoked.contains(tp)) continue; // the partition's new owner replays it
                handle(r, tp);
                // Real games: one pair per transaction. Synthetic ones: up to maxBatch pairs or 50 ms,
                // which trades a little latency for far fewer transactions.
                if (pendingTasks > 0 && (!player.batches() || pendingTasks >= settings.maxBatch()
                        || System.nanoTime() - pendingSince > TimeUnit.MILLISECONDS.toNanos(50))) {
                    flush();
                }
            }
            flush();
        }
    }

    private void handle(ConsumerRecord<String, String> r, TopicPartition tp) throws InterruptedException {
        PairTask task;
        try {
            if (r.serializedValueSize() > PairTask.MAX_BYTES) throw new BadRecordException("task larger than " + PairTask.MAX_BYTES + " bytes");
            task = PairTask.parse(r.value());
        } catch (BadRecordException | ContractException e) {
            reject(r, tp, e.getMessage(), matchIdOf(r));
            return;
        }
        if (stops.isStopped(task.matchId())) {
            // A stopped match's remaining pairs are skipped: only their offsets are committed.
            addOffset(tp, r.offset());
            pendingSkipped++;
            return;
        }
        if (stops.isQuarantined(task.matchId(), settings.workerId())) {
            handOn(r, tp);
            return;
        }
        // Rejected, not awaited: a submission commits the definition with its tasks, so a task
        // without one was never submitted and its match would be unknown to status and the sinks.
        if (!matches.isKnown(task.matchId(), Duration.ofSeconds(30))) {
            reject(r, tp, "unknown match " + task.matchId() + ": no definition in " + Topics.MATCHES, task.matchId());
            return;
        }
        try {
            player.check(task);
        } catch (BadRecordException e) {
            reject(r, tp, e.getMessage(), task.matchId());
            return;
        }
        List<GameRecord> games;
        try {
            games = player.batches() ? player.play(task) : playWhilePolling(task);
        } catch (RuntimeException e) {
            if (closing) return;
            // Replaying would fail the same way on every worker: record why instead.
            reject(r, tp, "could not be played: " + e.getMessage(), task.matchId());
            return;
        }
        if (games == null || closing || revoked.contains(tp)) return; // not ours any more: replayed elsewhere
        // Every game of a match on one partition: its readers all count them in that partition's order.
        int gamesPartition = GamePartition.of(task.matchId(), producer.partitionsFor(Topics.GAMES).size());
        for (int i = 0; i < games.size(); i++) {
            String value = Json.write(GameJson.of(task, i, games.get(i), settings.workerId()));
            pending.add(new ProducerRecord<>(Topics.GAMES, gamesPartition, task.gameId(i), value));
            if (!player.batches()) {
                GameRecord g = games.get(i);
                pendingLines.add(task.gameId(i) + " " + g.white() + " vs " + g.black() + ": " + g.result().pgn() + " {" + g.reason() + "}");
            }
        }
        addOffset(tp, r.offset());
    }

    /**
     * A quarantined worker's pair goes back to {@code rookery.tasks}, on the next partition, in the
     * transaction that commits its offset: exactly one copy of the task exists at any time, and
     * it moves on until a worker that is not quarantined holds the partition it lands on.
     */
    private void handOn(ConsumerRecord<String, String> r, TopicPartition tp) {
        int partitions = producer.partitionsFor(Topics.TASKS).size();
        int next = (tp.partition() + 1) % partitions;
        if (consumer.assignment().size() >= partitions) {
            // This worker holds every partition: nobody else can take the pair yet; do not spin.
            sleep(1000);
        }
        pending.add(new ProducerRecord<>(Topics.TASKS, next, r.key(), r.value()));
        addOffset(tp, r.offset());
        pendingSkipped++;
        log("quarantined from " + r.key() + ": handed task " + tp + "/" + r.offset() + " on to partition " + next);
    }

    private List<GameRecord> playWhilePolling(PairTask task) {
        Future<List<GameRecord>> f = gameThread.submit(() -> player.play(task));
        playing = true;
        try {
            while (true) {
                try {
                    return f.get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    keepAlive();
                } catch (ExecutionException e) {
                    if (closing) return null;
                    Throwable c = e.getCause();
                    // Rookery's own reasons are one line already; anything else keeps its class name.
                    boolean own = (c instanceof IllegalStateException || c instanceof BadRecordException) && c.getMessage() != null;
                    throw new IllegalStateException(own ? c.getMessage() : String.valueOf(c), c);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
        } finally {
            playing = false;
            consumer.resume(consumer.assignment());
        }
    }

    /** Polls with every partition paused, so the group keeps the slot while a game runs. */
    private void keepAlive() {
        consumer.pause(consumer.assignment());
        ConsumerRecords<String, String> extra = consumer.poll(Duration.ZERO);
        // A partition assigned inside that very poll was not paused yet: hand its records back.
        Map<TopicPartition, Long> first = new HashMap<>();
        for (ConsumerRecord<String, String> r : extra) first.putIfAbsent(new TopicPartition(r.topic(), r.partition()), r.offset());
        first.forEach(consumer::seek);
        consumer.pause(consumer.assignment());
    }

    private void reject(ConsumerRecord<String, String> r, TopicPartition tp, String reason, String matchId) {
        pending.add(RejectionRecords.of(r, reason, matchId, settings.workerId()));
        addOffset(tp, r.offset());
        pendingRejected++;
        log("rejected " + r.topic() + "/" + r.partition() + "/" + r.offset() + ": " + reason);
    }

    private static String matchIdOf(ConsumerRecord<String, String> r) {
        return r.key() != null && MatchSubmission.isValidId(r.key()) ? r.key() : null;
    }

    private void addOffset(TopicPartition tp, long offset) {
        if (pendingTasks == 0) pendingSince = System.nanoTime();
        pendingTasks++;
        pendingOffsets.put(tp, new OffsetAndMetadata(offset + 1));
    }

    /** Publishes the pending results and commits their offsets in one transaction. */
    private void flush() {
        if (fenced) clearPending(); // nothing of it can be committed any more; the new owner replays it
        if (pendingTasks == 0) return;
        try {
            producer.beginTransaction();
            for (ProducerRecord<String, String> r : pending) producer.send(r);
            producer.sendOffsetsToTransaction(pendingOffsets, consumer.groupMetadata());
            producer.commitTransaction();
        } catch (KafkaException e) {
            // Nothing of this transaction becomes visible; the tasks are replayed from the last
            // committed offsets by the next incarnation of this slot or by another worker.
            try {
                producer.abortTransaction();
            } catch (KafkaException ignored) {
                // fenced or broker away: the broker aborts it by itself when the producer is gone
            }
            if (!isStaleGeneration(e)) throw e;
            // The group moved to a new generation between this poll and the commit (another member
            // joined or left). Reconnecting would join as a new member and move the group again,
            // failing the other members' commits in turn; as Kafka's exactly-once examples do, abort,
            // rewind to the committed offsets and poll on: the next poll takes the new generation.
            log("the worker group rebalanced before a commit; replaying " + pendingTasks + " pair(s) from the committed offsets");
            clearPending();
            rewindToCommitted();
            return;
        }
        int games = 0;
        for (ProducerRecord<String, String> r : pending) if (r.topic().equals(Topics.GAMES)) games++;
        counters.games.addAndGet(games);
        counters.tasks.addAndGet(pendingTasks);
        // Counted only once committed: an aborted transaction's tasks come back and are counted then.
        counters.skipped.addAndGet(pendingSkipped);
        counters.rejected.addAndGet(pendingRejected);
        for (String line : pendingLines) System.out.println("Committed " + line);
        clearPending();
    }

    /** Whether a commit failed only because the group's generation changed under it (not a fencing). */
    static boolean isStaleGeneration(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) if (t instanceof CommitFailedException) return true;
        return false;
    }

    /** Moves every partition this slot holds back to its committed offset, so uncommitted tasks are read again. */
    private void rewindToCommitted() {
        Set<TopicPartition> held = consumer.assignment();
        // The rest of this poll's records are read again from the committed offsets: skip them now.
        revoked.addAll(held);
        if (held.isEmpty()) return;
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(held);
        for (TopicPartition tp : held) {
            OffsetAndMetadata at = committed.get(tp);
            if (at != null) consumer.seek(tp, at);
            else consumer.seekToBeginning(List.of(tp));
        }
    }

    /** Forgets the results not yet committed (committed, or no longer this slot's to commit). */
    private void clearPending() {
        pending.clear();
        pendingLines.clear();
        pendingOffsets.clear();
        pendingTasks = 0;
        pendingSkipped = 0;
        pendingRejected = 0;
    }

    private final class Rebalance implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) return;
            // Still the owner here: commit what is done so the next owner does not replay it.
            try {
                flush();
            } catch (KafkaException e) {
                // Thrown on, the consumer would log it with a trace; the slot says it in one line instead.
                if (!isFencing(e)) throw e;
                fenced = true;
                clearPending();
            }
            revoked.addAll(partitions);
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            // No longer the owner: the transaction would be refused, and the new owner replays.
            clearPending();
            revoked.addAll(partitions);
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            if (playing) consumer.pause(partitions);
        }
    }

    void close() {
        closing = true;
        player.abort();
        KafkaConsumer<String, String> c = consumer;
        if (c != null) c.wakeup();
    }

    private void closeClients() {
        if (consumer != null) {
            try {
                consumer.close(Duration.ofSeconds(5));
            } catch (KafkaException ignored) {
                // leaving the group late only delays the rebalance
            }
            consumer = null;
        }
        if (producer != null) {
            try {
                producer.close(Duration.ofSeconds(5));
            } catch (KafkaException ignored) {
                // an open transaction is aborted by the broker's transaction timeout
            }
            producer = null;
        }
    }

    private void log(String message) {
        System.err.println("rookery worker " + settings.workerId() + " slot " + slot + ": " + message);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
