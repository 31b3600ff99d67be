package org.rookery.core.pgn;

/**
 * Extracts the {@code [%clk ...]} and {@code [%eval ...]} commands that lichess, chess.com and
 * most GUIs embed in comments. Malformed commands are ignored: the comment text itself is kept
 * verbatim, so nothing is lost by not understanding a command.
 */
final class CommentCommands {

    private CommentCommands() {
    }

    /** Scans {@code a[from, to)} and stores any clock or evaluation found into {@code slot}. */
    static void parse(char[] a, int from, int to, PgnGame g, int slot) {
        int i = from;
        while (i < to - 1) {
            if (a[i] != '[' || a[i + 1] != '%') {
                i++;
                continue;
            }
            int name = i + 2;
            int p = name;
            while (p < to && isLetter(a[p])) {
                p++;
            }
            int nameLen = p - name;
            while (p < to && (a[p] == ' ' || a[p] == '\t' || a[p] == '\n')) {
                p++;
            }
            if (nameLen == 3 && a[name] == 'c' && a[name + 1] == 'l' && a[name + 2] == 'k') {
                long ms = parseClock(a, p, to);
                if (ms >= 0) {
                    g.clock[slot] = ms;
                }
            } else if (nameLen == 4 && a[name] == 'e' && a[name + 1] == 'v' && a[name + 2] == 'a'
                    && a[name + 3] == 'l') {
                parseEval(a, p, to, g, slot);
            }
            i = p;
        }
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Parses {@code [[h:]m:]s[.fff]} up to the closing bracket; -1 if malformed. */
    static long parseClock(char[] a, int p, int to) {
        long total = 0;
        int fields = 0;
        while (true) {
            int start = p;
            long v = 0;
            while (p < to && isDigit(a[p]) && p - start < 9) {
                v = v * 10 + (a[p] - '0');
                p++;
            }
            if (p == start) {
                return -1;
            }
            total = total * 60 + v;
            fields++;
            if (p < to && a[p] == ':' && fields < 3) {
                p++;
                continue;
            }
            break;
        }
        long ms = total * 1000;
        if (p < to && a[p] == '.') {
            p++;
            int scale = 100;
            int start = p;
            while (p < to && isDigit(a[p])) {
                if (scale > 0) {
                    ms += (a[p] - '0') * scale;
                    scale /= 10;
                }
                p++;
            }
            if (p == start) {
                return -1;
            }
        }
        return endsCommand(a, p, to) ? ms : -1;
    }

    /** Parses {@code [-]pawns[.dd]} or {@code #[-]n}, optionally followed by {@code ,depth}. */
    static void parseEval(char[] a, int p, int to, PgnGame g, int slot) {
        boolean mate = p < to && a[p] == '#';
        if (mate) {
            p++;
        }
        boolean negative = false;
        if (p < to && (a[p] == '-' || a[p] == '+')) {
            negative = a[p] == '-';
            p++;
        }
        int start = p;
        long whole = 0;
        while (p < to && isDigit(a[p]) && p - start < 9) {
            whole = whole * 10 + (a[p] - '0');
            p++;
        }
        boolean digits = p > start;
        if (mate) {
            if (!digits || !endsEval(a, p, to)) {
                return;
            }
            g.evalMate[slot] = (int) (negative ? -whole : whole);
            g.evalCp[slot] = PgnGame.NO_EVAL;
            return;
        }
        long hundredths = whole * 100;
        if (p < to && a[p] == '.') {
            p++;
            int fracStart = p;
            int scale = 10;
            boolean roundUp = false;
            while (p < to && isDigit(a[p])) {
                int d = a[p] - '0';
                if (scale > 0) {
                    hundredths += d * scale;
                    scale /= 10;
                } else if (p == fracStart + 2) {
                    roundUp = d >= 5;
                }
                p++;
            }
            digits |= p > fracStart;
            if (roundUp) {
                hundredths++;
            }
        }
        if (!digits || !endsEval(a, p, to)) {
            return;
        }
        long cp = negative ? -hundredths : hundredths;
        g.evalCp[slot] = (int) Math.max(-1_000_000_000L, Math.min(1_000_000_000L, cp));
        g.evalMate[slot] = PgnGame.NO_EVAL;
    }

    private static boolean endsEval(char[] a, int p, int to) {
        return p < to && (a[p] == ',' || endsCommand(a, p, to));
    }

    private static boolean endsCommand(char[] a, int p, int to) {
        while (p < to && (a[p] == ' ' || a[p] == '\t' || a[p] == '\n')) {
            p++;
        }
        return p < to && a[p] == ']';
    }
}
