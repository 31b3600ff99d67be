package org.rookery.dashboards.http;

/** Helpers for echoing user input in error messages without letting it run on. */
public final class Text {
    private Text() {
    }

    /** At most 60 characters of {@code s}, control characters replaced, for quoting in an error line. */
    public static String clip(String s) {
        if (s == null) return "null";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length() && sb.length() < 60; i++) {
            char c = s.charAt(i);
            sb.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        if (s.length() > 60) sb.append('…');
        return '"' + sb.toString() + '"';
    }
}
