package org.rookery.workers.kafka;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The match ids defined in {@code rookery.matches} (compacted: one record per match). A task's
 * definition is committed in the task's own transaction, so a worker that has read the topic up to
 * its end and still does not know the match can reject the task: {@link #isKnown} reads that far
 * before it says no.
 */
final class KnownMatches implements AutoCloseable {
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    private final TopicFollower follower;

    KnownMatches(KafkaClients clients, String clientId) {
        follower = new TopicFollower(clients, clientId, Topics.MATCHES, this::apply);
    }

    private void apply(ConsumerRecord<String, String> r) {
        if (r.key() == null) return;
        if (r.value() == null) known.remove(r.key()); // a tombstone deletes the definition
        else if (MatchSubmission.isValidId(r.key())) known.add(r.key());
    }

    /**
     * Whether the match has a definition, after reading rookery.matches to its current end.
     * @throws KafkaUnavailableException if the topic could not be read that far within {@code patience}
     */
    boolean isKnown(String matchId, Duration patience) throws InterruptedException {
        if (known.contains(matchId)) return true;
        if (!follower.awaitCaughtUp(patience)) {
            throw new KafkaUnavailableException("could not read " + Topics.MATCHES + " to its end within " + patience.toSeconds() + " s");
        }
        return known.contains(matchId);
    }

    @Override
    public void close() {
        follower.close();
    }
}
