package org.rookery.workers.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * Reads one (compacted) topic from its start and then follows it on a thread of its own, handing
 * every committed record to a handler on that thread. {@link #awaitCaughtUp} waits until what was
 * committed when it was called has been handed over, which is how a worker knows the stops issued
 * before it started, or that a match it has not seen was never defined.
 */
final class TopicFollower implements AutoCloseable {
    private final String topic;
    private final Consumer<ConsumerRecord<String, String>> handler;
    private final KafkaConsumer<String, String> consumer;
    private final Thread thread;
    private final Object lock = new Object();
    /** Catch-up requests asked for and answered: a request is answered once the topic's end as of then is read. */
    private long asked, answered;
    private volatile boolean closing;

    TopicFollower(KafkaClients clients, String clientId, String topic, Consumer<ConsumerRecord<String, String>> handler) {
        this.topic = topic;
        this.handler = handler;
        this.consumer = clients.consumer(null, clientId);
        this.thread = new Thread(this::follow, clientId);
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits until the records committed by now have been handled; false if that took longer than {@code timeout}. */
    boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lock) {
            long ticket = ++asked;
            while (answered < ticket) {
                long left = deadline - System.nanoTime();
                if (left <= 0) return false;
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            }
        }
        return true;
    }

    private void follow() {
        try {
            List<TopicPartition> parts = null;
            Map<TopicPartition, Long> target = null;
            long targetTicket = 0;
            while (!closing) {
                try {
                    if (parts == null) {
                        parts = consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                            .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
                        if (parts.isEmpty()) {
                            // No such topic yet: nothing is committed to it, so every request is answered.
                            parts = null;
                            answerAll();
                            sleepQuietly(1000);
                            continue;
                        }
                        consumer.assign(parts);
                        consumer.seekToBeginning(parts);
                    }
                    long want;
                    synchronized (lock) {
                        want = asked > answered ? asked : 0;
                    }
                    if (target == null && want > 0) {
                        target = consumer.endOffsets(parts, Duration.ofSeconds(10));
                        targetTicket = want;
                    }
                    for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) handler.accept(r);
                    if (target != null && Submitter.reached(consumer, target)) {
                        synchronized (lock) {
                            answered = Math.max(answered, targetTicket);
                            lock.notifyAll();
                        }
                        target = null;
                    }
                } catch (WakeupException e) {
                    return;
                } catch (KafkaException e) {
                    // The broker is away (restart, network): keep trying; what is committed arrives once it is back.
                    target = null;
                    sleepQuietly(1000);
                }
            }
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void answerAll() {
        synchronized (lock) {
            answered = asked;
            lock.notifyAll();
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
