package org.rookery.workers.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The limits of one search, as a UCI {@code go} command states them. Zero (or an empty list) means
 * "not given" for every field; times are milliseconds.
 *
 * @param depth iteration depth to stop after ({@code go depth}, or twice {@code go mate})
 * @param nodes node budget ({@code go nodes})
 * @param moveTimeMs fixed time for this move ({@code go movetime})
 * @param wtimeMs White's clock
 * @param btimeMs Black's clock
 * @param wincMs White's increment
 * @param bincMs Black's increment
 * @param movesToGo moves to the next time control
 * @param infinite search until {@code stop} ({@code go infinite})
 * @param ponder start in ponder mode: no time limit until {@code ponderhit}
 * @param searchMoves UCI texts of the only root moves to consider ({@code go searchmoves})
 */
public record SearchLimits(
    int depth,
    long nodes,
    long moveTimeMs,
    long wtimeMs,
    long btimeMs,
    long wincMs,
    long bincMs,
    int movesToGo,
    boolean infinite,
    boolean ponder,
    List<String> searchMoves) {

    private static final String[] KEYWORDS = {"searchmoves", "ponder", "wtime", "btime", "winc", "binc",
        "movestogo", "depth", "nodes", "mate", "movetime", "infinite"};

    public SearchLimits {
        searchMoves = List.copyOf(searchMoves);
    }

    /** A search bounded by nothing but {@code stop}. */
    public static SearchLimits none() {
        return new SearchLimits(0, 0, 0, 0, 0, 0, 0, 0, false, false, List.of());
    }

    public static SearchLimits ofDepth(int depth) {
        return none().withDepth(depth);
    }

    public static SearchLimits ofNodes(long nodes) {
        return none().withNodes(nodes);
    }

    public SearchLimits withDepth(int d) {
        return new SearchLimits(d, nodes, moveTimeMs, wtimeMs, btimeMs, wincMs, bincMs, movesToGo, infinite, ponder, searchMoves);
    }

    public SearchLimits withNodes(long n) {
        return new SearchLimits(depth, n, moveTimeMs, wtimeMs, btimeMs, wincMs, bincMs, movesToGo, infinite, ponder, searchMoves);
    }

    public SearchLimits withMoveTime(long ms) {
        return new SearchLimits(depth, nodes, ms, wtimeMs, btimeMs, wincMs, bincMs, movesToGo, infinite, ponder, searchMoves);
    }

    public SearchLimits withInfinite(boolean inf) {
        return new SearchLimits(depth, nodes, moveTimeMs, wtimeMs, btimeMs, wincMs, bincMs, movesToGo, inf, ponder, searchMoves);
    }

    /** Whether the command bounds the search by itself (depth, nodes, a move time or a clock). */
    public boolean hasOwnLimit() {
        return depth > 0 || nodes > 0 || moveTimeMs > 0 || wtimeMs > 0 || btimeMs > 0;
    }

    /**
     * Parses the words after {@code go}. Unknown words are skipped (the UCI rule for unknown
     * tokens); a keyword with a missing or non-numeric value is reported to {@code warnings} and
     * ignored. Negative clock values, which some GUIs send after a flag fall, become 1 ms.
     */
    public static SearchLimits parse(String[] words, int from, List<String> warnings) {
        int depth = 0, movesToGo = 0;
        long nodes = 0, moveTime = 0, wtime = 0, btime = 0, winc = 0, binc = 0;
        boolean infinite = false, ponder = false;
        List<String> searchMoves = new ArrayList<>();
        for (int i = from; i < words.length; i++) {
            String w = words[i];
            switch (w) {
                case "infinite": infinite = true; continue;
                case "ponder": ponder = true; continue;
                case "searchmoves":
                    while (i + 1 < words.length && !isKeyword(words[i + 1])) searchMoves.add(words[++i]);
                    continue;
                case "depth": case "nodes": case "mate": case "movetime":
                case "wtime": case "btime": case "winc": case "binc": case "movestogo":
                    break;
                default:
                    warnings.add("ignoring unknown go token '" + w + "'");
                    continue;
            }
            Long v = i + 1 < words.length ? parseLong(words[i + 1]) : null;
            if (v == null) {
                warnings.add("go " + w + " needs a number");
                continue;
            }
            i++;
            long value = v;
            switch (w) {
                case "depth": depth = clampInt(value, 0, Score.MAX_PLY - 1); break;
                case "mate": depth = clampInt(2 * value, 0, Score.MAX_PLY - 1); break;
                case "nodes": nodes = Math.max(0, value); break;
                case "movetime": moveTime = Math.max(1, value); break;
                case "wtime": wtime = Math.max(1, value); break;
                case "btime": btime = Math.max(1, value); break;
                case "winc": winc = Math.max(0, value); break;
                case "binc": binc = Math.max(0, value); break;
                default: movesToGo = clampInt(value, 0, 1000); break;
            }
        }
        return new SearchLimits(depth, nodes, moveTime, wtime, btime, winc, binc, movesToGo, infinite, ponder, searchMoves);
    }

    private static boolean isKeyword(String w) {
        for (String k : KEYWORDS) if (k.equals(w)) return true;
        return false;
    }

    private static Long parseLong(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static int clampInt(long v, int lo, int hi) {
        return (int) Math.max(lo, Math.min(hi, v));
    }
}
