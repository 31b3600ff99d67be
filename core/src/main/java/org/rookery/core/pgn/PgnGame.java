package org.rookery.core.pgn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One PGN game as lexed text: tag pairs in file order, SAN move tokens, and per-ply annotations.
 *
 * <p>Instances are mutable and meant to be reused: {@link PgnReader#next(PgnGame)} refills the
 * same object for every game so the hot path allocates nothing per ply. Nothing here knows the
 * rules of chess; SAN tokens are exactly what the file said (check marks included, move numbers
 * and {@code e.p.} suffixes removed) and are resolved against a board by a later layer.
 *
 * <p>Annotations hang off "slots": ply {@code i} (0-based) for text that follows move {@code i},
 * and ply {@code -1} for text before the first move (a game comment, say).
 */
public final class PgnGame {

    /** Sentinel returned by {@link #clockMillis(int)} when the ply carries no {@code [%clk]}. */
    public static final long NO_CLOCK = -1L;
    /** Sentinel returned by {@link #evalCp(int)} and {@link #evalMate(int)} when absent. */
    public static final int NO_EVAL = Integer.MIN_VALUE;

    public static final String WHITE_WINS = "1-0";
    public static final String BLACK_WINS = "0-1";
    public static final String DRAW = "1/2-1/2";
    public static final String UNFINISHED = "*";

    private static final int INITIAL_PLIES = 256;
    private static final int[] NO_NAGS = new int[0];
    /** Marks a slot whose comment has not been searched for clock and eval commands yet. */
    private static final long UNPARSED = Long.MIN_VALUE;

    String sourceName;
    long gameNumber;
    long firstLine;
    String result;

    // Tags: names and values share one char buffer so filling a game creates no Strings.
    int tagCount;
    char[] tagChars = new char[1024];
    int tagCharLen;
    int[] tagNameStart = new int[32];
    int[] tagNameLen = new int[32];
    int[] tagValueStart = new int[32];
    int[] tagValueLen = new int[32];

    // Moves.
    int plyCount;
    char[] sanChars = new char[INITIAL_PLIES * 8];
    int sanCharLen;
    int[] sanStart = new int[INITIAL_PLIES];
    int[] sanLen = new int[INITIAL_PLIES];

    // Per-slot annotations; slot = ply + 1, so slot 0 is "before the first move".
    int slotCapacity = INITIAL_PLIES + 1;
    char[] commentChars = new char[4096];
    int commentCharLen;
    int[] commentStart = new int[slotCapacity];
    int[] commentLen = filled(new int[slotCapacity], -1);
    long[] clock = filled(new long[slotCapacity], NO_CLOCK);
    int[] evalCp = filled(new int[slotCapacity], NO_EVAL);
    int[] evalMate = filled(new int[slotCapacity], NO_EVAL);
    int[] nagStart = new int[slotCapacity];
    int[] nagCount = new int[slotCapacity];
    int[] nagValues = new int[64];
    int nagLen;

    // Variations, as raw text with the outer parentheses removed.
    int variationCount;
    char[] variationChars = new char[1024];
    int variationCharLen;
    int[] variationStart = new int[16];
    int[] variationLen = new int[16];
    int[] variationPly = new int[16];

    // Raw source bytes of the game, capped by the reader.
    byte[] raw = new byte[8192];
    int rawLen;
    boolean rawTruncated;

    /** Creates an empty game. */
    public PgnGame() {
    }

    private static int[] filled(int[] a, int v) {
        Arrays.fill(a, v);
        return a;
    }

    private static long[] filled(long[] a, long v) {
        Arrays.fill(a, v);
        return a;
    }

    /** Resets this game to empty, keeping its buffers for reuse. */
    public void clear() {
        sourceName = null;
        gameNumber = 0;
        firstLine = 0;
        result = null;
        tagCount = 0;
        tagCharLen = 0;
        clearMovetext();
        rawLen = 0;
        rawTruncated = false;
    }

    /** Drops moves and annotations but keeps tags; used when a comment preamble precedes tags. */
    void clearMovetext() {
        // Only slots actually used need resetting, which keeps clear() O(plies) not O(capacity).
        int used = plyCount + 1;
        Arrays.fill(commentLen, 0, used, -1);
        Arrays.fill(clock, 0, used, NO_CLOCK);
        Arrays.fill(evalCp, 0, used, NO_EVAL);
        Arrays.fill(evalMate, 0, used, NO_EVAL);
        Arrays.fill(nagCount, 0, used, 0);
        plyCount = 0;
        sanCharLen = 0;
        commentCharLen = 0;
        nagLen = 0;
        variationCount = 0;
        variationCharLen = 0;
        result = null;
    }

    // ---------------------------------------------------------------- identity

    /** Name of the source this game was read from, or null for a game built in code. */
    public String sourceName() {
        return sourceName;
    }

    /** 1-based ordinal of this game in its source, counting games rejected with errors. */
    public long gameNumber() {
        return gameNumber;
    }

    /** 1-based line number of the game's first character in its source. */
    public long firstLine() {
        return firstLine;
    }

    /**
     * The termination token ({@link #WHITE_WINS}, {@link #BLACK_WINS}, {@link #DRAW} or
     * {@link #UNFINISHED}), or null when the movetext ended without one.
     */
    public String result() {
        return result;
    }

    /** Sets the termination token; must be one of the four PGN results or null. */
    public void setResult(String token) {
        result = canonicalResult(token);
        if (token != null && result == null) {
            throw new IllegalArgumentException("not a PGN result token: " + token);
        }
    }

    static String canonicalResult(String token) {
        if (token == null) {
            return null;
        }
        switch (token) {
            case WHITE_WINS:
                return WHITE_WINS;
            case BLACK_WINS:
                return BLACK_WINS;
            case DRAW:
                return DRAW;
            case UNFINISHED:
                return UNFINISHED;
            default:
                return null;
        }
    }

    // ---------------------------------------------------------------- tags

    /** Number of tag pairs, duplicates included, in file order. */
    public int tagCount() {
        return tagCount;
    }

    /** Name of tag pair {@code i} in file order. */
    public String tagName(int i) {
        checkIndex(i, tagCount);
        return new String(tagChars, tagNameStart[i], tagNameLen[i]);
    }

    /** Value of tag pair {@code i} in file order, unescaped. */
    public String tagValue(int i) {
        checkIndex(i, tagCount);
        return new String(tagChars, tagValueStart[i], tagValueLen[i]);
    }

    /** Index of the first tag pair called {@code name}, or -1. */
    public int tagIndex(String name) {
        int n = name.length();
        for (int i = 0; i < tagCount; i++) {
            if (tagNameLen[i] == n && regionEquals(tagChars, tagNameStart[i], name)) {
                return i;
            }
        }
        return -1;
    }

    /** Value of the first tag called {@code name}, or null when absent. */
    public String tag(String name) {
        int i = tagIndex(name);
        return i < 0 ? null : tagValue(i);
    }

    /** Tag names in file order. */
    public List<String> tagNames() {
        List<String> names = new ArrayList<>(tagCount);
        for (int i = 0; i < tagCount; i++) {
            names.add(tagName(i));
        }
        return names;
    }

    /** Appends a tag pair, even if one with the same name exists. */
    public void addTag(String name, String value) {
        beginTag();
        appendTagChars(name);
        int valueStart = tagCharLen;
        appendTagChars(value);
        endTag(name.length(), valueStart, value.length());
    }

    /** Replaces the value of the first tag called {@code name}, or appends it. */
    public void setTag(String name, String value) {
        int i = tagIndex(name);
        if (i < 0) {
            addTag(name, value);
            return;
        }
        // The old value stays in the buffer as dead space; tags are few and short.
        int start = tagCharLen;
        appendTagChars(value);
        tagValueStart[i] = start;
        tagValueLen[i] = value.length();
    }

    void beginTag() {
        if (tagCount == tagNameStart.length) {
            int n = tagCount * 2;
            tagNameStart = Arrays.copyOf(tagNameStart, n);
            tagNameLen = Arrays.copyOf(tagNameLen, n);
            tagValueStart = Arrays.copyOf(tagValueStart, n);
            tagValueLen = Arrays.copyOf(tagValueLen, n);
        }
        tagNameStart[tagCount] = tagCharLen;
    }

    /** Called after name and value chars have been appended at the recorded offsets. */
    void endTag(int nameLen, int valueStart, int valueLen) {
        tagNameLen[tagCount] = nameLen;
        tagValueStart[tagCount] = valueStart;
        tagValueLen[tagCount] = valueLen;
        tagCount++;
    }

    /** Makes room for {@code extra} more tag chars and returns the buffer. */
    char[] tagRoom(int extra) {
        if (tagCharLen + extra > tagChars.length) {
            tagChars = Arrays.copyOf(tagChars, Math.max(tagChars.length * 2, tagCharLen + extra));
        }
        return tagChars;
    }

    private void appendTagChars(String s) {
        tagRoom(s.length());
        s.getChars(0, s.length(), tagChars, tagCharLen);
        tagCharLen += s.length();
    }

    // ---------------------------------------------------------------- moves

    /** Number of SAN move tokens. */
    public int plyCount() {
        return plyCount;
    }

    /**
     * Shared buffer holding every SAN token of this game; read ply {@code i} at
     * {@link #sanStart(int)} for {@link #sanLength(int)} chars. Valid until the game is refilled.
     */
    public char[] sanBuffer() {
        return sanChars;
    }

    /** Offset of ply {@code i}'s SAN in {@link #sanBuffer()}. */
    public int sanStart(int ply) {
        checkIndex(ply, plyCount);
        return sanStart[ply];
    }

    /** Length of ply {@code i}'s SAN in {@link #sanBuffer()}. */
    public int sanLength(int ply) {
        checkIndex(ply, plyCount);
        return sanLen[ply];
    }

    /** SAN token of ply {@code i} as a new String. */
    public String san(int ply) {
        checkIndex(ply, plyCount);
        return new String(sanChars, sanStart[ply], sanLen[ply]);
    }

    /** Whether ply {@code i}'s SAN equals {@code s}, without allocating. */
    public boolean sanEquals(int ply, CharSequence s) {
        checkIndex(ply, plyCount);
        int n = sanLen[ply];
        if (s.length() != n) {
            return false;
        }
        int off = sanStart[ply];
        for (int k = 0; k < n; k++) {
            if (sanChars[off + k] != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** All SAN tokens as new Strings. */
    public List<String> sans() {
        List<String> list = new ArrayList<>(plyCount);
        for (int i = 0; i < plyCount; i++) {
            list.add(san(i));
        }
        return list;
    }

    /**
     * Appends a move token and returns its ply index. Only the characters PGN allows in a symbol
     * token (letters, digits and {@code _+#=:-}) are accepted, so any game built here can be
     * written out and read back unchanged.
     */
    public int addPly(CharSequence san) {
        int n = san.length();
        if (n == 0 || n > PgnReader.MAX_SAN) {
            throw new IllegalArgumentException("SAN token must have 1 to " + PgnReader.MAX_SAN
                    + " characters: '" + san + "'");
        }
        char[] dst = sanRoom(n);
        for (int k = 0; k < n; k++) {
            char c = san.charAt(k);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "_+#=:-".indexOf(c) >= 0;
            if (!ok) {
                throw new IllegalArgumentException("character '" + c + "' not allowed in SAN '"
                        + san + "'");
            }
            dst[sanCharLen + k] = c;
        }
        return commitPly(sanCharLen, n);
    }

    /** Makes room for {@code extra} more SAN chars at {@code sanCharLen} and returns the buffer. */
    char[] sanRoom(int extra) {
        if (sanCharLen + extra > sanChars.length) {
            sanChars = Arrays.copyOf(sanChars, Math.max(sanChars.length * 2, sanCharLen + extra));
        }
        return sanChars;
    }

    /** Records chars already written at {@code start} as the next ply. */
    int commitPly(int start, int len) {
        if (plyCount == sanStart.length) {
            int n = plyCount * 2;
            sanStart = Arrays.copyOf(sanStart, n);
            sanLen = Arrays.copyOf(sanLen, n);
        }
        if (plyCount + 2 > slotCapacity) {
            growSlots(Math.max(slotCapacity * 2, plyCount + 2));
        }
        sanStart[plyCount] = start;
        sanLen[plyCount] = len;
        sanCharLen = start + len;
        return plyCount++;
    }

    private void growSlots(int n) {
        int old = slotCapacity;
        commentStart = Arrays.copyOf(commentStart, n);
        commentLen = Arrays.copyOf(commentLen, n);
        clock = Arrays.copyOf(clock, n);
        evalCp = Arrays.copyOf(evalCp, n);
        evalMate = Arrays.copyOf(evalMate, n);
        nagStart = Arrays.copyOf(nagStart, n);
        nagCount = Arrays.copyOf(nagCount, n);
        Arrays.fill(commentLen, old, n, -1);
        Arrays.fill(clock, old, n, NO_CLOCK);
        Arrays.fill(evalCp, old, n, NO_EVAL);
        Arrays.fill(evalMate, old, n, NO_EVAL);
        slotCapacity = n;
    }

    // ---------------------------------------------------------------- comments

    private int slot(int ply) {
        if (ply < -1 || ply >= plyCount) {
            throw new IndexOutOfBoundsException("ply " + ply + " not in [-1, " + plyCount + ")");
        }
        return ply + 1;
    }

    /**
     * All comment text following ply {@code ply} (or preceding the first move for -1), several
     * comments joined by one space, trimmed; null when there is none.
     */
    public String comment(int ply) {
        int s = slot(ply);
        int len = commentLen[s];
        return len < 0 ? null : new String(commentChars, commentStart[s], len);
    }

    /** The comment before the first move, or null; same as {@code comment(-1)}. */
    public String initialComment() {
        return comment(-1);
    }

    /** Shared buffer holding comment text; see {@link #commentStart} and {@link #commentLength}. */
    public char[] commentBuffer() {
        return commentChars;
    }

    /** Offset of ply {@code ply}'s comment in {@link #commentBuffer()}. */
    public int commentStart(int ply) {
        return commentStart[slot(ply)];
    }

    /** Length of ply {@code ply}'s comment in {@link #commentBuffer()}, or -1 if none. */
    public int commentLength(int ply) {
        return commentLen[slot(ply)];
    }

    /**
     * Replaces the comment of {@code ply} (-1 for before the first move) and re-derives its clock
     * and evaluation; null removes it.
     */
    public void setComment(int ply, String text) {
        int s = slot(ply);
        if (text == null) {
            commentLen[s] = -1;
            clock[s] = NO_CLOCK;
            evalCp[s] = NO_EVAL;
            evalMate[s] = NO_EVAL;
            return;
        }
        int start = commentCharLen;
        char[] dst = commentRoom(text.length());
        text.getChars(0, text.length(), dst, start);
        commentCharLen += text.length();
        commentStart[s] = start;
        commentLen[s] = text.length();
        clock[s] = UNPARSED;
    }

    char[] commentRoom(int extra) {
        if (commentCharLen + extra > commentChars.length) {
            commentChars = Arrays.copyOf(commentChars,
                    Math.max(commentChars.length * 2, commentCharLen + extra));
        }
        return commentChars;
    }

    /**
     * Prepares to append comment text to {@code slot}: moves an existing comment of that slot to
     * the end of the buffer if needed and adds the joining space. Returns where new text starts.
     */
    int beginComment(int slot) {
        int len = commentLen[slot];
        if (len < 0) {
            commentStart[slot] = commentCharLen;
            return commentCharLen;
        }
        int start = commentStart[slot];
        if (start + len != commentCharLen) {
            commentRoom(len);
            System.arraycopy(commentChars, start, commentChars, commentCharLen, len);
            commentStart[slot] = commentCharLen;
            commentCharLen += len;
        }
        if (len > 0) {
            commentRoom(1);
            commentChars[commentCharLen++] = ' ';
        }
        return commentCharLen;
    }

    /** Finishes a comment appended after {@link #beginComment}; {@code end} excludes trimming. */
    void endComment(int slot, int textStart, int end) {
        if (end == textStart && commentLen[slot] > 0) {
            // An empty comment adds nothing; drop the joining space again.
            commentCharLen = textStart - 1;
        } else {
            commentCharLen = end;
        }
        commentLen[slot] = commentCharLen - commentStart[slot];
        if (end > textStart) {
            // Searching for [%clk] and [%eval] costs as much as lexing the comment, so it is
            // left to the first caller that asks.
            clock[slot] = UNPARSED;
        }
    }

    // ---------------------------------------------------------------- clocks and evals

    /** Remaining clock in milliseconds from {@code [%clk h:mm:ss.f]}, or {@link #NO_CLOCK}. */
    public long clockMillis(int ply) {
        return clock[parsedSlot(ply)];
    }

    /** Evaluation in centipawns (White's view) from {@code [%eval]}, or {@link #NO_EVAL}. */
    public int evalCp(int ply) {
        return evalCp[parsedSlot(ply)];
    }

    /** Mate distance from {@code [%eval #n]}, negative when Black mates, or {@link #NO_EVAL}. */
    public int evalMate(int ply) {
        return evalMate[parsedSlot(ply)];
    }

    /** The slot of {@code ply}, with its comment's commands extracted if not done yet. */
    private int parsedSlot(int ply) {
        int s = slot(ply);
        if (clock[s] == UNPARSED) {
            clock[s] = NO_CLOCK;
            evalCp[s] = NO_EVAL;
            evalMate[s] = NO_EVAL;
            int start = commentStart[s];
            CommentCommands.parse(commentChars, start, start + commentLen[s], this, s);
        }
        return s;
    }

    // ---------------------------------------------------------------- NAGs

    /** Number of NAGs on ply {@code ply}; suffix annotations such as {@code !?} count as NAGs. */
    public int nagCount(int ply) {
        return nagCount[slot(ply)];
    }

    /** The {@code k}-th NAG of ply {@code ply}. */
    public int nag(int ply, int k) {
        int s = slot(ply);
        checkIndex(k, nagCount[s]);
        return nagValues[nagStart[s] + k];
    }

    /** The NAGs of ply {@code ply} as a new array. */
    public int[] nags(int ply) {
        int s = slot(ply);
        if (nagCount[s] == 0) {
            // nagStart of a slot without NAGs is stale and may point past the buffer.
            return NO_NAGS;
        }
        return Arrays.copyOfRange(nagValues, nagStart[s], nagStart[s] + nagCount[s]);
    }

    /** Appends a NAG (0-255) to ply {@code ply} (-1 for before the first move). */
    public void addNag(int ply, int nag) {
        if (nag < 0 || nag > 255) {
            throw new IllegalArgumentException("NAG out of range: " + nag);
        }
        appendNag(slot(ply), nag);
    }

    void appendNag(int slot, int nag) {
        int count = nagCount[slot];
        if (nagLen + count + 1 > nagValues.length) {
            nagValues = Arrays.copyOf(nagValues, Math.max(nagValues.length * 2, nagLen + count + 1));
        }
        if (count == 0) {
            nagStart[slot] = nagLen;
        } else if (nagStart[slot] + count != nagLen) {
            // Keep each slot's NAGs contiguous; only code-built games add out of order.
            System.arraycopy(nagValues, nagStart[slot], nagValues, nagLen, count);
            nagStart[slot] = nagLen;
            nagLen += count;
        }
        nagValues[nagLen++] = nag;
        nagCount[slot] = count + 1;
    }

    // ---------------------------------------------------------------- variations

    /** Number of recursive annotation variations at the top level of the movetext. */
    public int variationCount() {
        return variationCount;
    }

    /** The ply variation {@code k} follows (and offers an alternative to); -1 before move one. */
    public int variationPly(int k) {
        checkIndex(k, variationCount);
        return variationPly[k];
    }

    /** Raw text of variation {@code k} without its outer parentheses, nested ones kept. */
    public String variation(int k) {
        checkIndex(k, variationCount);
        return new String(variationChars, variationStart[k], variationLen[k]);
    }

    /** Raw texts of the variations following ply {@code ply}, in file order. */
    public List<String> variations(int ply) {
        slot(ply);
        List<String> list = null;
        for (int k = 0; k < variationCount; k++) {
            if (variationPly[k] == ply) {
                if (list == null) {
                    list = new ArrayList<>(2);
                }
                list.add(variation(k));
            }
        }
        return list == null ? Collections.emptyList() : list;
    }

    /** Attaches a variation's raw text (without outer parentheses) to ply {@code ply}. */
    public void addVariation(int ply, String text) {
        slot(ply);
        char[] dst = variationRoom(text.length());
        text.getChars(0, text.length(), dst, variationCharLen);
        commitVariation(ply, variationCharLen, text.length());
    }

    char[] variationRoom(int extra) {
        if (variationCharLen + extra > variationChars.length) {
            variationChars = Arrays.copyOf(variationChars,
                    Math.max(variationChars.length * 2, variationCharLen + extra));
        }
        return variationChars;
    }

    void commitVariation(int ply, int start, int len) {
        if (variationCount == variationStart.length) {
            int n = variationCount * 2;
            variationStart = Arrays.copyOf(variationStart, n);
            variationLen = Arrays.copyOf(variationLen, n);
            variationPly = Arrays.copyOf(variationPly, n);
        }
        variationStart[variationCount] = start;
        variationLen[variationCount] = len;
        variationPly[variationCount] = ply;
        variationCount++;
        variationCharLen = start + len;
    }

    // ---------------------------------------------------------------- raw text

    /**
     * The game's source text (UTF-8, invalid bytes read as ISO-8859-1), trailing whitespace
     * removed; empty for a game built in code. Capped by the reader's game size limit.
     */
    public String rawText() {
        int end = rawLen;
        while (end > 0 && (raw[end - 1] == ' ' || raw[end - 1] == '\n' || raw[end - 1] == '\r'
                || raw[end - 1] == '\t')) {
            end--;
        }
        return Utf8.decode(raw, 0, end);
    }

    /**
     * The buffer holding the game's source bytes, the first {@link #rawLength()} of them valid (with
     * trailing whitespace): for callers that store the text without decoding it. The buffer is
     * reused by the next game read into this object.
     */
    public byte[] rawBytes() {
        return raw;
    }

    /** Number of valid bytes in {@link #rawBytes()}. */
    public int rawLength() {
        return rawLen;
    }

    /** Whether {@link #rawText()} was cut at the reader's game size limit. */
    public boolean rawTextTruncated() {
        return rawTruncated;
    }

    /** Appends source bytes, keeping at most {@code cap} in total. */
    void appendRaw(byte[] src, int off, int len, int cap) {
        int room = cap - rawLen;
        if (len > room) {
            rawTruncated = true;
            len = Math.max(room, 0);
        }
        if (len == 0) {
            return;
        }
        if (rawLen + len > raw.length) {
            raw = Arrays.copyOf(raw, Math.min(Math.max(raw.length * 2, rawLen + len), cap));
        }
        System.arraycopy(src, off, raw, rawLen, len);
        rawLen += len;
    }

    // ---------------------------------------------------------------- copying

    /** A deep copy with buffers trimmed to size, independent of later refills of this game. */
    public PgnGame copy() {
        PgnGame c = new PgnGame();
        c.sourceName = sourceName;
        c.gameNumber = gameNumber;
        c.firstLine = firstLine;
        c.result = result;
        c.tagCount = tagCount;
        c.tagChars = Arrays.copyOf(tagChars, tagCharLen);
        c.tagCharLen = tagCharLen;
        c.tagNameStart = Arrays.copyOf(tagNameStart, Math.max(tagCount, 1));
        c.tagNameLen = Arrays.copyOf(tagNameLen, Math.max(tagCount, 1));
        c.tagValueStart = Arrays.copyOf(tagValueStart, Math.max(tagCount, 1));
        c.tagValueLen = Arrays.copyOf(tagValueLen, Math.max(tagCount, 1));
        c.plyCount = plyCount;
        c.sanChars = Arrays.copyOf(sanChars, Math.max(sanCharLen, 1));
        c.sanCharLen = sanCharLen;
        c.sanStart = Arrays.copyOf(sanStart, Math.max(plyCount, 1));
        c.sanLen = Arrays.copyOf(sanLen, Math.max(plyCount, 1));
        int slots = plyCount + 1;
        c.slotCapacity = slots;
        c.commentChars = Arrays.copyOf(commentChars, Math.max(commentCharLen, 1));
        c.commentCharLen = commentCharLen;
        c.commentStart = Arrays.copyOf(commentStart, slots);
        c.commentLen = Arrays.copyOf(commentLen, slots);
        c.clock = Arrays.copyOf(clock, slots);
        c.evalCp = Arrays.copyOf(evalCp, slots);
        c.evalMate = Arrays.copyOf(evalMate, slots);
        c.nagStart = Arrays.copyOf(nagStart, slots);
        c.nagCount = Arrays.copyOf(nagCount, slots);
        c.nagValues = Arrays.copyOf(nagValues, Math.max(nagLen, 1));
        c.nagLen = nagLen;
        c.variationCount = variationCount;
        c.variationChars = Arrays.copyOf(variationChars, Math.max(variationCharLen, 1));
        c.variationCharLen = variationCharLen;
        c.variationStart = Arrays.copyOf(variationStart, Math.max(variationCount, 1));
        c.variationLen = Arrays.copyOf(variationLen, Math.max(variationCount, 1));
        c.variationPly = Arrays.copyOf(variationPly, Math.max(variationCount, 1));
        c.raw = Arrays.copyOf(raw, Math.max(rawLen, 1));
        c.rawLen = rawLen;
        c.rawTruncated = rawTruncated;
        return c;
    }

    @Override
    public String toString() {
        String white = tag("White");
        String black = tag("Black");
        return (sourceName == null ? "" : sourceName + ": ") + "game " + gameNumber + " ("
                + (white == null ? "?" : white) + " - " + (black == null ? "?" : black) + ", "
                + plyCount + " plies, " + (result == null ? "no result" : result) + ")";
    }

    // ---------------------------------------------------------------- helpers

    private static boolean regionEquals(char[] a, int off, String s) {
        for (int k = 0, n = s.length(); k < n; k++) {
            if (a[off + k] != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static void checkIndex(int i, int size) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("index " + i + " not in [0, " + size + ")");
        }
    }
}
