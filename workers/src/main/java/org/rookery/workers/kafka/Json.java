package org.rookery.workers.kafka;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The JSON mapper of Kafka record values, and helpers that read required fields with one-line errors. */
public final class Json {
    private Json() {}

    public static final ObjectMapper MAPPER = new ObjectMapper();

    public static ObjectNode object() { return MAPPER.createObjectNode(); }

    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }

    /** Parses an object; anything else is a {@link BadRecordException}. */
    public static ObjectNode parseObject(String text) {
        if (text == null) throw new BadRecordException("empty value");
        JsonNode n;
        try {
            n = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new BadRecordException("not JSON: " + e.getOriginalMessage());
        }
        if (!(n instanceof ObjectNode o)) throw new BadRecordException("not a JSON object");
        return o;
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
