package org.rookery.contract.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import org.rookery.contract.ContractException;

/** The reads the task codecs share: required fields with one-line {@link ContractException}s. */
final class TaskFields {
    private TaskFields() {
    }

    static String text(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || !n.isTextual()) throw new ContractException("\"" + field + "\" must be a string");
        return n.asText();
    }

    static int integer(JsonNode o, String field, int min, int max) {
        JsonNode n = o.get(field);
        if (n == null || !n.canConvertToInt() || !n.isIntegralNumber()) throw new ContractException("\"" + field + "\" must be a whole number");
        int v = n.asInt();
        if (v < min || v > max) throw new ContractException("\"" + field + "\" must be in " + min + ".." + max + ", got " + v);
        return v;
    }

    static JsonNode object(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || !n.isObject()) throw new ContractException("\"" + field + "\" must be an object");
        return n;
    }

    static JsonNode array(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || !n.isArray()) throw new ContractException("\"" + field + "\" must be an array");
        return n;
    }

    static boolean bool(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || !n.isBoolean()) throw new ContractException("\"" + field + "\" must be true or false");
        return n.asBoolean();
    }

    /** Printable ASCII, at most 60 characters: how a bad value is quoted in a reason. */
    static String abbreviate(String s) {
        String t = s.replaceAll("[^\\x20-\\x7e]", "?");
        return t.length() > 60 ? t.substring(0, 60) + "..." : t;
    }
}
