package org.rookery.workers.xboard;

import org.rookery.workers.uci.SearchInfo;

/**
 * A CECP thinking line ({@code post}): {@code PLY SCORE TIME NODES PV}, score in centipawns from the
 * engine's side (mates as ±(100000 + N) moves, the protocol's convention), time in centiseconds,
 * the PV as the engine prints it. Into the same {@link SearchInfo} the UCI path records.
 */
final class ThinkingLine {
    private ThinkingLine() {}

    /** The mate-score base of the protocol: 100000 + N is mate in N. */
    static final int MATE = 100_000;

    /** Whether {@code line} looks like thinking output (starts with the ply number). */
    static boolean is(String line) {
        int i = 0, n = line.length();
        while (i < n && line.charAt(i) == ' ') i++; // Fairy-Max right-aligns its columns
        int digits = i;
        while (i < n && Character.isDigit(line.charAt(i))) i++;
        if (i == digits) return false;
        // "12 35 ..." (some engines mark the ply "12." or "12&"); not "1-0 {...}" or "1/2-1/2"
        if (i < n && (line.charAt(i) == '.' || line.charAt(i) == '&')) i++;
        return i < n && line.charAt(i) == ' ';
    }

    /** The parsed line, or {@code previous} when it is not a well-formed one. */
    static SearchInfo parse(String line, SearchInfo previous) {
        String[] t = line.trim().split("\\s+", 5);
        if (t.length < 4) return previous;
        try {
            int depth = Integer.parseInt(t[0].replaceAll("[^0-9]", ""));
            int score = Integer.parseInt(t[1]);
            long timeMs = Long.parseLong(t[2]) * 10;
            long nodes = Long.parseLong(t[3]);
            String pv = t.length > 4 ? t[4].trim() : "";
            int cp = score, mate = 0;
            if (Math.abs(score) > MATE - 1000 && Math.abs(score) < MATE + 1000) {
                int n = Math.abs(Math.abs(score) - MATE);
                mate = score > 0 ? Math.max(1, n) : -Math.max(1, n);
                cp = 0;
            }
            long nps = timeMs > 0 ? nodes * 1000 / timeMs : SearchInfo.ABSENT;
            return new SearchInfo(depth, SearchInfo.ABSENT, nodes, nps, timeMs, cp, mate, true, pv, SearchInfo.ABSENT, SearchInfo.ABSENT);
        } catch (NumberFormatException e) {
            return previous; // a garbled line must not cost the engine its game
        }
    }
}
