package org.rookery.workers.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link SearchInfo#parse} finds its tokens by offset; the oracle is the regex-split parser it replaced, kept here
 * verbatim in behaviour, run on Stockfish's real info lines and on lines garbled at random.
 */
class SearchInfoParseTest {
    /** The parser before the change: {@code trim().split("\\s+")}, then the same keys. */
    static SearchInfo bySplit(String line, SearchInfo previous) {
        String[] t = line.trim().split("\\s+");
        if (t.length < 2 || !t[0].equals("info")) return previous;
        int depth = 0, selDepth = SearchInfo.ABSENT, cp = 0, mate = 0, hashfull = SearchInfo.ABSENT;
        long nodes = SearchInfo.ABSENT, nps = SearchInfo.ABSENT, time = SearchInfo.ABSENT, tbHits = SearchInfo.ABSENT;
        boolean score = false, bound = false;
        String pv = "";
        for (int i = 1; i < t.length; i++) {
            try {
                switch (t[i]) {
                    case "string": return previous;
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
                return previous;
            }
        }
        if (!score || bound) return previous;
        return new SearchInfo(depth, selDepth, nodes, nps, time, cp, mate, true, pv, hashfull, tbHits);
    }

    static final List<String> REAL = List.of(
        "info depth 1 seldepth 1 multipv 1 score cp 27 nodes 20 nps 20000 hashfull 0 tbhits 0 time 1 pv e2e4",
        "info depth 14 seldepth 19 multipv 1 score cp 31 nodes 190433 nps 1090462 hashfull 77 tbhits 0 time 174 pv e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 f1e1 e4d6 f3e5 f8e7 b5f1 c6e5 e1e5",
        "info depth 22 seldepth 30 multipv 1 score mate -5 nodes 3300123 nps 2100000 hashfull 400 tbhits 12 time 1500 pv h7h6 d1h5",
        "info depth 18 seldepth 25 multipv 1 score cp 45 lowerbound nodes 900000 nps 1200000 hashfull 200 tbhits 0 time 750 pv d2d4",
        "info depth 18 currmove e2e4 currmovenumber 1",
        "info string NNUE evaluation using nn-5af11540bbfe.nnue enabled",
        "  info\tdepth 3  score   cp -12\tnodes 55 pv  e2e4   e7e5 ",
        "info score cp", "info depth", "info depth x score cp 3", "info score cp 99999999999", "info nodes 9223372036854775807 score cp 1",
        "info", "", "bestmove e2e4", "info pv", "info score mate +3 pv g1f3");

    @Test
    void realAndGarbledLinesParseAsBefore() {
        SearchInfo previous = new SearchInfo(7, 9, 100, 1000, 5, 12, 0, true, "a2a3", 3, 0);
        for (String l : REAL) assertEquals(bySplit(l, previous), SearchInfo.parse(l, previous), l);
        // Garbled: words of real lines dropped, repeated, swapped and spaced at random.
        Random rnd = new Random(11);
        String[] pool = String.join(" ", REAL).split(" ");
        String[] gaps = {" ", "  ", "\t", " \u000B", "\f", "\r"};
        for (int k = 0; k < 20_000; k++) {
            StringBuilder sb = new StringBuilder(rnd.nextInt(4) == 0 ? "" : "info");
            int words = rnd.nextInt(14);
            List<String> w = new ArrayList<>();
            for (int i = 0; i < words; i++) w.add(pool[rnd.nextInt(pool.length)]);
            for (String s : w) sb.append(gaps[rnd.nextInt(gaps.length)]).append(s);
            if (rnd.nextBoolean()) sb.append(gaps[rnd.nextInt(gaps.length)]);
            String line = sb.toString();
            assertEquals(bySplit(line, previous), SearchInfo.parse(line, previous), line);
        }
    }

    @Test
    void bestmoveWords() {
        assertEquals("e2e4", SearchInfo.word("bestmove e2e4 ponder e7e5", 1));
        assertEquals("ponder", SearchInfo.word("  bestmove\te2e4  ponder e7e5 ", 2));
        assertEquals("e7e5", SearchInfo.word("bestmove e2e4 ponder e7e5", 3));
        assertEquals(null, SearchInfo.word("bestmove", 1));
        assertEquals(null, SearchInfo.word("bestmove e2e4 ", 2));
    }
}
