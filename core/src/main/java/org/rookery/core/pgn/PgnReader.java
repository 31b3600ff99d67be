package org.rookery.core.pgn;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Streaming PGN lexer: reads games one at a time from bytes into a caller-owned {@link PgnGame}.
 *
 * <p>The input is scanned byte by byte through a fixed buffer, so memory stays bounded by the
 * {@link Options} caps whatever the file size. Text is decoded as UTF-8, with bytes that are not
 * valid UTF-8 taken as ISO-8859-1. Bad input never throws: a malformed game is reported to the
 * listener as a {@link PgnError} and skipped, and reading resumes after that game's result token
 * or at the next tag section, whichever comes first. Only a failure of the underlying stream
 * surfaces as an {@link IOException}.
 *
 * <pre>{@code
 * try (PgnReader r = new PgnReader(in, "games.pgn", err -> log.warn(err.toString()))) {
 *     PgnGame g = new PgnGame();
 *     while (r.next(g)) { ... }
 * }
 * }</pre>
 */
public final class PgnReader implements AutoCloseable {

    /**
     * Limits that bound memory on hostile input.
     *
     * @param maxTokenLength longest tag value, comment or variation text, in chars
     * @param maxGameBytes longest game in source bytes; also caps the kept raw text
     * @param keepRawText whether each game's source text is kept for {@link PgnGame#rawText()}
     *     and {@link PgnError#rawText()}; turning it off saves one copy of the input
     */
    public record Options(int maxTokenLength, int maxGameBytes, boolean keepRawText) {

        /** 1 MiB per tag value or comment, 8 MiB per game, raw text kept. */
        public static final Options DEFAULT = new Options(1 << 20, 8 << 20, true);

        public Options {
            if (maxTokenLength < 16 || maxGameBytes < 16) {
                throw new IllegalArgumentException("limits must be at least 16");
            }
        }
    }

    /** Longest SAN token accepted; real ones are at most 7 chars plus a check mark. */
    static final int MAX_SAN = 32;
    static final int MAX_TAG_NAME = 255;
    private static final int BUFFER_SIZE = 1 << 16;

    // Outcomes of parsing one game.
    private static final int OK = 0;
    private static final int NO_RESULT = 1;
    private static final int ERROR = 2;
    private static final int EMPTY = 3;
    private static final int CONTINUE = 4;
    private static final int RESTART = 5;

    // Where to resume after an error.
    private static final int RESYNC_HERE = 0;
    private static final int RESYNC_EOF = 1;
    private static final int RESYNC_MOVETEXT = 2;
    private static final int RESYNC_TAGS = 3;
    private static final int RESYNC_IN_COMMENT = 4;

    private static final String[] STAR = {PgnGame.UNFINISHED};
    private static final String[] ZERO_ONE = {PgnGame.BLACK_WINS};
    private static final String[] ONE = {PgnGame.WHITE_WINS, PgnGame.DRAW};

    private static final boolean[] SYMBOL = new boolean[256];
    private static final boolean[] TAG_NAME = new boolean[256];

    static {
        for (int c = 0; c < 256; c++) {
            boolean alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            TAG_NAME[c] = alnum || c == '_';
            SYMBOL[c] = alnum || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-';
        }
    }

    private final InputStream in;
    private final String sourceName;
    private final Consumer<PgnError> listener;
    private final int maxToken;
    private final int maxGameBytes;
    private final boolean keepRaw;

    private final byte[] buf = new byte[BUFFER_SIZE];
    private int pos;
    private int limit;
    private boolean eof;
    private boolean closed;

    private long line = 1;
    /** Nothing consumed yet on the current line. */
    private boolean col0 = true;
    /** Only blanks consumed so far on the current line. */
    private boolean bolWs = true;

    private long gamesStarted;
    private long gamesReturned;
    private long errorCount;
    private long warningCount;

    private PgnGame game;
    /** Start in {@link #buf} of source bytes of the current game not yet copied out, or -1. */
    private int rawMark = -1;
    private long gameBytes;

    private String errReason;
    private long errLine;
    private int errResync;
    private final byte[] numberToken = new byte[16];

    // The comment or variation being read, in its game's buffer: see beginText and appendText.
    private char[] text;
    private int textStart;
    private int textAt;
    /** End of the text without its trailing blanks. */
    private int textEnd;
    private boolean textIsVariation;

    /** Reader with default limits that only counts errors. */
    public PgnReader(InputStream in, String sourceName) {
        this(in, sourceName, null, Options.DEFAULT);
    }

    /** Reader with default limits reporting problems to {@code listener}. */
    public PgnReader(InputStream in, String sourceName, Consumer<PgnError> listener) {
        this(in, sourceName, listener, Options.DEFAULT);
    }

    /**
     * Reader over {@code in}, which it closes on {@link #close()}.
     *
     * @param sourceName name used in {@link PgnError}s, typically the file name
     * @param listener receives every error and warning as it is found; may be null
     */
    public PgnReader(InputStream in, String sourceName, Consumer<PgnError> listener, Options options) {
        this.in = Objects.requireNonNull(in, "in");
        this.sourceName = sourceName == null ? "<pgn>" : sourceName;
        this.listener = listener;
        this.maxToken = options.maxTokenLength();
        this.maxGameBytes = options.maxGameBytes();
        this.keepRaw = options.keepRawText();
    }

    /** Games returned so far. */
    public long gamesRead() {
        return gamesReturned;
    }

    /** Games skipped because of errors so far. */
    public long errorCount() {
        return errorCount;
    }

    /** Games returned with a warning so far. */
    public long warningCount() {
        return warningCount;
    }

    /**
     * Reads the next game into {@code into}, replacing its contents.
     *
     * @return false at end of input, leaving {@code into} empty
     * @throws IOException only when the underlying stream fails
     */
    public boolean next(PgnGame into) throws IOException {
        if (closed) {
            throw new IllegalStateException("reader is closed");
        }
        game = into;
        while (true) {
            into.clear();
            into.sourceName = sourceName;
            int c = skipBetweenGames();
            if (c < 0) {
                return false;
            }
            into.gameNumber = gamesStarted + 1;
            into.firstLine = line;
            rawMark = pos;
            gameBytes = 0;
            int status = parseGame(into);
            if (status == ERROR) {
                resync();
            }
            flushRaw();
            rawMark = -1;
            switch (status) {
                case OK:
                    gamesStarted++;
                    gamesReturned++;
                    return true;
                case NO_RESULT:
                    gamesStarted++;
                    gamesReturned++;
                    warningCount++;
                    report(new PgnError(sourceName, into.gameNumber, into.firstLine,
                            "game has no result token", PgnError.Severity.WARNING, null));
                    return true;
                case EMPTY:
                    // Only comments or escape lines: not a game, and not worth a warning.
                    continue;
                default:
                    gamesStarted++;
                    errorCount++;
                    report(new PgnError(sourceName, into.gameNumber, errLine, errReason,
                            PgnError.Severity.ERROR, keepRaw ? into.rawText() : null));
                    break;
            }
        }
    }

    /**
     * The remaining games as a sequential stream of independent copies; I/O failures surface as
     * {@link UncheckedIOException}. Closing the stream does not close the reader.
     */
    public Stream<PgnGame> stream() {
        Iterator<PgnGame> it = new Iterator<>() {
            private final PgnGame scratch = new PgnGame();
            private PgnGame pending;
            private boolean done;

            @Override
            public boolean hasNext() {
                if (pending == null && !done) {
                    try {
                        if (PgnReader.this.next(scratch)) {
                            pending = scratch.copy();
                        } else {
                            done = true;
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                return pending != null;
            }

            @Override
            public PgnGame next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                PgnGame g = pending;
                pending = null;
                return g;
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it,
                Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            in.close();
        }
    }

    private void report(PgnError e) {
        if (listener != null) {
            listener.accept(e);
        }
    }

    // ================================================================ buffer

    /** Makes at least {@code need} unread bytes available unless the input ends first. */
    private boolean fill(int need) throws IOException {
        if (limit - pos >= need) {
            return true;
        }
        if (eof) {
            return false;
        }
        if (rawMark >= 0) {
            flushRaw();
        }
        if (pos > 0) {
            int rest = limit - pos;
            System.arraycopy(buf, pos, buf, 0, rest);
            limit = rest;
            pos = 0;
            if (rawMark >= 0) {
                rawMark = 0;
            }
        }
        while (limit - pos < need) {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
                break;
            }
            limit += n;
        }
        return limit - pos >= need;
    }

    /** Copies the current game's consumed bytes out of the buffer before they are overwritten. */
    private void flushRaw() {
        if (rawMark < 0) {
            return;
        }
        int n = pos - rawMark;
        if (n > 0) {
            gameBytes += n;
            if (keepRaw) {
                game.appendRaw(buf, rawMark, n, maxGameBytes);
            }
        }
        rawMark = pos;
    }

    private int peek() throws IOException {
        return pos < limit || fill(1) ? buf[pos] & 0xFF : -1;
    }

    private int peekAt(int k) throws IOException {
        return limit - pos > k || fill(k + 1) ? buf[pos + k] & 0xFF : -1;
    }

    private static boolean isTagNameChar(int c) {
        return c >= 0 && TAG_NAME[c];
    }

    /** Counts a line break just consumed: the next byte starts a line. */
    private void newLine() {
        line++;
        col0 = true;
        bolWs = true;
    }

    /** Called after consuming '\r': swallows a following '\n' and counts one line. */
    private void carriageReturn() throws IOException {
        if (peek() == '\n') {
            pos++;
        }
        newLine();
    }

    /** Consumes up to, not including, the end of the current line. */
    private void skipToEol() throws IOException {
        while (pos < limit || fill(1)) {
            byte c = buf[pos];
            if (c == '\n' || c == '\r') {
                return;
            }
            pos++;
        }
    }

    /** Consumes the rest of the current line including its line break. */
    private void skipRestOfLine() throws IOException {
        skipToEol();
        if (pos < limit || fill(1)) {
            if (buf[pos++] == '\n') {
                newLine();
            } else {
                carriageReturn();
            }
        }
    }

    private void skipBlanks() throws IOException {
        while (pos < limit || fill(1)) {
            byte c = buf[pos];
            if (c != ' ' && c != '\t') {
                return;
            }
            pos++;
            col0 = false;
        }
    }

    /**
     * Decodes the character whose first byte {@code b} was just consumed into {@code dst[at]},
     * consuming any UTF-8 continuation bytes; returns the number of chars written (1 or 2).
     */
    private int decodeInto(int b, char[] dst, int at) throws IOException {
        if (b < 0x80) {
            dst[at] = (char) b;
            return 1;
        }
        if (limit - pos < 3) {
            fill(3);
        }
        int len = Utf8.sequenceLength(b, buf, pos, limit);
        if (len == 0) {
            dst[at] = (char) b;
            return 1;
        }
        int cp = Utf8.codePoint(b, buf, pos, len);
        pos += len - 1;
        return Utf8.putCodePoint(cp, dst, at);
    }

    // ================================================================ errors

    private boolean fail(String reason, int resync) {
        return fail(line, reason, resync);
    }

    private boolean fail(long at, String reason, int resync) {
        errReason = reason;
        errLine = at;
        errResync = resync;
        return false;
    }

    /** Whether the current game has outgrown the size cap (recording the error if so). */
    private boolean tooLong() {
        return gameBytes + (pos - rawMark) > maxGameBytes
                && !fail("game longer than " + maxGameBytes + " bytes", RESYNC_MOVETEXT);
    }

    private static String describeByte(int c, String where) {
        if (c < 0x20 || c == 0x7F) {
            return String.format("binary data (byte 0x%02X) in %s", c, where);
        }
        if (c >= 0x80) {
            return String.format("unexpected non-ASCII byte 0x%02X in %s", c, where);
        }
        return "unexpected character '" + (char) c + "' in " + where;
    }

    /** Skips the rest of a bad game so that reading resumes at the next game. */
    private void resync() throws IOException {
        switch (errResync) {
            case RESYNC_TAGS:
                skipRestOfLine();
                // The bad game's remaining tag lines would otherwise start a bogus game.
                while (true) {
                    skipBlanks();
                    if (peek() != '[') {
                        break;
                    }
                    skipRestOfLine();
                }
                skipBadMovetext(false, true);
                break;
            case RESYNC_MOVETEXT:
                skipBadMovetext(false, false);
                break;
            case RESYNC_IN_COMMENT:
                skipBadMovetext(true, false);
                break;
            default:
                break;
        }
    }

    /**
     * Skips movetext up to and including the bad game's result token, or up to the next line
     * that starts a tag section, whichever comes first. Stopping at the result matters for
     * files of games without tags, where the next tag line may be far away or never come.
     * Result-like text inside brace and rest-of-line comments does not count.
     */
    private void skipBadMovetext(boolean inBrace, boolean tokenStart) throws IOException {
        while (pos < limit || fill(1)) {
            int c = buf[pos] & 0xFF;
            if (c == '\n' || c == '\r') {
                pos++;
                if (c == '\n') {
                    newLine();
                } else {
                    carriageReturn();
                }
                skipBlanks();
                if (peek() == '[' && isTagNameChar(peekAt(1))) {
                    return;
                }
                tokenStart = true;
                continue;
            }
            pos++;
            if (inBrace) {
                inBrace = c != '}';
                tokenStart = !inBrace;
            } else if (c == '{') {
                inBrace = true;
            } else if (c == ';') {
                skipToEol();
            } else if (c == ' ' || c == '\t' || c == ')') {
                tokenStart = true;
            } else if (tokenStart && (c == '*' || c == '0' || c == '1')) {
                int len = resultLengthAt(c);
                if (len > 0) {
                    pos += len - 1;
                    return;
                }
                tokenStart = false;
            } else {
                tokenStart = false;
            }
        }
    }

    /**
     * Length of the result token whose first byte {@code c} was just consumed and whose rest
     * starts at {@code pos}, or 0 if no delimited result token starts there.
     */
    private int resultLengthAt(int c) throws IOException {
        String[] candidates = c == '*' ? STAR : c == '0' ? ZERO_ONE : ONE;
        for (String r : candidates) {
            int k = 1;
            while (k < r.length() && peekAt(k - 1) == r.charAt(k)) {
                k++;
            }
            if (k == r.length()) {
                int after = peekAt(k - 1);
                if (after < 0 || !(SYMBOL[after] || after == '/')) {
                    return r.length();
                }
            }
        }
        return 0;
    }

    // ================================================================ games

    /** Skips blank lines, escape lines and byte order marks; returns the next byte unconsumed. */
    private int skipBetweenGames() throws IOException {
        while (true) {
            int c = peek();
            switch (c) {
                case ' ', '\t', '\f', 0x0B, 0x1A:
                    // 0x1A is the DOS end-of-file mark that old PGN files still carry.
                    pos++;
                    col0 = false;
                    continue;
                case '\n':
                    pos++;
                    newLine();
                    continue;
                case '\r':
                    pos++;
                    carriageReturn();
                    continue;
                case '%':
                    if (col0) {
                        skipRestOfLine();
                        continue;
                    }
                    return c;
                case 0xEF:
                    // A BOM at the start, or mid-stream where files were concatenated.
                    if (peekAt(1) == 0xBB && peekAt(2) == 0xBF) {
                        pos += 3;
                        continue;
                    }
                    return c;
                default:
                    return c;
            }
        }
    }

    private int parseGame(PgnGame g) throws IOException {
        while (true) {
            if (peek() == '[') {
                int s = parseTagSection(g);
                if (s != CONTINUE) {
                    return s;
                }
            }
            int s = parseMovetext(g);
            if (s != RESTART) {
                return s;
            }
            // What came before these tags was only comments: the game starts at the tags.
            g.clearMovetext();
            g.rawLen = 0;
            g.rawTruncated = false;
            rawMark = pos;
            gameBytes = 0;
            g.firstLine = line;
        }
    }

    private int parseTagSection(PgnGame g) throws IOException {
        boolean blankLine = false;
        while (true) {
            if (pos >= limit && !fill(1)) {
                return NO_RESULT;
            }
            int c = buf[pos] & 0xFF;
            switch (c) {
                case '[':
                    if (blankLine && bolWs && nextTagRepeats(g)) {
                        // Tags, a blank line and then a repeated tag: the game had no movetext.
                        return NO_RESULT;
                    }
                    pos++;
                    col0 = false;
                    bolWs = false;
                    blankLine = false;
                    if (!parseTag(g)) {
                        return ERROR;
                    }
                    if (gameBytes + (pos - rawMark) > maxGameBytes) {
                        fail("game longer than " + maxGameBytes + " bytes", RESYNC_TAGS);
                        return ERROR;
                    }
                    continue;
                case ' ', '\t', '\f', 0x0B:
                    pos++;
                    col0 = false;
                    continue;
                case '\n':
                    pos++;
                    blankLine |= bolWs;
                    newLine();
                    continue;
                case '\r':
                    pos++;
                    blankLine |= bolWs;
                    carriageReturn();
                    continue;
                case '%':
                    if (col0) {
                        skipRestOfLine();
                        continue;
                    }
                    return CONTINUE;
                default:
                    return CONTINUE;
            }
        }
    }

    /** Whether the tag starting at {@code buf[pos]} names a tag this game already has. */
    private boolean nextTagRepeats(PgnGame g) throws IOException {
        int k = 1;
        int c;
        while ((c = peekAt(k)) == ' ' || c == '\t') {
            if (++k > 32) {
                return false;
            }
        }
        int start = k;
        while (k - start < MAX_TAG_NAME && isTagNameChar(peekAt(k))) {
            k++;
        }
        int len = k - start;
        for (int i = 0; i < g.tagCount; i++) {
            if (g.tagNameLen[i] != len) {
                continue;
            }
            int off = g.tagNameStart[i];
            int j = 0;
            while (j < len && g.tagChars[off + j] == (char) (buf[pos + start + j] & 0xFF)) {
                j++;
            }
            if (j == len) {
                return true;
            }
        }
        return false;
    }

    /** Parses one tag pair after its '['. */
    private boolean parseTag(PgnGame g) throws IOException {
        skipBlanks();
        g.beginTag();
        int nameStart = g.tagCharLen;
        char[] dst = g.tagRoom(MAX_TAG_NAME);
        int n = 0;
        int c;
        while (isTagNameChar(c = peek())) {
            if (n == MAX_TAG_NAME) {
                return fail("tag name longer than " + MAX_TAG_NAME + " characters", RESYNC_TAGS);
            }
            dst[nameStart + n++] = (char) c;
            pos++;
        }
        if (n == 0) {
            return c < 0 ? fail("unterminated tag pair", RESYNC_EOF)
                    : c == '\n' || c == '\r' ? fail("unterminated tag pair", RESYNC_TAGS)
                    : fail("malformed tag pair: " + describeByte(c, "tag name"), RESYNC_TAGS);
        }
        g.tagCharLen = nameStart + n;
        skipBlanks();
        c = peek();
        if (c != '"') {
            return c < 0 ? fail("unterminated tag pair", RESYNC_EOF)
                    : c == '\n' || c == '\r' ? fail("unterminated tag pair", RESYNC_TAGS)
                    : fail("malformed tag pair: expected '\"' after tag name", RESYNC_TAGS);
        }
        pos++;
        int valueStart = g.tagCharLen;
        int at = valueStart;
        while (true) {
            if (pos >= limit && !fill(1)) {
                return fail("unterminated tag pair", RESYNC_EOF);
            }
            int b = buf[pos] & 0xFF;
            if (b == '\n' || b == '\r') {
                return fail("unterminated tag pair", RESYNC_TAGS);
            }
            pos++;
            if (b == '"') {
                if (closesTag()) {
                    break;
                }
                // A quote not followed by ']' is an unescaped quote inside the value, as
                // careless exporters write them; keeping it beats rejecting the game.
            } else if (b == '\\') {
                int d = peek();
                if (d == '"' || d == '\\') {
                    pos++;
                    b = d;
                }
            } else if (b < 0x20 && b != '\t' || b == 0x7F) {
                return fail(describeByte(b, "tag value"), RESYNC_TAGS);
            }
            if (at - valueStart >= maxToken) {
                return fail("tag value longer than " + maxToken + " characters", RESYNC_TAGS);
            }
            if (at + 2 > dst.length) {
                g.tagCharLen = at;
                dst = g.tagRoom(Math.max(64, at - valueStart));
            }
            at += decodeInto(b, dst, at);
        }
        g.tagCharLen = at;
        g.endTag(n, valueStart, at - valueStart);
        return true;
    }

    /** After a quote: consumes blanks and ']' if they follow, closing the tag pair. */
    private boolean closesTag() throws IOException {
        int k = 0;
        int c;
        while ((c = peekAt(k)) == ' ' || c == '\t') {
            if (++k > 64) {
                return false;
            }
        }
        if (c != ']') {
            return false;
        }
        pos += k + 1;
        return true;
    }

    private static boolean isEmpty(PgnGame g) {
        return g.tagCount == 0 && g.plyCount == 0 && g.variationCount == 0 && g.result == null;
    }

    private int parseMovetext(PgnGame g) throws IOException {
        while (true) {
            if (pos >= limit && !fill(1)) {
                return isEmpty(g) ? EMPTY : NO_RESULT;
            }
            int c = buf[pos++] & 0xFF;
            switch (c) {
                case ' ', '\t', '\f', 0x0B, 0x1A:
                    col0 = false;
                    break;
                case '\n':
                    newLine();
                    break;
                case '\r':
                    carriageReturn();
                    break;
                case '{':
                    if (!braceComment(g)) {
                        return ERROR;
                    }
                    break;
                case ';':
                    if (!lineComment(g)) {
                        return ERROR;
                    }
                    break;
                case '(':
                    if (!variation(g)) {
                        return ERROR;
                    }
                    break;
                case ')':
                    fail("unbalanced parentheses: ')' without '('", RESYNC_MOVETEXT);
                    return ERROR;
                case '$':
                    if (!nag(g)) {
                        return ERROR;
                    }
                    break;
                case '!', '?':
                    suffixAnnotation(g, c);
                    break;
                case '*':
                    g.result = PgnGame.UNFINISHED;
                    return OK;
                case '.':
                    // Stray periods, as in "1. ... e5".
                    col0 = false;
                    bolWs = false;
                    break;
                case '[':
                    pos--;
                    if (bolWs && isTagNameChar(peekAt(1))) {
                        return g.tagCount == 0 && g.plyCount == 0 && g.variationCount == 0
                                ? RESTART : NO_RESULT;
                    }
                    pos++;
                    fail("unexpected '[' in movetext", RESYNC_MOVETEXT);
                    return ERROR;
                case '%':
                    if (col0) {
                        skipRestOfLine();
                        break;
                    }
                    fail("unexpected '%' in movetext", RESYNC_MOVETEXT);
                    return ERROR;
                case '-':
                    if (peek() != '-') {
                        fail("unexpected character '-' in movetext", RESYNC_MOVETEXT);
                        return ERROR;
                    }
                    pos++;
                    if (!nullMove(g)) {
                        return ERROR;
                    }
                    break;
                default:
                    if (c >= '0' && c <= '9') {
                        int s = number(g, c);
                        if (s != CONTINUE) {
                            return s;
                        }
                    } else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
                        if (!sanToken(g, c)) {
                            return ERROR;
                        }
                    } else {
                        fail(describeByte(c, "movetext"), RESYNC_MOVETEXT);
                        return ERROR;
                    }
                    break;
            }
        }
    }

    /** Reads a move token whose first letter was consumed. */
    private boolean sanToken(PgnGame g, int first) throws IOException {
        col0 = false;
        bolWs = false;
        int start = g.sanCharLen;
        char[] dst = g.sanRoom(MAX_SAN + 1);
        dst[start] = (char) first;
        int n = 1;
        while (pos < limit || fill(1)) {
            int c = buf[pos] & 0xFF;
            if (!SYMBOL[c]) {
                break;
            }
            if (n == MAX_SAN) {
                return fail("move token longer than " + MAX_SAN + " characters", RESYNC_MOVETEXT);
            }
            dst[start + n++] = (char) c;
            pos++;
        }
        if (dst[start + n - 1] == 'e' && peek() == '.' && peekAt(1) == 'p' && peekAt(2) == '.') {
            // "exd6 e.p." or "exd6e.p.": the suffix is noise to SAN resolution.
            pos += 3;
            if (n == 1) {
                return true;
            }
            n--;
        }
        if (tooLong()) {
            return false;
        }
        g.commitPly(start, n);
        return true;
    }

    private boolean nullMove(PgnGame g) throws IOException {
        col0 = false;
        bolWs = false;
        int c = peek();
        if (c >= 0 && SYMBOL[c]) {
            return fail("malformed token starting with '--'", RESYNC_MOVETEXT);
        }
        int start = g.sanCharLen;
        char[] dst = g.sanRoom(2);
        dst[start] = '-';
        dst[start + 1] = '-';
        g.commitPly(start, 2);
        return !tooLong();
    }

    /**
     * A token starting with a digit: a move number (periods dropped), a result, or castling
     * written with zeros. Returns OK for a result, CONTINUE otherwise, ERROR on bad input.
     */
    private int number(PgnGame g, int first) throws IOException {
        col0 = false;
        bolWs = false;
        byte[] t = numberToken;
        t[0] = (byte) first;
        int n = 1;
        boolean digitsOnly = true;
        int c;
        while ((c = peek()) >= 0 && ((c >= '0' && c <= '9') || c == '-' || c == '/' || c == '+'
                || c == '#')) {
            if (n == t.length) {
                fail("malformed token in movetext", RESYNC_MOVETEXT);
                return ERROR;
            }
            digitsOnly &= c >= '0' && c <= '9';
            t[n++] = (byte) c;
            pos++;
        }
        if (digitsOnly) {
            while (peek() == '.') {
                pos++;
            }
            return CONTINUE;
        }
        if (matches(t, n, PgnGame.WHITE_WINS)) {
            g.result = PgnGame.WHITE_WINS;
            return OK;
        }
        if (matches(t, n, PgnGame.BLACK_WINS)) {
            g.result = PgnGame.BLACK_WINS;
            return OK;
        }
        if (matches(t, n, PgnGame.DRAW)) {
            g.result = PgnGame.DRAW;
            return OK;
        }
        int core = n;
        while (core > 0 && (t[core - 1] == '+' || t[core - 1] == '#')) {
            core--;
        }
        if (matches(t, core, "0-0") || matches(t, core, "0-0-0")) {
            int start = g.sanCharLen;
            char[] dst = g.sanRoom(n);
            for (int k = 0; k < n; k++) {
                dst[start + k] = (char) t[k];
            }
            g.commitPly(start, n);
            return tooLong() ? ERROR : CONTINUE;
        }
        fail("malformed token '" + new String(t, 0, n, StandardCharsets.US_ASCII)
                + "' in movetext", RESYNC_MOVETEXT);
        return ERROR;
    }

    private static boolean matches(byte[] t, int n, String s) {
        if (n != s.length()) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (t[k] != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private boolean nag(PgnGame g) throws IOException {
        col0 = false;
        bolWs = false;
        int value = 0;
        int digits = 0;
        int c;
        while ((c = peek()) >= '0' && c <= '9') {
            value = value * 10 + (c - '0');
            pos++;
            if (++digits > 3) {
                break;
            }
        }
        if (digits == 0 || digits > 3 || value > 255) {
            return fail("malformed NAG", RESYNC_MOVETEXT);
        }
        g.appendNag(g.plyCount, value);
        return true;
    }

    /** Maps {@code ! ? !! ?? !? ?!} to NAGs 1-6; longer runs carry no standard meaning. */
    private void suffixAnnotation(PgnGame g, int first) throws IOException {
        col0 = false;
        bolWs = false;
        int second = peek();
        int nag;
        if (second == '!' || second == '?') {
            pos++;
            if (first == '!') {
                nag = second == '!' ? 3 : 5;
            } else {
                nag = second == '?' ? 4 : 6;
            }
            int c;
            if ((c = peek()) == '!' || c == '?') {
                while ((c = peek()) == '!' || c == '?') {
                    pos++;
                }
                return;
            }
        } else {
            nag = first == '!' ? 1 : 2;
        }
        g.appendNag(g.plyCount, nag);
    }

    /** Reads a brace comment whose '{' was consumed, attaching it to the last ply. */
    private boolean braceComment(PgnGame g) throws IOException {
        long openLine = line;
        col0 = false;
        bolWs = false;
        int slot = g.plyCount;
        beginText(g, g.beginComment(slot), false);
        boolean lineBlank = false;
        boolean sawBlankLine = false;
        while (true) {
            if (textAt > textStart) {
                // Fast path: printable ASCII other than '}' needs no decoding or line handling.
                // Signed bytes make every non-ASCII byte fail the b >= 0x20 test.
                char[] dst = text;
                int a = textAt;
                int end = textEnd;
                int stop = pos + Math.min(limit - pos,
                        Math.min(dst.length - 2 - a, maxToken - (a - textStart)));
                int i = pos;
                while (i < stop) {
                    byte b = buf[i];
                    if (b < 0x20 || b == '}' || b == 0x7F) {
                        break;
                    }
                    dst[a++] = (char) b;
                    if (b != ' ') {
                        end = a;
                        lineBlank = false;
                    }
                    i++;
                }
                pos = i;
                textAt = a;
                textEnd = end;
            }
            if (pos >= limit && !fill(1)) {
                return fail(openLine, "unterminated brace comment", RESYNC_EOF);
            }
            int c = buf[pos++] & 0xFF;
            if (c == '}') {
                break;
            }
            if (c == '\n' || c == '\r') {
                sawBlankLine |= lineBlank;
                lineBlank = true;
                if (lineBreakBeforeNextGame(c, true, sawBlankLine)) {
                    return fail(openLine, "unterminated brace comment", RESYNC_HERE);
                }
                c = '\n';
            } else if (c == ' ' || c == '\t') {
                // Blanks do not end a blank line.
            } else if (c < 0x20 || c == 0x7F) {
                return fail(describeByte(c, "comment"), RESYNC_IN_COMMENT);
            } else {
                lineBlank = false;
            }
            if (!appendText(g, c)) {
                return fail(openLine, "comment longer than " + maxToken + " characters",
                        RESYNC_IN_COMMENT);
            }
        }
        g.endComment(slot, textStart, textEnd);
        return !tooLong();
    }

    /** Starts a comment's or variation's text at {@code start} of its game buffer. */
    private void beginText(PgnGame g, int start, boolean variation) {
        textIsVariation = variation;
        text = variation ? g.variationRoom(64) : g.commentRoom(64);
        textStart = start;
        textAt = start;
        textEnd = start;
    }

    /**
     * Appends the character whose first byte {@code c} was just consumed to the text begun by
     * {@link #beginText}, dropping leading blanks and growing the game's buffer as needed; false
     * (nothing appended) when the text already holds {@link #maxToken} characters.
     */
    private boolean appendText(PgnGame g, int c) throws IOException {
        boolean blank = c == ' ' || c == '\t' || c == '\n';
        if (textAt == textStart && blank) {
            return true;
        }
        if (textAt - textStart >= maxToken) {
            return false;
        }
        if (textAt + 2 > text.length) {
            if (textIsVariation) {
                g.variationCharLen = textAt;
                text = g.variationRoom(Math.max(64, textAt - textStart));
            } else {
                g.commentCharLen = textAt;
                text = g.commentRoom(Math.max(64, textAt - textStart));
            }
        }
        textAt += decodeInto(c, text, textAt);
        if (!blank) {
            textEnd = textAt;
        }
        return true;
    }

    /**
     * After a line break inside a comment or variation whose first byte {@code c} was consumed:
     * takes a CRLF's LF, counts the line and says whether the next line starts the next game's
     * tags ({@link #looksLikeNextGame} if {@code inComment}, else any tag-like line), in which case
     * the reader stands at that line's start.
     */
    private boolean lineBreakBeforeNextGame(int c, boolean inComment, boolean afterBlankLine)
            throws IOException {
        if (c == '\r' && peek() == '\n') {
            pos++;
        }
        line++;
        if (peek() == '[' && (inComment ? looksLikeNextGame(afterBlankLine)
                : isTagNameChar(peekAt(1)))) {
            col0 = true;
            bolWs = true;
            return true;
        }
        return false;
    }

    /**
     * At a line start inside a comment: whether the '[' at {@code pos} begins the next game's
     * tags, meaning the comment was never closed. Any tag-like line counts after a blank line;
     * without one only {@code [Event "}, since comments may legitimately hold bracketed text.
     */
    private boolean looksLikeNextGame(boolean afterBlankLine) throws IOException {
        if (afterBlankLine) {
            return isTagNameChar(peekAt(1));
        }
        String event = "[Event \"";
        for (int k = 1; k < event.length(); k++) {
            if (peekAt(k) != event.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Reads a rest-of-line comment whose ';' was consumed. */
    private boolean lineComment(PgnGame g) throws IOException {
        col0 = false;
        bolWs = false;
        int slot = g.plyCount;
        beginText(g, g.beginComment(slot), false);
        while (pos < limit || fill(1)) {
            int c = buf[pos] & 0xFF;
            if (c == '\n' || c == '\r') {
                break;
            }
            pos++;
            if (c < 0x20 && c != '\t' || c == 0x7F) {
                fail(describeByte(c, "comment"), RESYNC_MOVETEXT);
                // Resync must not take result-like text in the comment for the game's end.
                skipToEol();
                return false;
            }
            if (!appendText(g, c)) {
                fail("comment longer than " + maxToken + " characters", RESYNC_MOVETEXT);
                skipToEol();
                return false;
            }
        }
        g.endComment(slot, textStart, textEnd);
        return !tooLong();
    }

    /**
     * Reads a variation whose '(' was consumed, up to its matching ')', keeping the text between
     * them. Parentheses inside comments do not count.
     */
    private boolean variation(PgnGame g) throws IOException {
        long openLine = line;
        col0 = false;
        bolWs = false;
        beginText(g, g.variationCharLen, true);
        int depth = 1;
        boolean inBrace = false;
        boolean inLineComment = false;
        boolean lineStart = false;
        boolean lineBlank = false;
        boolean sawBlankLine = false;
        while (true) {
            if (pos >= limit && !fill(1)) {
                return inBrace ? fail(openLine, "unterminated brace comment", RESYNC_EOF)
                        : fail(openLine, "unbalanced parentheses: variation not closed",
                                RESYNC_EOF);
            }
            int c = buf[pos++] & 0xFF;
            if (c == '\n' || c == '\r') {
                inLineComment = false;
                sawBlankLine |= lineBlank;
                lineBlank = true;
                lineStart = true;
                if (lineBreakBeforeNextGame(c, inBrace, sawBlankLine)) {
                    return fail(openLine, inBrace ? "unterminated brace comment"
                            : "unbalanced parentheses: variation not closed", RESYNC_HERE);
                }
                c = '\n';
            } else {
                boolean first = lineStart;
                lineStart = false;
                if (c == '%' && first && !inBrace) {
                    skipToEol();
                    continue;
                }
                if (c == ' ' || c == '\t') {
                    // Blanks do not end a blank line.
                } else if (c < 0x20 || c == 0x7F) {
                    return fail(describeByte(c, "variation"), RESYNC_MOVETEXT);
                } else {
                    lineBlank = false;
                    if (inBrace) {
                        inBrace = c != '}';
                    } else if (!inLineComment) {
                        if (c == '{') {
                            inBrace = true;
                        } else if (c == ';') {
                            inLineComment = true;
                        } else if (c == '(') {
                            depth++;
                        } else if (c == ')' && --depth == 0) {
                            break;
                        }
                    }
                }
            }
            if (!appendText(g, c)) {
                return fail(openLine, "variation longer than " + maxToken + " characters",
                        RESYNC_MOVETEXT);
            }
        }
        g.commitVariation(g.plyCount - 1, textStart, textEnd - textStart);
        return !tooLong();
    }
}
