package org.rookery.jobs.ingest;

/**
 * Counts line breaks the way {@link org.rookery.core.pgn.PgnReader} numbers lines: {@code \n},
 * {@code \r\n} and a lone {@code \r} each end one line. Fed in pieces, it remembers a {@code \r}
 * that ended the previous piece.
 */
public final class LineCounter {
    private long lines;
    private boolean pendingCr;

    /** Counts the line breaks in {@code b[from, to)}. */
    public void count(byte[] b, int from, int to) {
        long n = lines;
        boolean cr = pendingCr;
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c == '\n') {
                if (!cr) {
                    n++;
                }
                cr = false;
            } else if (c == '\r') {
                n++;
                cr = true;
            } else {
                cr = false;
            }
        }
        lines = n;
        pendingCr = cr;
    }

    /** Line breaks counted so far. */
    public long lines() {
        return lines;
    }
}
