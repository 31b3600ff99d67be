package org.rookery.workers.uci;

/**
 * The last score-bearing {@code info} line of a search. Scores are from the engine's point of view,
 * as UCI reports them; {@code mate} is moves to mate (negative when being mated), 0 when none.
 * The counters the line did not carry ({@code seldepth}, {@code nodes}, {@code nps}, {@code time},
 * {@code hashfull}, {@code tbhits}) are -1, so "not reported" never reads as a zero; {@code pv} is
 * the line's principal variation as printed (space-separated UCI moves), empty when it had none.
 */
public record SearchInfo(int depth, int selDepth, long nodes, long nps, long timeMs, int scoreCp, int mate,
                         boolean hasScore, String pv, int hashfull, long tbHits) {
    /** Absent counters: -1, as in {@link SearchInfo}'s contract. */
    public static final int ABSENT = -1;
    public static final SearchInfo NONE = new SearchInfo(0, ABSENT, ABSENT, ABSENT, ABSENT, 0, 0, false, "", ABSENT, ABSENT);

    /** Centipawns with mates mapped far outside any real evaluation, for adjudication. */
    public int scoreForAdjudication() {
        if (!hasScore) return 0;
        if (mate != 0) return mate > 0 ? 100_000 - mate : -100_000 - mate;
        return scoreCp;
    }

    /**
     * Parses a UCI {@code info} line; returns {@code previous} when the line carries no score
     * (e.g. {@code info string}, {@code currmove}), so the last real evaluation survives.
     * Tokens are found by offset (no regex split: that was a seventh of the game thread's CPU in a profile);
     * whitespace is what {@code \\s} matches, as before.
     */
    public static SearchInfo parse(String line, SearchInfo previous) {
        int[] at = tokens(line);
        int n = at[0];
        if (n < 2 || !token(line, at, 0, "info")) return previous;
        int depth = 0, selDepth = ABSENT, cp = 0, mate = 0, hashfull = ABSENT;
        long nodes = ABSENT, nps = ABSENT, time = ABSENT, tbHits = ABSENT;
        boolean score = false, bound = false;
        String pv = "";
        try {
            for (int i = 1; i < n; i++) {
                if (token(line, at, i, "string")) return previous; // free text to the end of the line
                else if (token(line, at, i, "depth")) depth = (int) number(line, at, ++i, true);
                else if (token(line, at, i, "seldepth")) selDepth = (int) number(line, at, ++i, true);
                else if (token(line, at, i, "nodes")) nodes = number(line, at, ++i, false);
                else if (token(line, at, i, "nps")) nps = number(line, at, ++i, false);
                else if (token(line, at, i, "time")) time = number(line, at, ++i, false);
                else if (token(line, at, i, "hashfull")) hashfull = (int) number(line, at, ++i, true);
                else if (token(line, at, i, "tbhits")) tbHits = number(line, at, ++i, false);
                else if (token(line, at, i, "score")) {
                    if (i + 2 < n) {
                        if (token(line, at, i + 1, "cp")) { cp = (int) number(line, at, i + 2, true); score = true; }
                        else if (token(line, at, i + 1, "mate")) { mate = (int) number(line, at, i + 2, true); score = true; }
                        i += 2;
                    }
                } else if (token(line, at, i, "lowerbound") || token(line, at, i, "upperbound")) bound = true;
                else if (token(line, at, i, "pv")) {
                    pv = i + 1 < n ? joined(line, at, i + 1, n) : "";
                    i = n;
                }
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return previous; // a garbled info line must not cost the engine its game
        }
        // Bound scores from aspiration re-searches are not the engine's final word.
        if (!score || bound) return previous;
        return new SearchInfo(depth, selDepth, nodes, nps, time, cp, mate, true, pv, hashfull, tbHits);
    }

    /** The {@code k}-th whitespace-separated word of {@code line} (from 0), or null: {@code bestmove}'s words, by the same tokens. */
    static String word(String line, int k) {
        int[] at = tokens(line);
        return k < at[0] ? line.substring(at[1 + 2 * k], at[2 + 2 * k]) : null;
    }

    /** {@code \\s}: space, tab, newline, vertical tab, form feed, carriage return. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** The tokens' offsets: {@code [count, start0, end0, start1, end1, ...]}. */
    private static int[] tokens(String line) {
        int[] at = new int[33];
        int n = 0, len = line.length();
        for (int i = 0; i < len; ) {
            while (i < len && space(line.charAt(i))) i++;
            if (i == len) break;
            int start = i;
            while (i < len && !space(line.charAt(i))) i++;
            if (2 * n + 2 >= at.length) at = java.util.Arrays.copyOf(at, at.length * 2 + 1);
            at[1 + 2 * n] = start;
            at[2 + 2 * n] = i;
            n++;
        }
        at[0] = n;
        return at;
    }

    private static boolean token(String line, int[] at, int i, String word) {
        int start = at[1 + 2 * i], end = at[2 + 2 * i];
        return end - start == word.length() && line.startsWith(word, start);
    }

    /** Token {@code i} as a number (Integer/Long.parseLong's grammar); past the last token, as an array index would. */
    private static long number(String line, int[] at, int i, boolean asInt) {
        if (i >= at[0]) throw new ArrayIndexOutOfBoundsException(i);
        int start = at[1 + 2 * i], end = at[2 + 2 * i];
        return asInt ? Integer.parseInt(line, start, end, 10) : Long.parseLong(line, start, end, 10);
    }

    /** Tokens {@code from} to {@code to - 1} joined by single spaces. */
    private static String joined(String line, int[] at, int from, int to) {
        int start = at[1 + 2 * from], end = at[2 * to];
        String raw = line.substring(start, end);
        boolean single = true;
        for (int i = from + 1; i < to && single; i++) single = at[1 + 2 * i] == at[2 * i] + 1 && line.charAt(at[2 * i]) == ' ';
        if (single) return raw;
        StringBuilder sb = new StringBuilder(raw.length());
        for (int i = from; i < to; i++) {
            if (i > from) sb.append(' ');
            sb.append(line, at[1 + 2 * i], at[2 + 2 * i]);
        }
        return sb.toString();
    }
}
