package org.rookery.workers.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.rookery.contract.ContractException;
import org.rookery.contract.control.ControlMessage;

/**
 * The matches stopped through {@code rookery.control}, kept current by a thread that reads the
 * topic from its start (it is compacted: one record per stopped match) and then follows it.
 */
public final class StopList implements AutoCloseable {
    private final Set<String> stopped = ConcurrentHashMap.newKeySet();
    private final KafkaConsumer<String, String> consumer;
    private final Thread thread;
    private final CountDownLatch caughtUp = new CountDownLatch(1);
    private volatile boolean closing;

    public StopList(KafkaClients clients, String clientId) {
        consumer = clients.consumer(null, clientId);
        thread = new Thread(this::follow, clientId);
        thread.setDaemon(true);
        thread.start();
    }

    public boolean isStopped(String matchId) { return stopped.contains(matchId); }

    /** Waits until the stops that existed at start are known (false on timeout). */
    public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
        return caughtUp.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void follow() {
        try {
            List<TopicPartition> parts = null;
            Map<TopicPartition, Long> end = null;
            while (!closing) {
                try {
                    if (parts == null) {
                        parts = consumer.partitionsFor(Topics.CONTROL, Duration.ofSeconds(10)).stream()
                            .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
                        consumer.assign(parts);
                        consumer.seekToBeginning(parts);
                        end = consumer.endOffsets(parts, Duration.ofSeconds(10));
                    }
                    for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                        try {
                            ControlMessage m = ControlMessage.parse(r.value(), r.key());
                            if (m.action().equals(ControlMessage.STOP)) stopped.add(m.matchId());
                        } catch (ContractException e) {
                            // a control record nobody can act on stops nothing
                        }
                    }
                    if (caughtUp.getCount() > 0 && end != null) {
                        boolean done = true;
                        for (var e : end.entrySet()) done &= consumer.position(e.getKey()) >= e.getValue();
                        if (done) caughtUp.countDown();
                    }
                } catch (WakeupException e) {
                    return;
                } catch (KafkaException e) {
                    // The broker is away (restart, network): keep trying, stops arrive once it is back.
                    parts = parts == null || parts.isEmpty() ? null : parts;
                    sleepQuietly(1000);
                }
            }
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            closing = true;
        }
    }

    @Override
    public void close() {
        closing = true;
        consumer.wakeup();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
