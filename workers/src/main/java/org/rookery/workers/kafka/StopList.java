package org.rookery.workers.kafka;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.rookery.contract.ContractException;
import org.rookery.contract.control.ControlMessage;
import org.rookery.contract.control.Quarantine;

/**
 * The matches stopped, and the workers quarantined from matches, through {@code rookery.control}, kept current by a {@link TopicFollower}
 * that reads the topic from its start (it is compacted: one record per stopped match) and then
 * follows it.
 */
public final class StopList implements AutoCloseable {
    private final Set<String> stopped = ConcurrentHashMap.newKeySet();
    /** {@code <match_id>/<worker_id>} of every quarantine. */
    private final Set<String> quarantined = ConcurrentHashMap.newKeySet();
    private final TopicFollower follower;

    public StopList(KafkaClients clients, String clientId) {
        follower = new TopicFollower(clients, clientId, Topics.CONTROL, this::apply);
    }

    private void apply(ConsumerRecord<String, String> r) {
        if (Quarantine.is(r.value())) {
            try {
                Quarantine q = Quarantine.parse(r.value());
                quarantined.add(q.matchId() + "/" + q.workerId());
            } catch (ContractException e) {
                // a quarantine naming nobody keeps nobody out
            }
            return;
        }
        try {
            ControlMessage m = ControlMessage.parse(r.value(), r.key());
            if (m.action().equals(ControlMessage.STOP)) stopped.add(m.matchId());
        } catch (ContractException e) {
            // a control record nobody can act on stops nothing
        }
    }

    public boolean isStopped(String matchId) { return stopped.contains(matchId); }

    /** Whether {@code workerId} is quarantined from {@code matchId}. */
    public boolean isQuarantined(String matchId, String workerId) { return quarantined.contains(matchId + "/" + workerId); }

    /** Waits until the stops that existed at start are known (false on timeout). */
    public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
        return follower.awaitCaughtUp(timeout);
    }

    @Override
    public void close() {
        follower.close();
    }
}
