package org.rookery.contract.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;

/**
 * A {@code rookery.control} record {@code {"match_id", "action": "quarantine", "worker_id",
 * "reason", "games"}}, keyed {@link #key()} ({@code <match_id>/quarantine/<worker_id>}, so the
 * compacted topic keeps it beside the match's stop): the worker plays no further pair of the match;
 * every pair it would have played is handed on to the other workers. The record is the decision
 * and its reason, as {@code rookery status} and the dashboard show it.
 *
 * @param games the worker's games of the match when it was judged
 */
public record Quarantine(String matchId, String workerId, String reason, long games) {
    /** The action of this record. */
    public static final String ACTION = "quarantine";

    /** The record key. */
    public String key() {
        return matchId + "/" + ACTION + "/" + workerId;
    }

    /** The record value as a JSON object. */
    public ObjectNode toJson() {
        ObjectNode o = RecordJson.object();
        o.put("match_id", matchId);
        o.put("action", ACTION);
        o.put("worker_id", workerId);
        o.put("reason", reason);
        o.put("games", games);
        return o;
    }

    /** Whether a control record's value is a quarantine (cheap test before {@link #parse}). */
    public static boolean is(String value) {
        return value != null && value.contains("\"action\":\"" + ACTION + "\"");
    }

    /** Reads a record value; anything else (a stop, malformed JSON, a missing field) is a {@link ContractException}. */
    public static Quarantine parse(String value) {
        JsonNode o = RecordJson.parseObject(value);
        if (!ACTION.equals(RecordJson.textOrNull(o, "action"))) throw new ContractException("not a quarantine record");
        String match = RecordJson.textOrNull(o, "match_id"), worker = RecordJson.textOrNull(o, "worker_id");
        if (match == null || worker == null) throw new ContractException("a quarantine needs \"match_id\" and \"worker_id\"");
        return new Quarantine(match, worker, RecordJson.textOrNull(o, "reason"), o.path("games").asLong());
    }
}
