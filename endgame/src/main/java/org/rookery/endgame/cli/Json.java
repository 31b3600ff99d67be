package org.rookery.endgame.cli;

/** A minimal JSON writer: objects, arrays, strings with proper escaping, numbers, booleans and null. */
final class Json {
    private final StringBuilder sb = new StringBuilder(256);
    private boolean first = true;

    /** Opens an object (as an array element or the top level). */
    Json open() {
        comma();
        sb.append('{');
        first = true;
        return this;
    }

    /** Opens an object as the value of {@code key}. */
    Json open(String key) {
        key(key);
        sb.append('{');
        first = true;
        return this;
    }

    Json close() {
        sb.append('}');
        first = false;
        return this;
    }

    Json openArray(String key) {
        key(key);
        sb.append('[');
        first = true;
        return this;
    }

    Json closeArray() {
        sb.append(']');
        first = false;
        return this;
    }

    Json field(String key, String value) {
        key(key);
        if (value == null) sb.append("null");
        else string(value);
        return this;
    }

    Json field(String key, boolean value) {
        key(key);
        sb.append(value);
        return this;
    }

    Json field(String key, long value) {
        key(key);
        sb.append(value);
        return this;
    }

    /** A number, or null when {@code present} is false. */
    Json field(String key, long value, boolean present) {
        key(key);
        if (present) sb.append(value);
        else sb.append("null");
        return this;
    }

    private void key(String key) {
        comma();
        string(key);
        sb.append(':');
    }

    private void comma() {
        if (!first) sb.append(',');
        first = false;
    }

    private void string(String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\t': sb.append("\\t"); break;
                default:
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
            }
        }
        sb.append('"');
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
