package org.rookery.core.perft;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a perft-suite file in the perftsuite.epd format: {@code FEN ;D1 20 ;D2 400 ;…}.
 * Lines that are blank or start with '#' are skipped by callers.
 */
public record PerftSuite(String fen, long[] expected) {
    /** Parses a suite line; throws IllegalArgumentException with a one-line reason. */
    public static PerftSuite parseLine(String line) {
        String[] parts = line.split(";");
        String fen = parts[0].trim();
        if (fen.isEmpty()) throw new IllegalArgumentException("missing FEN before the first ';'");
        List<long[]> depths = new ArrayList<>();
        int maxDepth = 0;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.isEmpty()) continue;
            String[] kv = p.split("\\s+");
            if (kv.length != 2 || kv[0].length() < 2 || (kv[0].charAt(0) != 'D' && kv[0].charAt(0) != 'd')) {
                throw new IllegalArgumentException("expected \"D<depth> <count>\", found \"" + p + "\"");
            }
            try {
                int d = Integer.parseInt(kv[0].substring(1));
                long n = Long.parseLong(kv[1]);
                if (d < 1 || d > 20 || n < 0) throw new NumberFormatException();
                depths.add(new long[] {d, n});
                maxDepth = Math.max(maxDepth, d);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected \"D<depth> <count>\", found \"" + p + "\"");
            }
        }
        if (depths.isEmpty()) throw new IllegalArgumentException("no \";D<depth> <count>\" entries");
        long[] expected = new long[maxDepth + 1];
        java.util.Arrays.fill(expected, -1);
        for (long[] dn : depths) expected[(int) dn[0]] = dn[1];
        return new PerftSuite(fen, expected);
    }

    public int maxDepth() { return expected.length - 1; }

    /** Expected count at a depth, or -1 where the line gives none. */
    public long expectedAt(int depth) { return depth < expected.length ? expected[depth] : -1; }
}
