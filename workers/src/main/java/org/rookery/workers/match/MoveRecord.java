package org.rookery.workers.match;

/**
 * One played move with what the engine said about it. Scores are from the mover's point of view
 * (as UCI and cutechess's PGN comments give them); {@code book} moves carry no engine data.
 * {@code timeMs} is the move's wall time as the runner measured it, {@code engineTimeMs} the time
 * the engine itself reported; the engine's counters ({@code selDepth}, {@code nodes}, {@code nps},
 * {@code hashfull}, {@code tbHits}, {@code engineTimeMs}) are -1 where its last {@code info} line
 * before {@code bestmove} did not carry them, and {@code pv} is that line's whole PV,
 * space-separated (empty when none): the PGN's {@code pv=} key writes it all, the {@code games}
 * column keeps its first {@link #PV_PLIES} plies ({@link #pvPlies}). {@code matchedLines} are the engine's
 * output lines {@code -pgnout match_line=} asked for (empty without it); only the PGN writes them.
 */
public record MoveRecord(String uci, String san, boolean book, int scoreCp, int mate, boolean hasScore,
                         int depth, long timeMs, long clockMs, long nodes, int selDepth, long nps, int hashfull,
                         long tbHits, long engineTimeMs, String pv, java.util.List<String> matchedLines) {
    public MoveRecord {
        matchedLines = java.util.List.copyOf(matchedLines);
    }

    /** A move without match lines. */
    public MoveRecord(String uci, String san, boolean book, int scoreCp, int mate, boolean hasScore,
                      int depth, long timeMs, long clockMs, long nodes, int selDepth, long nps, int hashfull,
                      long tbHits, long engineTimeMs, String pv) {
        this(uci, san, book, scoreCp, mate, hasScore, depth, timeMs, clockMs, nodes, selDepth, nps, hashfull, tbHits,
            engineTimeMs, pv, java.util.List.of());
    }

    /** PV plies kept per move: enough to see the plan, short enough for a per-ply column. */
    public static final int PV_PLIES = 8;

    /** A move without the engine's counters beyond nodes (synthetic games, older callers). */
    public MoveRecord(String uci, String san, boolean book, int scoreCp, int mate, boolean hasScore,
                      int depth, long timeMs, long clockMs, long nodes) {
        this(uci, san, book, scoreCp, mate, hasScore, depth, timeMs, clockMs, nodes, -1, -1, -1, -1, -1, "");
    }

    /** A book move: no engine data, no clock. */
    public static MoveRecord book(String uci, String san) {
        return new MoveRecord(uci, san, true, 0, 0, false, 0, 0, -1, -1);
    }

    /** A searched move: what the engine's last info line said, the runner's wall time and the clock after it. */
    public static MoveRecord searched(String uci, String san, org.rookery.workers.uci.SearchInfo info, long wallMs, long clockMs) {
        return searched(uci, san, info, wallMs, clockMs, java.util.List.of());
    }

    /** The same, with the engine's output lines {@code -pgnout match_line=} found during the move. */
    public static MoveRecord searched(String uci, String san, org.rookery.workers.uci.SearchInfo info, long wallMs, long clockMs,
                                      java.util.List<String> matchedLines) {
        return new MoveRecord(uci, san, false, info.scoreCp(), info.mate(), info.hasScore(), info.depth(), wallMs, clockMs,
            info.nodes(), info.selDepth(), info.nps(), info.hashfull(), info.tbHits(), info.timeMs(), info.pv(), matchedLines);
    }

    /** The first {@code plies} moves of the PV, space-separated (all of it when shorter). */
    public String pvPlies(int plies) {
        if (pv.isEmpty()) return pv;
        int at = -1;
        for (int n = 0; n < plies; n++) {
            at = pv.indexOf(' ', at + 1);
            if (at < 0) return pv;
        }
        return pv.substring(0, at);
    }

    /** Wall time minus the engine's own reported time (the runner's and the pipe's overhead), or -1 when it reported none. */
    public long latencyMs() {
        return book || engineTimeMs < 0 ? -1 : timeMs - engineTimeMs;
    }
    /** cutechess-style comment text: {@code +0.35/12 0.512s}, plus the clock as {@code [%clk …]}. */
    public String comment() {
        if (book) return "book";
        StringBuilder sb = new StringBuilder();
        if (hasScore) {
            // cutechess counts a mate in plies (moveevaluation.cpp: 2m-1 when mating, 2|m| when mated), as fastchess does.
            if (mate != 0) sb.append(mate > 0 ? "+M" : "-M").append(mate > 0 ? 2L * mate - 1 : -2L * mate);
            else if (scoreCp == 0) sb.append("0.00"); // unsigned, as both peers write it
            else FixedPoint.append(sb.append(scoreCp > 0 ? '+' : '-'), Math.abs((long) scoreCp), 2);
            sb.append('/').append(depth).append(' ');
        }
        FixedPoint.append(sb, timeMs, 3).append('s');
        if (clockMs >= 0) appendClock(sb.append(" [%clk "), clockMs).append(']');
        return sb.toString();
    }

    static String clockText(long ms) {
        return appendClock(new StringBuilder(12), ms).toString();
    }

    /** {@code h:mm:ss.t}, as {@code [%clk]} writes a clock. */
    private static StringBuilder appendClock(StringBuilder sb, long ms) {
        long s = ms / 1000, h = s / 3600, m = (s / 60) % 60, sec = s % 60;
        sb.append(h).append(':');
        FixedPoint.twoDigits(sb, m).append(':');
        return FixedPoint.twoDigits(sb, sec).append('.').append((ms % 1000) / 100);
    }
}
