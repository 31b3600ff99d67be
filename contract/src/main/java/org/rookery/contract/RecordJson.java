package org.rookery.contract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The JSON mapper of the contract's record codecs, and the reads they share, failing with a {@link ContractException}. */
public final class RecordJson {
    private RecordJson() {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** An empty object to put a record's fields in, in order. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** The compact JSON text of {@code node}. */
    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }

    /** A record value that must be a JSON object: null, malformed JSON or anything else is a {@link ContractException}. */
    public static JsonNode parseObject(String value) {
        if (value == null) throw new ContractException("empty value");
        JsonNode o;
        try {
            o = MAPPER.readTree(value);
        } catch (JsonProcessingException e) {
            throw new ContractException("not JSON: " + e.getOriginalMessage());
        }
        if (o == null || !o.isObject()) throw new ContractException("not a JSON object");
        return o;
    }

    /** The string {@code field}, or null when absent or null; any other type is a {@link ContractException}. */
    public static String textOrNull(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || n.isNull()) return null;
        if (!n.isTextual()) throw new ContractException("\"" + field + "\" must be a string");
        return n.asText();
    }
}
