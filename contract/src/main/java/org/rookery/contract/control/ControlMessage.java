package org.rookery.contract.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;

/**
 * A {@code rookery.control} record, keyed by match id: {@code {"match_id", "action": "stop", "reason"}}
 * (an SPRT decision or a user stop). Workers skip the tasks of stopped matches.
 */
public record ControlMessage(String matchId, String action, String reason) {
    /** The only action so far. */
    public static final String STOP = "stop";

    /** A stop of {@code matchId} for {@code reason}. */
    public static ControlMessage stop(String matchId, String reason) {
        return new ControlMessage(matchId, STOP, reason);
    }

    /** The record value as a JSON object. */
    public ObjectNode toJson() {
        ObjectNode o = RecordJson.object();
        o.put("match_id", matchId);
        o.put("action", action);
        o.put("reason", reason);
        return o;
    }

    /**
     * Reads a record value; {@code key} (the record key, may be null) stands in for an absent
     * {@code match_id}. An unknown action, a missing match id or malformed JSON is a {@link ContractException}.
     */
    public static ControlMessage parse(String value, String key) {
        JsonNode o = RecordJson.parseObject(value);
        String action = RecordJson.textOrNull(o, "action");
        if (action == null) throw new ContractException("\"action\" must be a string");
        if (!action.equals(STOP)) {
            throw new ContractException("unknown action \"" + (action.length() > 40 ? action.substring(0, 40) + "…" : action) + "\"");
        }
        String id = RecordJson.textOrNull(o, "match_id");
        if (id == null) id = key;
        if (id == null) throw new ContractException("\"match_id\" must be a string");
        return new ControlMessage(id, action, RecordJson.textOrNull(o, "reason"));
    }
}
