package org.rookery.workers.match;

/**
 * One played move with what the engine said about it. Scores are from the mover's point of view
 * (as UCI and cutechess's PGN comments give them); {@code book} moves carry no engine data.
 */
public record MoveRecord(String uci, String san, boolean book, int scoreCp, int mate, boolean hasScore,
                         int depth, long timeMs, long clockMs, long nodes, Detail detail) {
    /**
     * What else the engine said about the move, for fastchess's PGN keys ({@code -pgnout seldepth= nps= …}).
     *
     * @param reportedTimeMs the search time the engine itself reported ({@code info time}), -1 if none
     */
    public record Detail(int selDepth, long nps, int hashfull, long tbhits, String pv, long reportedTimeMs) {
        /** Nothing beyond the fields of the move itself. */
        public static final Detail NONE = new Detail(0, 0, 0, 0, "", -1);
    }

    /** A move without details (book moves, synthetic games). */
    public MoveRecord(String uci, String san, boolean book, int scoreCp, int mate, boolean hasScore, int depth, long timeMs,
                      long clockMs, long nodes) {
        this(uci, san, book, scoreCp, mate, hasScore, depth, timeMs, clockMs, nodes, Detail.NONE);
    }

    /** cutechess-style comment text: {@code +0.35/12 0.512s}, plus the clock as {@code [%clk …]}. */
    public String comment() {
        if (book) return "book";
        StringBuilder sb = new StringBuilder();
        if (hasScore) {
            if (mate != 0) sb.append(mate > 0 ? "+M" : "-M").append(Math.abs(mate));
            else sb.append(scoreCp >= 0 ? "+" : "-").append(String.format(java.util.Locale.ROOT, "%.2f", Math.abs(scoreCp) / 100.0));
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
