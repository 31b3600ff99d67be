package org.rookery.workers.match;

/**
 * One played move with what the engine said about it. Scores are from the mover's point of view
 * (as UCI and cutechess's PGN comments give them); {@code book} moves carry no engine data.
 * {@code timeMs} is the move's wall time as the runner measured it, {@code engineTimeMs} the time
 * the engine itself reported; the engine's counters ({@code selDepth}, {@code nodes}, {@code nps},
 * {@code hashfull}, {@code tbHits}, {@code engineTimeMs}) are -1 where its last {@code info} line
 * before {@code bestmove} did not carry them, and {@code pv} is that line's whole PV,
 * space-separated (empty when none): the PGN's {@code pv=} key writes it all, the {@code games}
 * column keeps its first {@link #PV_PLIES} plies ({@link #pvPlies}).
 */
public record MoveRecord(String uci, String san, boolean book, int scoreCp, int mate, boolean hasScore,
                         int depth, long timeMs, long clockMs, long nodes, int selDepth, long nps, int hashfull,
                         long tbHits, long engineTimeMs, String pv) {
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
        return new MoveRecord(uci, san, false, info.scoreCp(), info.mate(), info.hasScore(), info.depth(), wallMs, clockMs,
            info.nodes(), info.selDepth(), info.nps(), info.hashfull(), info.tbHits(), info.timeMs(), info.pv());
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
            if (mate != 0) sb.append(mate > 0 ? "+M" : "-M").append(Math.abs(mate));
            else sb.append(scoreCp > 0 ? "+" : scoreCp < 0 ? "-" : "").append(String.format(java.util.Locale.ROOT, "%.2f", Math.abs(scoreCp) / 100.0));
            sb.append('/').append(depth).append(' ');
        }
        sb.append(String.format(java.util.Locale.ROOT, "%.3fs", timeMs / 1000.0));
        if (clockMs >= 0) sb.append(" [%clk ").append(clockText(clockMs)).append(']');
        return sb.toString();
    }

    static String clockText(long ms) {
        long s = ms / 1000, h = s / 3600, m = (s / 60) % 60, sec = s % 60;
        return String.format(java.util.Locale.ROOT, "%d:%02d:%02d.%01d", h, m, sec, (ms % 1000) / 100);
    }
}
