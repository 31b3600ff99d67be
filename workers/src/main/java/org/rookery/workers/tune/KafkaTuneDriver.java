package org.rookery.workers.tune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.rookery.contract.schema.Games;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.contract.tasks.PairTask;
import org.rookery.stats.spsa.Spsa;
import org.rookery.stats.spsa.SpsaParameter;
import org.rookery.stats.spsa.SpsaProbe;
import org.rookery.stats.spsa.SpsaSchedule;
import org.rookery.stats.spsa.Rounding;
import org.rookery.workers.kafka.BadRecordException;
import org.rookery.workers.kafka.Json;
import org.rookery.workers.kafka.KafkaClients;
import org.rookery.workers.kafka.KafkaUnavailableException;
import org.rookery.workers.kafka.MatchSubmission;
import org.rookery.workers.kafka.TaskTypes;
import org.rookery.workers.kafka.Topics;
import org.rookery.workers.match.MatchSettings;

/**
 * Drives an SPSA run over Kafka, as fishtest's server does over HTTP: the pairs are tasks on
 * {@code rookery.tasks} that the usual workers play (θ+ and θ− are two players of one registry
 * engine, with the values to play as {@code setoption} values), and θ moves as each pair's games
 * become readable on {@code rookery.games}, in whatever order they come.
 *
 * <p>The driver's state is its log, {@code rookery.spsa}, and its offsets on {@code rookery.games}:
 * a pair handed out is a {@code probe} record committed in the transaction that publishes its task;
 * a pair counted is a {@code result} record committed with the driver's consumer offsets
 * ({@code sendOffsetsToTransaction}) and the tasks it hands out next. A driver killed at any moment
 * leaves either all of a step or none of it; the next one ({@code --resume}) fences it by its
 * transactional id, rebuilds θ from the log and reads on from the committed offsets, skipping the
 * games of pairs the log has already counted. A pair's two games may sit on two partitions: the
 * offset committed for a partition stops at the first game of a pair still incomplete, so a
 * restart reads that game again instead of losing it.
 */
public final class KafkaTuneDriver {
    /** What the command line asks for. */
    public record Request(List<SpsaParameter> params, int pairs, Rounding rounding, long seed, String engine, EngineLimits limits,
                          MatchSettings settings, int window, boolean resume) {}

    private final KafkaClients clients;
    private final Request req;
    private final PrintStream out;
    private final String runId;
    private final TuneDefinition definition;
    private final List<String> names = new ArrayList<>();
    private volatile boolean stop;
    /** The run's log as committed so far (probes join it when their transaction commits). */
    private Log log;
    /** Probes of the transaction being built. */
    private final List<SpsaRecord> pendingProbes = new ArrayList<>();

    public KafkaTuneDriver(KafkaClients clients, Request req, PrintStream out) {
        this.clients = clients;
        this.req = req;
        this.out = out;
        this.definition = new TuneDefinition(req);
        this.names.addAll(definition.names());
        this.runId = definition.runId();
    }

    /** The run id: {@code m-} and 16 hex digits of the SHA-256 of everything that decides the run. */
    public String runId() { return runId; }

    /** Asks the driver to return after its current step (the run can be resumed). */
    public void requestStop() { stop = true; }

    /** The run's definition on {@code rookery.matches} (a match of θ+ against θ−, so status and the sink know it). */
    ObjectNode definitionBody() { return definition.body(); }

    /**
     * Runs (or resumes) the run until every pair is counted; returns θ.
     *
     * @throws IllegalArgumentException when the log contradicts {@code --resume} (a run that exists
     *     without it, or none with it): the one-line error of bad input
     */
    public double[] run() throws InterruptedException {
        ensureTopics();
        log = Log.read(clients, runId);
        if (!req.resume() && !log.probes.isEmpty()) {
            throw new IllegalArgumentException("run " + runId + " already exists in " + Topics.SPSA + " (" + log.results.size() + " of "
                + req.pairs() + " pairs counted): add --resume to continue it, or change -srand for a new run");
        }
        if (req.resume() && log.probes.isEmpty()) throw new IllegalArgumentException("--resume: there is no run " + runId + " in " + Topics.SPSA + " to resume");
        double[] theta = log.results.isEmpty() ? null : log.results.get(log.results.size() - 1).result().after();
        SpsaSchedule schedule = SpsaSchedule.fishtest(req.pairs());
        long handedOut = log.probes.isEmpty() ? 0 : log.probes.lastKey();
        Spsa spsa = theta == null && handedOut == 0 ? new Spsa(req.params(), schedule, req.rounding())
            : Spsa.resumed(req.params(), schedule, req.rounding(), theta != null ? theta : start(), handedOut, log.results.size());
        // The openings book is a sequence: the pairs already handed out took its first openings.
        for (long i = 0; i < handedOut; i++) req.settings().openings().next();
        SplittableRandom rng = new SplittableRandom(req.seed() ^ (handedOut * 0x9E3779B97F4A7C15L));
        Set<Long> counted = new HashSet<>();
        for (SpsaRecord r : log.results) counted.add(r.probe().k());
        TuneProgress progress = new TuneProgress(out, req.params(), req.pairs(), counted.size());
        out.println((req.resume() ? "Resuming run " : "Run ") + runId + ": " + counted.size() + " of " + req.pairs() + " pairs counted, "
            + (handedOut - counted.size()) + " out");
        out.flush();
        if (counted.size() >= req.pairs()) return spsa.theta();

        long started = System.nanoTime();
        int countedHere = 0;
        Map<Long, Pending> pending = new HashMap<>();
        try (KafkaProducer<String, String> producer = clients.transactionalProducer("rookery-tune-" + runId);
             KafkaConsumer<String, String> games = clients.consumer("rookery-tune-" + runId, "rookery-tune-" + runId)) {
            // Fences a killed driver of this run and aborts the transaction it left open.
            producer.initTransactions();
            int taskPartitions = producer.partitionsFor(Topics.TASKS).size();
            List<TopicPartition> parts = new ArrayList<>();
            for (String topic : List.of(Topics.GAMES, Topics.REJECTED)) {
                games.partitionsFor(topic, Duration.ofSeconds(30)).forEach(p -> parts.add(new TopicPartition(p.topic(), p.partition())));
            }
            games.assign(parts);
            Map<TopicPartition, OffsetAndMetadata> committed = games.committed(new HashSet<>(parts), Duration.ofSeconds(30));
            for (TopicPartition tp : parts) {
                OffsetAndMetadata o = committed.get(tp);
                if (o != null) games.seek(tp, o.offset());
                // A new run's games come after its first tasks: everything now on the topic is older.
                else if (handedOut == 0) games.seekToEnd(List.of(tp));
                else games.seekToBeginning(List.of(tp));
            }
            for (TopicPartition tp : parts) games.position(tp, Duration.ofSeconds(30));

            List<ProducerRecord<String, String>> batch = new ArrayList<>();
            if (handedOut == 0) {
                MatchSubmission def = MatchSubmission.of(definition.definition(Instant.now()));
                batch.add(new ProducerRecord<>(Topics.MATCHES, runId, Json.write(def.toJson())));
            }
            handOut(spsa, rng, counted.size(), batch, taskPartitions);
            commit(producer, games, batch, pending, parts);

            while (counted.size() < req.pairs() && !stop) {
                for (ConsumerRecord<String, String> r : games.poll(Duration.ofMillis(200))) {
                    if (r.topic().equals(Topics.REJECTED)) {
                        rejected(r);
                        continue;
                    }
                    if (r.key() == null || !r.key().startsWith(runId + "/")) continue;
                    String[] id = r.key().split("/");
                    if (id.length != 3) continue;
                    long k = Long.parseLong(id[1]) + 1;
                    int game = Integer.parseInt(id[2]);
                    SpsaRecord probe = log.probes.get(k);
                    if (probe == null || counted.contains(k) || game < 0 || game > 1) continue; // counted before a restart
                    Pending p = pending.computeIfAbsent(k, x -> new Pending());
                    p.results[game] = Json.parseObject(r.value()).path(Games.RESULT).asText("*");
                    p.ids[game] = r.key();
                    p.offsets.merge(new TopicPartition(r.topic(), r.partition()), r.offset(), Math::min);
                    if (p.results[0] == null || p.results[1] == null) continue;
                    pending.remove(k);
                    // Game 0: θ+ White; game 1: θ− White.
                    int result = score(p.results[0]) - score(p.results[1]);
                    var step = spsa.update(probe.probe(), result);
                    batch.add(new ProducerRecord<>(Topics.SPSA, runId,
                        Json.write(SpsaRecord.result(runId, req.pairs(), names, step, List.of(p.ids)).toJson())));
                    counted.add(k);
                    countedHere++;
                    progress.counted(step);
                }
                long outNow = spsa.handedOut() - counted.size();
                if (!batch.isEmpty() || outNow < req.window()) {
                    handOut(spsa, rng, counted.size(), batch, taskPartitions);
                    if (!batch.isEmpty()) commit(producer, games, batch, pending, parts);
                }
            }
        } catch (KafkaException e) {
            throw new KafkaUnavailableException("tune driver of " + runId + ": " + e.getMessage() + " (resume with --resume)");
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        out.printf(java.util.Locale.ROOT, "Throughput: %d pairs in %.1f s (%.1f pairs/s)%n", countedHere, seconds, countedHere / seconds);
        return spsa.theta();
    }

    /** Probes and their tasks until {@code window} pairs are out or all N were handed out. */
    private void handOut(Spsa spsa, SplittableRandom rng, int counted, List<ProducerRecord<String, String>> batch, int partitions) {
        while (spsa.handedOut() - counted < req.window()) {
            SpsaProbe probe = spsa.next(rng);
            if (probe == null) return;
            SpsaRecord rec = SpsaRecord.probe(runId, req.pairs(), names, probe);
            pendingProbes.add(rec);
            batch.add(new ProducerRecord<>(Topics.SPSA, runId, Json.write(rec.toJson())));
            PairTask task = definition.task(probe, req.settings().openings().next());
            batch.add(new ProducerRecord<>(Topics.TASKS, task.pairIndex() % partitions, runId, Json.write(task.toJson())));
        }
    }


    /** One transaction: the batch's records and the games offsets up to the first game still waiting for its pair. */
    private void commit(KafkaProducer<String, String> producer, KafkaConsumer<String, String> consumer,
            List<ProducerRecord<String, String>> batch, Map<Long, Pending> pending, List<TopicPartition> parts) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition tp : parts) {
            long at = consumer.position(tp);
            for (Pending p : pending.values()) {
                Long o = p.offsets.get(tp);
                if (o != null) at = Math.min(at, o);
            }
            offsets.put(tp, new OffsetAndMetadata(at));
        }
        producer.beginTransaction();
        for (ProducerRecord<String, String> r : batch) producer.send(r);
        producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());
        producer.commitTransaction();
        batch.clear();
        // Only now are the probes part of the log: a pair's games may come back from here on.
        for (SpsaRecord r : pendingProbes) log.probes.put(r.probe().k(), r);
        pendingProbes.clear();
    }

    private void rejected(ConsumerRecord<String, String> r) {
        JsonNode o;
        try {
            o = Json.parseObject(r.value());
        } catch (BadRecordException e) {
            return;
        }
        if (!runId.equals(o.path("match_id").asText(null))) return;
        // A rejected task is never played: the run cannot finish, so say why and stop (it can be resumed after the fix).
        throw new IllegalStateException("a worker rejected a task of run " + runId + ": " + o.path("reason").asText("?"));
    }

    /** +1, 0 or −1 for White. */
    private static int score(String result) {
        return switch (result) {
            case "1-0" -> 1;
            case "0-1" -> -1;
            default -> 0;
        };
    }

    private double[] start() {
        double[] t = new double[req.params().size()];
        for (int i = 0; i < t.length; i++) t[i] = req.params().get(i).start();
        return t;
    }

    private void ensureTopics() throws InterruptedException {
        try (Admin admin = clients.admin()) {
            Topics.ensure(admin, Topics.DEFAULT_TASK_PARTITIONS);
        }
    }

    /** A pair whose games are arriving: each game's result, id and where it was read. */
    private static final class Pending {
        final String[] results = new String[2];
        final String[] ids = new String[2];
        final Map<TopicPartition, Long> offsets = new HashMap<>();
    }

    /** The committed log of one run on {@code rookery.spsa}. */
    static final class Log {
        final TreeMap<Long, SpsaRecord> probes = new TreeMap<>();
        final List<SpsaRecord> results = new ArrayList<>();

        /** Reads the topic to its end (read_committed: an aborted step is not there). */
        static Log read(KafkaClients clients, String runId) {
            Log log = new Log();
            Set<Long> seen = new HashSet<>();
            for (ConsumerRecord<String, String> r : readTopic(clients, Topics.SPSA)) {
                if (!runId.equals(r.key())) continue;
                SpsaRecord rec;
                try {
                    rec = SpsaRecord.parse(r.value());
                } catch (BadRecordException e) {
                    throw new IllegalStateException(Topics.SPSA + "/" + r.partition() + "/" + r.offset() + " of run " + runId + ": " + e.getMessage());
                }
                if (rec.result() == null) log.probes.put(rec.probe().k(), rec);
                else if (seen.add(rec.probe().k())) log.results.add(rec);
            }
            return log;
        }
    }

    /** Every committed record of a topic now, in partition order. */
    static List<ConsumerRecord<String, String>> readTopic(KafkaClients clients, String topic) {
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        try (KafkaConsumer<String, String> c = clients.consumer(null, "rookery-tune-log")) {
            List<TopicPartition> parts = c.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            Map<TopicPartition, Long> end = c.endOffsets(parts, Duration.ofSeconds(30));
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (!reached(c, end)) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) out.add(r);
                if (System.nanoTime() > deadline) throw new KafkaUnavailableException("reading " + topic + " timed out");
            }
        }
        return out;
    }

    private static boolean reached(KafkaConsumer<String, String> c, Map<TopicPartition, Long> end) {
        for (var e : end.entrySet()) if (c.position(e.getKey()) < e.getValue()) return false;
        return true;
    }
}
