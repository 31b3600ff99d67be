package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * A {@code rookery.rejected} record: where the unusable record was, why, and the start of its
 * value. {@code match_id} (refinement of docs/schema.md) lets {@code rookery status} show a
 * match's rejected tasks; it is null when the record named no readable match.
 */
public record Rejection(String topic, int partition, long offset, String reason, String value, String matchId, String workerId) {
    /** How much of a rejected value is kept. */
    public static final int MAX_VALUE_CHARS = 4096;

    public static Rejection of(ConsumerRecord<String, String> r, String reason, String matchId, String workerId) {
        String v = r.value() == null ? null
            : r.value().length() > MAX_VALUE_CHARS ? r.value().substring(0, MAX_VALUE_CHARS) : r.value();
        return new Rejection(r.topic(), r.partition(), r.offset(), reason, v, matchId, workerId);
    }

    public ProducerRecord<String, String> toRecord() {
        ObjectNode o = Json.object();
        o.put("topic", topic);
        o.put("partition", partition);
        o.put("offset", offset);
        o.put("reason", reason);
        o.put("value", value);
        o.put("match_id", matchId);
        o.put("worker_id", workerId);
        return new ProducerRecord<>(Topics.REJECTED, topic + "/" + partition + "/" + offset, Json.write(o));
    }

    public static Rejection parse(String value) {
        ObjectNode o = Json.parseObject(value);
        return new Rejection(Json.text(o, "topic"), Json.integer(o, "partition", 0, Integer.MAX_VALUE),
            o.path("offset").asLong(), Json.text(o, "reason"), Json.textOrNull(o, "value"), Json.textOrNull(o, "match_id"),
            Json.textOrNull(o, "worker_id"));
    }
}
