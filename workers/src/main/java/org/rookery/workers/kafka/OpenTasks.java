package org.rookery.workers.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Which of a match's tasks the workers have not finished. A slot commits its group's offset past a
 * task in the very transaction that publishes the pair's games, or when it skips the task after a
 * stop or rejects it; so once the group's committed offsets pass every task of the match, every game
 * the match will ever have is readable on {@code rookery.games}. After a stop this is how
 * {@code status} knows the pairs that were in flight are in, without asking the workers anything.
 * The same reading also catches a worker that had not seen the stop yet and started one more pair.
 */
final class OpenTasks {
    /** This match's task offsets on each partition of {@code rookery.tasks}, ascending. */
    private final Map<TopicPartition, long[]> offsets;

    private OpenTasks(Map<TopicPartition, long[]> offsets) {
        this.offsets = offsets;
    }

    /** Builds the view from offsets the caller collected, for tests. */
    static OpenTasks of(Map<TopicPartition, long[]> offsets) {
        Map<TopicPartition, long[]> sorted = new HashMap<>();
        offsets.forEach((tp, o) -> {
            long[] copy = o.clone();
            Arrays.sort(copy);
            sorted.put(tp, copy);
        });
        return new OpenTasks(sorted);
    }

    /** Reads where the match's tasks are (keyed by match id, see {@link Submitter}) from the committed task log. */
    static OpenTasks read(KafkaClients clients, String matchId) {
        Map<TopicPartition, List<Long>> found = new HashMap<>();
        try (KafkaConsumer<String, String> c = clients.consumer(null, "rookery-status-tasks-" + matchId)) {
            List<TopicPartition> parts = c.partitionsFor(Topics.TASKS, Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            Map<TopicPartition, Long> end = c.endOffsets(parts, Duration.ofSeconds(30));
            while (!Submitter.reached(c, end)) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(300))) {
                    if (matchId.equals(r.key())) found.computeIfAbsent(new TopicPartition(r.topic(), r.partition()), k -> new ArrayList<>()).add(r.offset());
                }
            }
        }
        Map<TopicPartition, long[]> offsets = new HashMap<>();
        found.forEach((tp, list) -> offsets.put(tp, list.stream().mapToLong(Long::longValue).toArray()));
        return of(offsets);
    }

    /** How many of the match's tasks lie at or after the group's committed offset of their partition. */
    int open(Map<TopicPartition, OffsetAndMetadata> committed) {
        int open = 0;
        for (var e : offsets.entrySet()) {
            OffsetAndMetadata c = committed.get(e.getKey());
            long done = c == null ? 0 : c.offset();
            for (long o : e.getValue()) if (o >= done) open++;
        }
        return open;
    }

    /** {@link #open(Map)} against the group's offsets as the broker has them now. */
    int open(Admin admin, String group) {
        try {
            return open(admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS));
        } catch (ExecutionException e) {
            throw new KafkaUnavailableException("reading the offsets of group " + group + " failed: " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new KafkaUnavailableException("reading the offsets of group " + group + ": no answer within 30 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaUnavailableException("interrupted while reading the offsets of group " + group);
        }
    }

    /** How many tasks the match has on {@code rookery.tasks}. */
    int tasks() {
        int n = 0;
        for (long[] o : offsets.values()) n += o.length;
        return n;
    }
}
