package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.rookery.contract.ContractException;
import org.rookery.contract.control.ControlMessage;
import org.rookery.contract.control.Quarantine;
import org.rookery.contract.fleet.WorkerHealth;
import org.rookery.contract.games.GameCodec;
import org.rookery.contract.tasks.Rejection;
import org.rookery.workers.match.MatchReport;
import org.rookery.stats.Sprt;

/**
 * {@code rookery status}: a match's standings from its committed game records, printed by the
 * local gauntlet's {@link MatchReport}, with its rejected tasks and its stop. Whoever watches a
 * match with an SPRT also applies it: when the test decides, the watcher publishes the stop to
 * {@code rookery.control} (idempotent: the topic is compacted by match id).
 *
 * <p>A stop only keeps new pairs from starting: pairs in flight finish, are recorded and count
 * (docs/cluster.md, "Stopped matches"). So after a stop, {@code --follow} waits until the workers'
 * group has finished every task of the match ({@link OpenTasks}) and reads the games committed with
 * them; its last line then counts what the {@code games} table will hold.
 */
public final class MatchWatcher {
    private MatchWatcher() {}

    /** The workers' consumer group when none is named ({@code rookery worker|status|submit --group}). */
    public static final String DEFAULT_GROUP = "rookery-workers";

    /**
     * Where a match stands.
     *
     * @param decidedAfter games counted when the SPRT decided (0 if it did not); every later game counts too
     * @param settled no further game of the match can be recorded: it is complete, or stopped and
     *                the workers finished or skipped all of its tasks
     */
    public record Summary(String matchId, int games, int totalGames, int rejectedTasks, boolean stopped, String stopReason,
                          Sprt.Decision decision, int decidedAfter, boolean settled) {
        public boolean complete() { return games >= totalGames; }
    }

    /** {@link #watch(KafkaClients, String, String, PrintStream, boolean, Duration)} for workers in the default group. */
    public static Summary watch(KafkaClients clients, String matchId, PrintStream out, boolean follow, Duration timeout)
            throws InterruptedException {
        return watch(clients, matchId, DEFAULT_GROUP, out, follow, timeout);
    }

    /**
     * Prints the standings. Without {@code follow}, reads what is committed now; with it, keeps
     * printing games as they come until every game is in, a task was rejected for each missing
     * game, or the match was stopped and its pairs in flight are in (or {@code timeout} passes, when
     * not null). {@code group} is the workers' consumer group, whose offsets say which tasks are done.
     */
    public static Summary watch(KafkaClients clients, String matchId, String group, PrintStream out, boolean follow,
            Duration timeout) throws InterruptedException {
        if (!MatchSubmission.isValidId(matchId)) throw new IllegalArgumentException("\"" + matchId + "\" is not a match id (m- and 16 hex digits)");
        MatchSubmission def = Submitter.find(clients, matchId, Duration.ofSeconds(5));
        if (def == null) throw new IllegalArgumentException("unknown match " + matchId + " (not in " + Topics.MATCHES + " at " + clients.bootstrap() + ")");
        int gamesPerTask = Math.max(1, def.pairs() == 0 ? 1 : def.totalGames() / def.pairs());
        MatchReport report = new MatchReport(out, def.reportSettings());
        List<String> engines = def.engineNames();
        WorkerHealth health = new WorkerHealth(engines.isEmpty() ? null : engines.get(0), def.quarantineRule());
        Map<String, Quarantine> quarantined = new TreeMap<>();
        boolean healthChanged = false;
        Set<String> seen = new HashSet<>();
        Set<String> rejectedKeys = new HashSet<>();
        int rejectedGames = 0;
        boolean stopped = false, sprtStopped = false, settled = false;
        int open = -1;
        OpenTasks tasks = null;
        Admin admin = null;
        String stopReason = null;
        Sprt.Decision decision = Sprt.Decision.CONTINUE;
        long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<String, String> c = clients.consumer(null, "rookery-status-" + matchId)) {
            List<TopicPartition> parts = new ArrayList<>();
            for (String topic : List.of(Topics.GAMES, Topics.REJECTED, Topics.CONTROL)) {
                c.partitionsFor(topic, Duration.ofSeconds(30)).forEach(p -> parts.add(new TopicPartition(p.topic(), p.partition())));
            }
            c.assign(parts);
            c.seekToBeginning(parts);
            Map<TopicPartition, Long> end = c.endOffsets(parts, Duration.ofSeconds(30));
            while (true) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(300))) {
                    switch (r.topic()) {
                        case Topics.GAMES -> {
                            if (r.key() == null || !r.key().startsWith(matchId + "/") || !seen.add(r.key())) continue;
                            try {
                                ObjectNode value = Json.parseObject(r.value());
                                Sprt.Decision d = report.finished(GameJson.toStandingsRecord(value));
                                if (decision == Sprt.Decision.CONTINUE) decision = d;
                                health.add(GameCodec.fromJson(value));
                                healthChanged = true;
                            } catch (BadRecordException | ContractException e) {
                                out.println("Warning: game record " + r.key() + " is unreadable: " + e.getMessage());
                            }
                        }
                        case Topics.REJECTED -> {
                            Rejection rej;
                            try {
                                rej = Rejection.parse(r.value());
                            } catch (ContractException e) {
                                continue;
                            }
                            if (!matchId.equals(rej.matchId()) || !rejectedKeys.add(rej.topic() + "/" + rej.partition() + "/" + rej.offset())) continue;
                            rejectedGames += gamesIn(rej.value(), gamesPerTask);
                            out.printf(Locale.ROOT, "Rejected task %s/%d/%d: %s%n", rej.topic(), rej.partition(), rej.offset(), rej.reason());
                        }
                        default -> {
                            if (r.key() != null && r.key().startsWith(matchId + "/") && Quarantine.is(r.value())) {
                                try {
                                    Quarantine q = Quarantine.parse(r.value());
                                    if (quarantined.putIfAbsent(q.workerId(), q) == null) {
                                        out.printf(Locale.ROOT, "Quarantined worker %s: %s%n", q.workerId(), q.reason());
                                    }
                                } catch (ContractException e) {
                                    // not a quarantine anyone can act on
                                }
                                continue;
                            }
                            if (!matchId.equals(r.key())) continue;
                            try {
                                ControlMessage m = ControlMessage.parse(r.value(), r.key());
                                stopped = true;
                                stopReason = m.reason();
                            } catch (ContractException e) {
                                // not a stop
                            }
                        }
                    }
                }
                if (decision != Sprt.Decision.CONTINUE && !stopped) {
                    String reason = "SPRT: " + (decision == Sprt.Decision.ACCEPT_H1 ? "H1" : "H0") + " accepted after "
                        + report.decidedAfter() + " games";
                    publishStop(clients, ControlMessage.stop(matchId, reason), out);
                    stopped = true;
                    sprtStopped = true;
                    stopReason = reason;
                }
                boolean caughtUp = Submitter.reached(c, end);
                if (caughtUp && healthChanged) {
                    // Judged on every committed game: a decision already taken was read before this point.
                    healthChanged = false;
                    List<WorkerHealth.Row> rows = health.rows();
                    for (WorkerHealth.Row row : rows) {
                        if (row.verdict() == null || quarantined.containsKey(row.workerId())) continue;
                        // The last worker left is never sent away: its pairs would have nowhere to go.
                        long others = rows.stream().filter(x -> !x.workerId().equals(row.workerId())
                            && !quarantined.containsKey(x.workerId())).count();
                        if (others == 0) continue;
                        Quarantine q = new Quarantine(matchId, row.workerId(), row.verdict(), row.games());
                        publishQuarantine(clients, q);
                        quarantined.put(q.workerId(), q);
                        out.printf(Locale.ROOT, "Quarantined worker %s: %s%n", q.workerId(), q.reason());
                    }
                }
                boolean done = seen.size() + rejectedGames >= def.totalGames();
                if (stopped && caughtUp && !done && !settled) {
                    if (tasks == null) {
                        tasks = OpenTasks.read(clients, matchId);
                        admin = clients.admin();
                    }
                    int now = tasks.open(admin, group);
                    if (now == 0) {
                        settled = true;
                        end = appended(admin, parts);
                        continue;
                    }
                    if (follow && now != open) {
                        out.printf(Locale.ROOT, "Stopped; waiting for group %s to finish or skip %d open tasks (pairs in flight count)%n",
                            group, now);
                    }
                    open = now;
                }
                if (!follow && caughtUp) break;
                if (follow && (done || settled && caughtUp)) break;
                if (System.nanoTime() > deadline) break;
                if (follow && caughtUp) end = c.endOffsets(parts, Duration.ofSeconds(30));
            }
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            throw new KafkaUnavailableException("no answer from the Kafka cluster at " + clients.bootstrap() + ": " + e.getMessage());
        } finally {
            if (admin != null) admin.close(Duration.ofSeconds(5));
        }
        report.finish(sprtStopped || decision != Sprt.Decision.CONTINUE);
        WorkerTable.print(out, health.rows(), quarantined);
        boolean complete = seen.size() + rejectedGames >= def.totalGames();
        String state = complete ? "complete"
            : settled ? "stopped (" + stopReason + ")"
            : stopped ? "stopping (" + stopReason + "; " + (open < 0 ? "pairs in flight" : open + " open tasks") + ", their games still count)"
            : "running";
        out.printf(Locale.ROOT, "Match %s: %d of %d games, %d rejected tasks, %s%n", matchId, seen.size(), def.totalGames(),
            rejectedKeys.size(), state);
        out.flush();
        return new Summary(matchId, seen.size(), def.totalGames(), rejectedKeys.size(), stopped, stopReason, decision,
            report.decidedAfter(), complete || settled);
    }

    /**
     * The log end of each partition, transactions still open included. A task's offset and its games
     * commit together, but the commit markers reach {@code __consumer_offsets} and the games
     * partitions at different moments; the games were appended before the commit began, so once
     * a read_committed reader passes these offsets it has seen them.
     */
    private static Map<TopicPartition, Long> appended(Admin admin, List<TopicPartition> parts) {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (TopicPartition tp : parts) latest.put(tp, OffsetSpec.latest());
        Map<TopicPartition, Long> end = new HashMap<>();
        try {
            admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).forEach((tp, info) -> end.put(tp, info.offset()));
        } catch (ExecutionException | TimeoutException e) {
            throw new KafkaUnavailableException("reading the end offsets of " + Topics.GAMES + " failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaUnavailableException("interrupted while reading the end offsets of " + Topics.GAMES);
        }
        return end;
    }

    private static int gamesIn(String taskValue, int fallback) {
        try {
            ObjectNode o = Json.parseObject(taskValue);
            JsonNode g = o.get("games");
            return g != null && g.isArray() && g.size() > 0 ? g.size() : fallback;
        } catch (BadRecordException e) {
            return fallback;
        }
    }

    /** Publishes a worker's quarantine from a match (the decision and its reason). */
    public static void publishQuarantine(KafkaClients clients, Quarantine q) {
        try (KafkaProducer<String, String> p = clients.producer("rookery-control")) {
            p.send(new ProducerRecord<>(Topics.CONTROL, q.key(), Json.write(q.toJson()))).get();
        } catch (KafkaException | java.util.concurrent.ExecutionException e) {
            throw new KafkaUnavailableException("publishing the quarantine of " + q.workerId() + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaUnavailableException("interrupted while publishing the quarantine of " + q.workerId());
        }
    }

    /** Publishes a stop for a match (rookery stop, or an SPRT decision). */
    public static void publishStop(KafkaClients clients, ControlMessage stop, PrintStream out) {
        try (KafkaProducer<String, String> p = clients.producer("rookery-control")) {
            p.send(new ProducerRecord<>(Topics.CONTROL, stop.matchId(), Json.write(stop.toJson()))).get();
            if (out != null) out.println("Published stop for " + stop.matchId() + ": " + stop.reason());
        } catch (KafkaException | java.util.concurrent.ExecutionException e) {
            throw new KafkaUnavailableException("publishing the stop of " + stop.matchId() + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaUnavailableException("interrupted while publishing the stop of " + stop.matchId());
        }
    }
}
