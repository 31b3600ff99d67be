package org.rookery.core.pgn;

/**
 * The engine statistics match runners write into move comments, read from a comment's characters
 * into this caller-owned, reusable holder (no allocation). Formats, as the peers write them:
 * <ul>
 *   <li>cutechess-cli: {@code +0.35/12 0.512s} (score from the mover's view, {@code 0.00} unsigned,
 *       {@code +M3}/{@code -M4} for mates in plies, then {@code /depth} and the move's time in seconds);
 *       Rookery's gauntlet PGN too;</li>
 *   <li>fastchess: the same start, then {@code , key=value} fields as {@code -pgnout} asks for them:
 *       {@code tl=1.234s}, {@code latency=0.003s}, {@code n=12345}, {@code sd=20}, {@code nps=1000000},
 *       {@code hashfull=12}, {@code tbhits=0}, {@code pv="e2e4 e7e5"}.</li>
 * </ul>
 * {@code [%clk]}/{@code [%eval]} commands before the score are skipped ({@link PgnGame} reads them);
 * a comment that does not start with such a score ({@code book}, free text) carries no statistics.
 * Unknown keys are ignored; a malformed value leaves its field absent ({@link #NONE}).
 *
 * <p>The score ({@link #scoreCp}, {@link #mateMoves}) is the mover's, as the engine gave it before
 * its move. Both runners write a mate as a count of plies: cutechess turns UCI {@code mate m} into
 * 30001&minus;2m (or &minus;30000&minus;2m) and prints {@code M} with 1000 minus the score modulo 1000,
 * fastchess prints 2m&minus;1 (or &minus;2m) directly; so {@code +M5} is mate in 3 moves and
 * {@code -M2} is mated in 1. A mate count of the wrong parity for plies ({@code +M2}, {@code -M3}:
 * the mover only mates on its own plies) is not either runner's and leaves the score absent, as
 * does the score of a depth-0 comment (fastchess writes {@code 0.00/0} when the engine said nothing).
 */
public final class EngineComment {
    /** An absent field. */
    public static final long NONE = Long.MIN_VALUE;

    /** The mover's score in centipawns ({@code +0.35} is 35), absent for mates. */
    public long scoreCp;
    /**
     * The mover's mate distance in moves, as UCI's {@code score mate} gives it: positive when the
     * mover mates ({@code +M5} plies is 3), negative when it is mated ({@code -M2} is -1); absent otherwise.
     */
    public long mateMoves;
    /** Search depth ({@code /12}). */
    public long depth;
    /** The move's time in milliseconds ({@code 0.512s}). */
    public long timeMs;
    /** fastchess {@code latency=}, in milliseconds. */
    public long latencyMs;
    /** fastchess {@code n=}. */
    public long nodes;
    /** fastchess {@code sd=}. */
    public long selDepth;
    /** fastchess {@code nps=}. */
    public long nps;
    /** fastchess {@code hashfull=}. */
    public long hashfull;
    /** fastchess {@code tbhits=}. */
    public long tbHits;
    /** Where the text of fastchess's {@code pv="..."} lies in the parsed buffer; {@code pvStart < 0} when absent. */
    public int pvStart;
    /** End (exclusive) of the PV text. */
    public int pvEnd;

    /** Clears every field to absent. */
    public void clear() {
        scoreCp = mateMoves = depth = timeMs = latencyMs = nodes = selDepth = nps = hashfull = tbHits = NONE;
        pvStart = pvEnd = -1;
    }

    /** Reads {@code a[from, to)}; returns whether it started with an engine score (else every field is absent). */
    public boolean parse(char[] a, int from, int to) {
        clear();
        int i = skipCommands(a, from, to);
        if (i >= to) return false;
        boolean signed = a[i] == '+' || a[i] == '-';
        // Both runners write a zero score unsigned ("0.00"), every other score with its sign.
        if (!signed && (a[i] < '0' || a[i] > '9')) return false;
        boolean negative = a[i] == '-';
        int p = signed ? i + 1 : i;
        long cp = NONE, mate = NONE;
        if (signed && p < to && a[p] == 'M') {
            int d = digits(a, p + 1, to);
            long plies = d == p + 1 ? NONE : number(a, p + 1, d);
            // The mover mates on its own plies (odd counts) and is mated on the other side's (even).
            if (plies != NONE && plies > 0 && plies < 1_000_000_000 && (plies % 2 == 1) != negative) {
                mate = (plies + 1) / 2;
                if (negative) mate = -mate;
            }
            p = d;
        } else {
            int d = digits(a, p, to);
            if (d == p) return false;
            long pawns = number(a, p, d);
            // Past ten million pawns a score is no engine's; it stays absent rather than overflow.
            long hundredths = pawns == NONE || pawns > 10_000_000 ? NONE : pawns * 100;
            p = d;
            boolean fraction = p < to && a[p] == '.';
            if (fraction) {
                int f = digits(a, p + 1, to);
                if (hundredths != NONE) hundredths += centipawns(a, p + 1, f);
                p = f;
            }
            if (!signed && (!fraction || hundredths != 0)) return false;
            if (hundredths != NONE) cp = negative ? -hundredths : hundredths;
        }
        if (p >= to || a[p] != '/') return false;
        int dEnd = digits(a, p + 1, to);
        if (dEnd == p + 1) return false;
        depth = number(a, p + 1, dEnd);
        if (depth != NONE && depth > 0) {
            scoreCp = cp;
            mateMoves = mate;
        }
        p = dEnd;
        while (p < to && a[p] == ' ') p++;
        long t = seconds(a, p, to);
        if (t != NONE) {
            timeMs = t;
            p = afterSeconds;
        }
        fields(a, p, to);
        return true;
    }

    /** {@code key=value} fields after the score, separated by commas; quoted values may hold commas. */
    private void fields(char[] a, int p, int to) {
        while (p < to) {
            while (p < to && (a[p] == ',' || a[p] == ' ')) p++;
            int key = p;
            while (p < to && a[p] != '=' && a[p] != ',' && a[p] != ' ' && a[p] != '"') p++;
            if (p >= to) return;
            if (a[p] != '=') {
                p = skipValue(a, p, to);
                continue;
            }
            int keyEnd = p++;
            if (p < to && a[p] == '"') {
                int close = p + 1;
                while (close < to && a[close] != '"') close++;
                if (is(a, key, keyEnd, "pv")) {
                    pvStart = p + 1;
                    pvEnd = Math.min(close, to);
                }
                p = close + 1;
                continue;
            }
            int v = p;
            while (p < to && a[p] != ',' && a[p] != ' ') p++;
            if (is(a, key, keyEnd, "latency")) {
                long s = seconds(a, v, p);
                latencyMs = s != NONE && afterSeconds == p ? s : NONE;
            } else if (is(a, key, keyEnd, "n")) nodes = whole(a, v, p);
            else if (is(a, key, keyEnd, "sd")) selDepth = whole(a, v, p);
            else if (is(a, key, keyEnd, "nps")) nps = whole(a, v, p);
            else if (is(a, key, keyEnd, "hashfull")) hashfull = whole(a, v, p);
            else if (is(a, key, keyEnd, "tbhits")) tbHits = whole(a, v, p);
        }
    }

    /** Past free text up to the next comma, quoted stretches included. */
    private static int skipValue(char[] a, int p, int to) {
        boolean quoted = false;
        while (p < to && (quoted || a[p] != ',')) {
            if (a[p] == '"') quoted = !quoted;
            p++;
        }
        return p;
    }

    private static int skipCommands(char[] a, int i, int to) {
        while (i < to) {
            if (a[i] == ' ' || a[i] == '\n' || a[i] == '\t') {
                i++;
            } else if (a[i] == '[' && i + 1 < to && a[i + 1] == '%') {
                while (i < to && a[i] != ']') i++;
                i++;
            } else {
                return i;
            }
        }
        return i;
    }

    private static boolean is(char[] a, int from, int to, String key) {
        if (to - from != key.length()) return false;
        for (int k = 0; k < key.length(); k++) if (a[from + k] != key.charAt(k)) return false;
        return true;
    }

    private static int digits(char[] a, int p, int to) {
        while (p < to && a[p] >= '0' && a[p] <= '9') p++;
        return p;
    }

    private static long number(char[] a, int from, int to) {
        long v = 0;
        for (int k = from; k < to; k++) {
            v = v * 10 + (a[k] - '0');
            if (v > Long.MAX_VALUE / 20) return NONE;
        }
        return v;
    }

    /** The hundredths of the decimals {@code a[from, to)}, rounded half up at the third. */
    private static long centipawns(char[] a, int from, int to) {
        long v = 0;
        if (from < to) v += (a[from] - '0') * 10L;
        if (from + 1 < to) v += a[from + 1] - '0';
        if (from + 2 < to && a[from + 2] >= '5') v++;
        return v;
    }

    /** A whole number filling {@code a[from, to)}, or {@link #NONE}. */
    private static long whole(char[] a, int from, int to) {
        int end = digits(a, from, to);
        return end == from || end != to ? NONE : number(a, from, end);
    }

    /** Where the last {@link #seconds} read stopped. */
    private int afterSeconds;

    /** {@code 1.234s} (decimals optional, the {@code s} required) as milliseconds rounded, or {@link #NONE}. */
    private long seconds(char[] a, int p, int to) {
        int w = digits(a, p, to);
        if (w == p) return NONE;
        long ms = number(a, p, w);
        if (ms == NONE) return NONE;
        ms *= 1000;
        int q = w;
        if (q < to && a[q] == '.') {
            int f = digits(a, q + 1, to);
            long scale = 100;
            for (int k = q + 1; k < f; k++) {
                int digit = a[k] - '0';
                if (scale >= 1) ms += digit * scale;
                else if (scale == 0 && digit >= 5 && k == q + 4) ms += 1; // round at the 4th decimal
                scale /= 10;
            }
            q = f;
        }
        if (q >= to || a[q] != 's') return NONE;
        afterSeconds = q + 1;
        return ms;
    }
}
