package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A {@code rookery.control} record: {@code {"match_id", "action": "stop", "reason"}}. */
public record ControlMessage(String matchId, String action, String reason) {
    public static final String STOP = "stop";

    public static ControlMessage stop(String matchId, String reason) {
        return new ControlMessage(matchId, STOP, reason);
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("match_id", matchId);
        o.put("action", action);
        o.put("reason", reason);
        return o;
    }

    public static ControlMessage parse(String value) {
        ObjectNode o = Json.parseObject(value);
        String action = Json.text(o, "action");
        if (!action.equals(STOP)) throw new BadRecordException("unknown action \"" + PairTask.abbreviate(action) + "\"");
        return new ControlMessage(Json.text(o, "match_id"), action, Json.textOrNull(o, "reason"));
    }
}
