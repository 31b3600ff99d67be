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
     */
    public static SearchInfo parse(String line, SearchInfo previous) {
        String[] t = line.trim().split("\\s+");
        if (t.length < 2 || !t[0].equals("info")) return previous;
        int depth = 0, selDepth = ABSENT, cp = 0, mate = 0, hashfull = ABSENT;
        long nodes = ABSENT, nps = ABSENT, time = ABSENT, tbHits = ABSENT;
        boolean score = false, bound = false;
        String pv = "";
        for (int i = 1; i < t.length; i++) {
            try {
                switch (t[i]) {
                    case "string":
                        return previous; // free text to the end of the line
                    case "depth": depth = Integer.parseInt(t[++i]); break;
                    case "seldepth": selDepth = Integer.parseInt(t[++i]); break;
                    case "nodes": nodes = Long.parseLong(t[++i]); break;
                    case "nps": nps = Long.parseLong(t[++i]); break;
                    case "time": time = Long.parseLong(t[++i]); break;
                    case "hashfull": hashfull = Integer.parseInt(t[++i]); break;
                    case "tbhits": tbHits = Long.parseLong(t[++i]); break;
                    case "score":
                        if (i + 2 < t.length) {
                            if (t[i + 1].equals("cp")) { cp = Integer.parseInt(t[i + 2]); score = true; }
                            else if (t[i + 1].equals("mate")) { mate = Integer.parseInt(t[i + 2]); score = true; }
                            i += 2;
                        }
                        break;
                    case "lowerbound": case "upperbound": bound = true; break;
                    case "pv":
                        pv = String.join(" ", java.util.Arrays.copyOfRange(t, i + 1, t.length));
                        i = t.length;
                        break;
                    default: break;
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                return previous; // a garbled info line must not cost the engine its game
            }
        }
        // Bound scores from aspiration re-searches are not the engine's final word.
        if (!score || bound) return previous;
        return new SearchInfo(depth, selDepth, nodes, nps, time, cp, mate, true, pv, hashfull, tbHits);
    }
}
