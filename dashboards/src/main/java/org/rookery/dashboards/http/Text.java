package org.rookery.dashboards.http;

/** Helpers for echoing user input in error messages without letting it run on. */
public final class Text {
    private Text() {
    }

    /** At most 60 characters of {@code s}, control characters replaced, quoted, for an error line. */
    public static String clip(String s) {
        return s == null ? "null" : '"' + line(s, 60) + '"';
    }

    /** At most {@code max} characters of {@code s} on one line, control characters replaced. */
    public static String line(String s, int max) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length() && sb.length() < max; i++) {
            char c = s.charAt(i);
            sb.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        if (s.length() > max) sb.append('…');
        return sb.toString();
    }
}
