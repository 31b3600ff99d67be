package org.rookery.jobs.query;

import org.rookery.core.pgn.PgnGame;

/**
 * Reads the tag pairs at the top of a game's kept PGN text, to give an exported game back the tags
 * that have no column of their own (PlyCount, Annotator, EventDate, ...). Only the header is read;
 * the movetext is rebuilt from the columns.
 */
final class PgnHeader {
    private PgnHeader() {
    }

    /** Adds to {@code g} every tag of {@code text}'s header that {@code g} does not hold yet. */
    static void addMissingTags(String text, PgnGame g) {
        int k = 0;
        int n = text.length();
        while (k < n) {
            int end = text.indexOf('\n', k);
            if (end < 0) end = n;
            String line = text.substring(k, end).strip();
            k = end + 1;
            if (line.isEmpty() || line.charAt(0) == '%') continue;
            if (line.charAt(0) != '[') return;
            int space = line.indexOf(' ');
            int open = line.indexOf('"');
            int close = line.lastIndexOf('"');
            if (space < 2 || open < 0 || close <= open) continue;
            String name = line.substring(1, space);
            if (g.tag(name) == null) g.addTag(name, unescape(line.substring(open + 1, close)));
        }
    }

    private static String unescape(String v) {
        if (v.indexOf('\\') < 0) return v;
        StringBuilder sb = new StringBuilder(v.length());
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\\' && i + 1 < v.length()) c = v.charAt(++i);
            sb.append(c);
        }
        return sb.toString();
    }
}
