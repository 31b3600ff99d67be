package org.rookery.contract.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;

/**
 * A {@code rookery.rejected} record: where the unusable record was, why, and the start of its
 * value. {@code match_id} (refinement of docs/schema.md) lets {@code rookery status} show a
 * match's rejected tasks; it is null when the record named no readable match.
 */
public record Rejection(String topic, int partition, long offset, String reason, String value, String matchId, String workerId) {
    /** How much of a rejected value is kept. */
    public static final int MAX_VALUE_CHARS = 4096;

    /** A rejection of the record at {@code topic/partition/offset}, keeping at most {@link #MAX_VALUE_CHARS} of its value. */
    public static Rejection of(String topic, int partition, long offset, String reason, String value, String matchId,
                               String workerId) {
        String v = value == null ? null : value.length() > MAX_VALUE_CHARS ? value.substring(0, MAX_VALUE_CHARS) : value;
        return new Rejection(topic, partition, offset, reason, v, matchId, workerId);
    }

    /** The record key: {@code <topic>/<partition>/<offset>} of the rejected record. */
    public String key() {
        return topic + "/" + partition + "/" + offset;
    }

    /** The record value, JSON text with the fields in this order. */
    public String toJson() {
        ObjectNode o = RecordJson.object();
        o.put("topic", topic);
        o.put("partition", partition);
        o.put("offset", offset);
        o.put("reason", reason);
        o.put("value", value);
        o.put("match_id", matchId);
        o.put("worker_id", workerId);
        return RecordJson.write(o);
    }

    /** Reads a record value; malformed JSON or a missing or mistyped field is a {@link ContractException}. */
    public static Rejection parse(String value) {
        JsonNode o = RecordJson.parseObject(value);
        return new Rejection(text(o, "topic"), partition(o), o.path("offset").asLong(), text(o, "reason"),
                RecordJson.textOrNull(o, "value"), RecordJson.textOrNull(o, "match_id"), RecordJson.textOrNull(o, "worker_id"));
    }

    private static String text(JsonNode o, String field) {
        String s = RecordJson.textOrNull(o, field);
        if (s == null) throw new ContractException("\"" + field + "\" must be a string");
        return s;
    }

    private static int partition(JsonNode o) {
        JsonNode n = o.get("partition");
        if (n == null || !n.canConvertToInt() || !n.isIntegralNumber()) throw new ContractException("\"partition\" must be a whole number");
        int v = n.asInt();
        if (v < 0) throw new ContractException("\"partition\" must be in 0.." + Integer.MAX_VALUE + ", got " + v);
        return v;
    }
}
