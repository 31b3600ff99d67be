package org.rookery.workers.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.rookery.contract.tasks.PairTask;

/**
 * Publishes a match: its definition to {@code rookery.matches} and one task per pair to
 * {@code rookery.tasks}, all in one transaction, so workers see the whole match or none of it and a
 * failed submission can simply be repeated.
 */
public final class Submitter {
    private Submitter() {}

    /** What happened to a submission. */
    public enum Outcome { PUBLISHED, ALREADY_SUBMITTED }

    public static Outcome submit(KafkaClients clients, MatchSubmission def, int taskPartitions) throws InterruptedException {
        try (Admin admin = clients.admin()) {
            Topics.ensure(admin, taskPartitions);
        }
        if (find(clients, def.matchId()) != null) return Outcome.ALREADY_SUBMITTED;
        // The id is per match, so a retried submission fences an earlier attempt still in flight.
        try (KafkaProducer<String, String> p = clients.transactionalProducer("rookery-submit-" + def.matchId())) {
            // The key is the match id (docs/schema.md); hashing it would put a whole match on one
            // partition and so on one worker, hence pairs are dealt over the partitions explicitly.
            int partitions = p.partitionsFor(Topics.TASKS).size();
            p.initTransactions();
            p.beginTransaction();
            p.send(new ProducerRecord<>(Topics.MATCHES, def.matchId(), Json.write(def.toJson())));
            for (PairTask t : def.tasks()) {
                p.send(new ProducerRecord<>(Topics.TASKS, t.pairIndex() % partitions, def.matchId(), Json.write(t.toJson())));
            }
            p.commitTransaction();
        } catch (KafkaException e) {
            throw new KafkaUnavailableException("publishing match " + def.matchId() + " failed: " + e.getMessage());
        }
        return Outcome.PUBLISHED;
    }

    /**
     * The latest committed definition of a match, or null. A commit becomes readable a moment
     * after {@code commitTransaction} returns (the transaction markers are written asynchronously),
     * so a match not found is looked for again for up to {@code patience}.
     */
    public static MatchSubmission find(KafkaClients clients, String matchId, Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            MatchSubmission d = find(clients, matchId);
            if (d != null || System.nanoTime() > deadline) return d;
            Thread.sleep(250);
        }
    }

    /** The latest committed definition of a match, or null (reads the compacted topic to its end). */
    public static MatchSubmission find(KafkaClients clients, String matchId) {
        MatchSubmission found = null;
        try (KafkaConsumer<String, String> c = clients.consumer(null, "rookery-match-lookup")) {
            List<TopicPartition> parts = c.partitionsFor(Topics.MATCHES, Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            if (parts.isEmpty()) return null;
            c.assign(parts);
            c.seekToBeginning(parts);
            Map<TopicPartition, Long> end = c.endOffsets(parts, Duration.ofSeconds(30));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!reached(c, end)) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(500))) {
                    if (!matchId.equals(r.key())) continue;
                    try {
                        found = MatchSubmission.parse(r.value());
                    } catch (BadRecordException e) {
                        found = null;
                    }
                }
                if (System.nanoTime() > deadline) throw new KafkaUnavailableException("reading " + Topics.MATCHES + " timed out");
            }
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            throw new KafkaUnavailableException("no answer from the Kafka cluster at " + clients.bootstrap() + " within 30 s");
        }
        return found;
    }

    static boolean reached(KafkaConsumer<String, String> c, Map<TopicPartition, Long> end) {
        for (var e : end.entrySet()) if (c.position(e.getKey()) < e.getValue()) return false;
        return true;
    }
}
