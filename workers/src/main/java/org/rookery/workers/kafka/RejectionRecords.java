package org.rookery.workers.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.rookery.contract.tasks.Rejection;

/** The Kafka side of {@link Rejection}: the {@code rookery.rejected} record for an unusable consumed record. */
final class RejectionRecords {
    private RejectionRecords() {}

    /** The record saying why {@code r} cannot be used; {@code matchId} is null when it named no readable match. */
    static ProducerRecord<String, String> of(ConsumerRecord<String, String> r, String reason, String matchId, String workerId) {
        Rejection rej = Rejection.of(r.topic(), r.partition(), r.offset(), reason, r.value(), matchId, workerId);
        return new ProducerRecord<>(Topics.REJECTED, rej.key(), rej.toJson());
    }
}
