package org.rookery.jobs.ingest;

/**
 * Counts games and line breaks in PGN bytes fed in order, in one pass over the bytes and without
 * parsing moves: a game is counted at each line that opens a tag section ({@code [} and a letter in
 * column 0, with no such line as the nearest non-blank line above). Lines are counted the way
 * {@link org.rookery.core.pgn.PgnReader} numbers them: {@code \n}, {@code \r\n} and a lone
 * {@code \r} each end one line, also across the pieces the bytes are fed in.
 *
 * <p>That is the reader's game count when every game is a tag section followed by movetext that
 * ends with a result token. While counting, the movetext is lexed just enough (comments,
 * variations, move numbers and result tokens) to see whether the text is of that shape; where it
 * is not, {@link #sure()} turns false and the caller counts with the reader instead. Text that makes
 * it false: anything but blanks and escape lines between a result and the next tag section or
 * before a unit's first one (a tagless game, NUL bytes between collections, a stray comment), a
 * tag section after movetext without a result, a tag line with text after its {@code ]}, a blank
 * line inside a tag section, control bytes, a lone {@code \r}, characters the reader rejects in
 * movetext, malformed number tokens, and games over {@link #MAX_GAME_BYTES}. Inconsistent wrapping
 * (movetext broken anywhere, tags several to a line) keeps it true.
 */
final class GameCounter {
    /** Games longer than this are left to the reader, whose limits apply to long games. */
    static final int MAX_GAME_BYTES = 1 << 20;

    // What the current line is, as far as it has been seen.
    private static final int START = 0;     // nothing yet
    private static final int BLANK = 1;     // blanks only so far
    private static final int BRACKET = 2;   // '[' in column 0
    private static final int TAG = 3;       // '[' and a letter in column 0: a tag line
    private static final int OTHER = 4;     // movetext or anything else: lexed
    private static final int ESCAPE = 5;    // '%' in column 0

    // Where in a game the text is.
    private static final int BEFORE = 0;    // before the unit's first tag section
    private static final int TAGS = 1;      // in a tag section
    private static final int MOVES = 2;     // in movetext, no result yet
    private static final int AFTER = 3;     // after a result token

    // The token being lexed at depth 0 outside comments.
    private static final int NONE = 0;
    private static final int WORD = 1;      // a move or other symbol token
    private static final int NUMBER = 2;    // digits, '-', '/', '+', '#'
    private static final int NAG = 3;       // '$' and digits

    /** Byte classes of movetext at depth 0, outside comments. */
    private static final byte[] CLASS = new byte[256];
    private static final byte C_BAD = 0;
    private static final byte C_BLANK = 1;
    private static final byte C_PUNCT = 2;  // '.', '!', '?'
    private static final byte C_LETTER = 3;
    private static final byte C_DIGIT = 4;
    private static final byte C_OPEN_BRACE = 5;
    private static final byte C_SEMI = 6;
    private static final byte C_OPEN_PAREN = 7;
    private static final byte C_STAR = 8;
    private static final byte C_DOLLAR = 9;
    /** The reader's symbol characters, which continue a move token. */
    private static final boolean[] SYMBOL = new boolean[256];
    /** Characters of a token that starts with a digit. */
    private static final boolean[] NUMERIC = new boolean[256];
    /** Control bytes the reader never takes as text; the blanks and line ends are not among them. */
    private static final boolean[] CONTROL = new boolean[256];

    static {
        for (int c = 0; c < 256; c++) {
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            boolean digit = c >= '0' && c <= '9';
            SYMBOL[c] = letter || digit || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-';
            NUMERIC[c] = digit || c == '-' || c == '/' || c == '+' || c == '#';
            CONTROL[c] = (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x0B && c != 0x1A)
                    || c == 0x7F;
            CLASS[c] = letter ? C_LETTER : digit ? C_DIGIT : C_BAD;
        }
        for (int c : new int[] {' ', '\t', '\f', 0x0B, 0x1A, '\r'}) {
            CLASS[c] = C_BLANK;
        }
        CLASS['.'] = C_PUNCT;
        CLASS['!'] = C_PUNCT;
        CLASS['?'] = C_PUNCT;
        CLASS['{'] = C_OPEN_BRACE;
        CLASS[';'] = C_SEMI;
        CLASS['('] = C_OPEN_PAREN;
        CLASS['*'] = C_STAR;
        CLASS['$'] = C_DOLLAR;
    }

    private int kind = START;
    private boolean aboveIsTag;
    private boolean pendingCr;
    private long games;
    private long lines;

    private int phase = BEFORE;
    private boolean sure = true;
    private boolean blankInTags;
    private int lastTagByte;
    /** Bytes fed before the current call, and the offset of the last counted game's first tag line. */
    private long fed;
    private long gameStart;

    private boolean inBrace;
    private boolean inSemi;
    private int depth;
    private int token = NONE;
    private final byte[] number = new byte[8];
    private int numberLength;

    void feed(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            int c = b[i] & 0xFF;
            if (c == '\n') {
                if (!pendingCr) {
                    lines++;
                }
                pendingCr = false;
                endLine(fed + i - from);
                i++;
                continue;
            }
            if (pendingCr) {
                // A lone '\r': a line for the reader, but game starts are looked for on \n-ended lines.
                sure = false;
                pendingCr = false;
            }
            if (c == '\r') {
                lines++;
                pendingCr = true;
                if (kind >= TAG) {
                    // A blank to the rest of the line; the line goes on until its \n.
                    if (kind == OTHER) {
                        lex(c);
                    }
                    i++;
                    continue;
                }
            }
            if (CONTROL[c]) {
                sure = false;
            }
            switch (kind) {
                case START:
                    if (inBrace) {
                        // Inside a brace comment a line is comment text, whatever it starts with
                        // (a tag line there ends the comment for the reader: not sure then).
                        kind = c == '[' ? BRACKET : OTHER;
                        lex(c);
                    } else if (c == '[') {
                        kind = BRACKET;
                    } else if (c == '%') {
                        kind = ESCAPE;
                    } else if (blank(c)) {
                        kind = BLANK;
                    } else {
                        kind = OTHER;
                        lex(c);
                    }
                    i++;
                    break;
                case BLANK:
                    if (!blank(c)) {
                        kind = OTHER;
                        lex(c);
                    }
                    i++;
                    break;
                case BRACKET:
                    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
                        kind = TAG;
                        lastTagByte = c;
                    } else if (inBrace) {
                        // "[%clk ...]" and the like wrapped to the start of a comment's line.
                        kind = OTHER;
                        lex(c);
                    } else {
                        // '[' without a tag name in column 0: an error for the reader.
                        sure = false;
                        kind = OTHER;
                    }
                    i++;
                    break;
                case TAG:
                    i = tagRun(b, i, to);
                    break;
                case OTHER:
                    i = movetextRun(b, i, to);
                    break;
                default: // ESCAPE: invisible to the reader, like a blank line
                    i = skipRun(b, i, to);
                    break;
            }
        }
        fed += to - from;
    }

    /** The rest of a tag line up to its line end: only its last non-blank byte matters. */
    private int tagRun(byte[] b, int i, int to) {
        int last = lastTagByte;
        for (; i < to; i++) {
            int c = b[i] & 0xFF;
            if (c == '\n' || c == '\r') {
                break;
            }
            if (CONTROL[c]) {
                sure = false;
            }
            if (!blank(c)) {
                last = c;
            }
        }
        lastTagByte = last;
        return i;
    }

    /** The rest of an escape line up to its line end. */
    private int skipRun(byte[] b, int i, int to) {
        for (; i < to; i++) {
            int c = b[i] & 0xFF;
            if (c == '\n' || c == '\r') {
                break;
            }
            if (CONTROL[c]) {
                sure = false;
            }
        }
        return i;
    }

    /** Movetext up to the line end; move tokens, the bulk of it, in a loop of their own. */
    private int movetextRun(byte[] b, int i, int to) {
        for (; i < to; i++) {
            int c = b[i] & 0xFF;
            if (c == '\n' || c == '\r') {
                break;
            }
            if (CONTROL[c]) {
                sure = false;
            }
            if (token == WORD && depth == 0 && !inBrace && !inSemi && SYMBOL[c]) {
                continue;
            }
            lex(c);
        }
        return i;
    }

    private static boolean blank(int c) {
        return c == ' ' || c == '\t' || c == '\f' || c == 0x0B || c == 0x1A || c == '\r';
    }

    /** One byte of movetext (a line that is neither a tag line, an escape line nor blank). */
    private void lex(int c) {
        if (inSemi) {
            return;
        }
        if (inBrace) {
            inBrace = c != '}';
            return;
        }
        if (depth > 0) {
            // A variation: the reader keeps it as text, minding comments and nesting only.
            if (c == '{') {
                inBrace = true;
            } else if (c == ';') {
                inSemi = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            }
            return;
        }
        switch (token) {
            case NUMBER:
                if (NUMERIC[c]) {
                    if (numberLength == number.length) {
                        sure = false;
                    } else {
                        number[numberLength++] = (byte) c;
                    }
                    return;
                }
                endNumber();
                break;
            case WORD:
                if (SYMBOL[c]) {
                    return;
                }
                token = NONE;
                break;
            case NAG:
                if (c >= '0' && c <= '9') {
                    return;
                }
                token = NONE;
                break;
            default:
                break;
        }
        byte k = CLASS[c];
        if (k == C_BLANK) {
            return;
        }
        if (phase != MOVES) {
            if (phase != TAGS) {
                // Text before the first tag section or after a result: the reader's own game.
                sure = false;
            }
            phase = MOVES;
        }
        switch (k) {
            case C_PUNCT:
                break;
            case C_LETTER:
                token = WORD;
                break;
            case C_DIGIT:
                token = NUMBER;
                number[0] = (byte) c;
                numberLength = 1;
                break;
            case C_OPEN_BRACE:
                inBrace = true;
                break;
            case C_SEMI:
                inSemi = true;
                break;
            case C_OPEN_PAREN:
                depth = 1;
                break;
            case C_STAR:
                phase = AFTER;
                break;
            case C_DOLLAR:
                token = NAG;
                break;
            default:
                // ')', '}', '[' after blanks, '%' inside a line, '-', non-ASCII: the reader's errors.
                sure = false;
                break;
        }
    }

    /** A token that started with a digit ended: a move number, a result or castling with zeros. */
    private void endNumber() {
        token = NONE;
        int n = numberLength;
        boolean digits = true;
        for (int i = 0; i < n && digits; i++) {
            digits = number[i] >= '0' && number[i] <= '9';
        }
        if (digits) {
            return;
        }
        if (is("1-0", n) || is("0-1", n) || is("1/2-1/2", n)) {
            phase = AFTER;
            return;
        }
        while (n > 0 && (number[n - 1] == '+' || number[n - 1] == '#')) {
            n--;
        }
        if (!is("0-0", n) && !is("0-0-0", n)) {
            sure = false;
        }
    }

    private boolean is(String s, int n) {
        if (n != s.length()) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (number[i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Ends the line whose line break (or end) is at offset {@code at} of all bytes fed. */
    private void endLine(long at) {
        if (at - gameStart > MAX_GAME_BYTES) {
            sure = false;
        }
        if (token == NUMBER) {
            endNumber();
        }
        token = NONE;
        inSemi = false;
        switch (kind) {
            case TAG:
                if (phase == MOVES || inBrace || depth > 0 || lastTagByte != ']'
                        || (phase == TAGS && blankInTags)) {
                    sure = false;
                }
                if (!aboveIsTag) {
                    games++;
                    gameStart = at;
                }
                aboveIsTag = true;
                phase = TAGS;
                blankInTags = false;
                break;
            case START:
            case BLANK:
                if (phase == TAGS) {
                    blankInTags = true;
                }
                break;
            case ESCAPE:
                if (inBrace) {
                    // Comment text to the reader, skipped here.
                    sure = false;
                }
                break;
            default: // OTHER, BRACKET
                if (kind == BRACKET) {
                    sure = false;
                }
                aboveIsTag = false;
                break;
        }
        kind = START;
    }

    /** Ends the last line when the bytes do not end with a line break. */
    void end() {
        pendingCr = false;
        endLine(fed);
    }

    long games() {
        return games;
    }

    long lines() {
        return lines;
    }

    /** Whether {@link #games()} is certainly the reader's count (see the class comment). */
    boolean sure() {
        return sure;
    }
}
