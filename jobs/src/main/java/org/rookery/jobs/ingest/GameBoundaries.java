package org.rookery.jobs.ingest;

/**
 * Finds places in PGN bytes where {@link org.rookery.core.pgn.PgnReader} is certain to be between
 * games, so a file cut there reads as the same games, numbered the same way, as the whole file.
 *
 * <p>A boundary is the start of a line that begins (in column 0) with {@code [} and a tag-name
 * character, whose nearest line above that is neither blank nor a {@code %} escape line is not a
 * {@code [} line (so the line opens a tag section rather than continuing one), and which either
 * follows a blank line or starts with {@code [Event "}. The reader ends whatever it is in at such a
 * line: movetext, a variation, a rest-of-line comment, and a brace comment too, since an unclosed
 * brace comment ends at a tag line after a blank line or at an {@code [Event "} line. Being
 * stricter than the reader only means fewer places to cut, never a different reading.
 *
 * <p>Only {@code \n} ends a line here; files with bare {@code \r} line ends have no boundaries and
 * are read in one piece, which is slower but still correct.
 *
 * <p>The scanner is fed bytes in order and reports each boundary once it is sure of it, which may
 * be a few bytes past the line start. A scanner started in the middle of a file knows nothing of
 * the lines above, so it reports no boundary before it has seen a movetext line; its answer depends
 * only on where it starts, which is what lets two tasks agree on a cut.
 */
public final class GameBoundaries {

    private static final boolean[] TAG_NAME = new boolean[256];
    private static final byte[] EVENT = "[Event \"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    static {
        for (int c = 0; c < 256; c++) {
            TAG_NAME[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_';
        }
    }

    // What the line being scanned is known to be so far.
    private static final int UNDECIDED = 0;  // only blanks so far
    private static final int BRACKET0 = 1;   // '[' in column 0, next byte not seen yet
    private static final int TAG = 2;        // a '[' line: tag-like, in column 0 or not
    private static final int ESCAPE = 3;     // '%' in column 0
    private static final int OTHER = 4;      // movetext or anything else
    private static final int SKIP = 5;       // the partial line a mid-file scanner starts in

    private int kind;
    private int column;
    private boolean lineStartsCandidate;
    private int eventMatched;
    private long lineStart;
    /** The nearest non-blank, non-escape line above was a movetext (OTHER) line. */
    private boolean aboveIsMovetext;
    /** The line right above was blank. */
    private boolean previousBlank;
    private long boundary = -1;

    /**
     * A scanner whose first byte is at absolute offset {@code offset}. At offset 0 it starts at a
     * line start; elsewhere it first skips to the end of the line it starts in.
     */
    public GameBoundaries(long offset) {
        lineStart = offset;
        kind = offset == 0 ? UNDECIDED : SKIP;
    }

    /** The absolute offset of the boundary last reported by {@link #scan}. */
    public long boundary() {
        return boundary;
    }

    /**
     * Scans {@code b[from, to)}, which continues the bytes fed so far and starts at absolute offset
     * {@code base + from}. Returns the index just past the byte that confirmed a boundary (then
     * {@link #boundary()} is its line start, and scanning resumes at the returned index), or -1
     * when none was confirmed in the range.
     */
    public int scan(byte[] b, int from, int to, long base) {
        for (int i = from; i < to; i++) {
            int c = b[i] & 0xFF;
            if (c == '\n') {
                endLine();
                lineStart = base + i + 1;
                column = 0;
                kind = UNDECIDED;
                continue;
            }
            switch (kind) {
                case UNDECIDED:
                    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B || c == 0x1A) {
                        column++;
                    } else if (c == '[') {
                        if (column == 0) {
                            kind = BRACKET0;
                        } else {
                            kind = TAG;
                            lineStartsCandidate = false;
                        }
                    } else if (c == '%' && column == 0) {
                        kind = ESCAPE;
                    } else {
                        kind = OTHER;
                    }
                    break;
                case BRACKET0:
                    kind = TAG;
                    lineStartsCandidate = TAG_NAME[c] && aboveIsMovetext;
                    if (lineStartsCandidate) {
                        if (previousBlank) {
                            return confirm(i);
                        }
                        eventMatched = c == EVENT[1] ? 2 : 0;
                    }
                    break;
                case TAG:
                    if (lineStartsCandidate && eventMatched > 0) {
                        if (c == EVENT[eventMatched]) {
                            if (++eventMatched == EVENT.length) {
                                return confirm(i);
                            }
                        } else {
                            eventMatched = 0;
                        }
                    }
                    break;
                default:
                    break;
            }
        }
        return -1;
    }

    private int confirm(int i) {
        boundary = lineStart;
        lineStartsCandidate = false;
        eventMatched = 0;
        return i + 1;
    }

    private void endLine() {
        switch (kind) {
            case UNDECIDED:
                previousBlank = true;
                return;
            case BRACKET0:
            case TAG:
                aboveIsMovetext = false;
                break;
            case OTHER:
                aboveIsMovetext = true;
                break;
            default:
                // Escape lines are invisible to the reader between tags; a skipped partial line
                // tells nothing.
                break;
        }
        previousBlank = false;
    }
}
