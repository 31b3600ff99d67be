package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;

/** The JSON mapper of Kafka record values, and helpers that read required fields with one-line errors. */
public final class Json {
    private Json() {}

    public static final ObjectMapper MAPPER = new ObjectMapper();

    public static ObjectNode object() { return MAPPER.createObjectNode(); }

    public static String write(JsonNode node) {
        return RecordJson.write(node);
    }

    /** Parses an object; anything else is a {@link BadRecordException}. */
    public static ObjectNode parseObject(String text) {
        try {
            return (ObjectNode) RecordJson.parseObject(text);
        } catch (ContractException e) {
            // The contract's reasons, as the worker's own kind of bad record.
            throw new BadRecordException(e.getMessage());
        }
    }

    public static String text(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || !n.isTextual()) throw new BadRecordException("\"" + field + "\" must be a string");
        return n.asText();
    }

    public static String textOrNull(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || n.isNull()) return null;
        if (!n.isTextual()) throw new BadRecordException("\"" + field + "\" must be a string");
        return n.asText();
    }

    public static int integer(JsonNode o, String field, int min, int max) {
        JsonNode n = o.get(field);
        if (n == null || !n.canConvertToInt() || !n.isIntegralNumber()) throw new BadRecordException("\"" + field + "\" must be a whole number");
        int v = n.asInt();
        if (v < min || v > max) throw new BadRecordException("\"" + field + "\" must be in " + min + ".." + max + ", got " + v);
        return v;
    }

    public static JsonNode object(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || !n.isObject()) throw new BadRecordException("\"" + field + "\" must be an object");
        return n;
    }

    public static JsonNode array(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || !n.isArray()) throw new BadRecordException("\"" + field + "\" must be an array");
        return n;
    }
}
