package org.rookery.core.pgn;

import java.io.BufferedWriter;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Writes {@link PgnGame}s in PGN export format: the Seven Tag Roster first in standard order,
 * then the other tags, a blank line, and movetext wrapped at {@value #LINE_WIDTH} characters with
 * move numbers, NAGs, comments, variations and the result token.
 *
 * <p>Tag pair lines are never wrapped (PGN forbids it), and a single comment word longer than the
 * line width is written whole rather than split. Whitespace inside comments and variations is
 * re-flowed, so reading the output back gives the same tokens and words but line breaks may stand
 * where spaces were; writing that again yields identical text.
 */
public final class PgnWriter implements AutoCloseable, Flushable {

    /** Maximum movetext line length; PGN allows 255, 80 columns is customary. */
    public static final int LINE_WIDTH = 79;

    private static final String[] ROSTER = {"Event", "Site", "Date", "Round", "White", "Black",
        "Result"};
    private static final String[] ROSTER_DEFAULTS = {"?", "?", "????.??.??", "?", "?", "?", "*"};

    private final Writer out;
    private final StringBuilder line = new StringBuilder(LINE_WIDTH + 16);
    private final StringBuilder word = new StringBuilder(64);

    /** Writer onto a character stream; the caller chooses the encoding. */
    public PgnWriter(Writer out) {
        this.out = Objects.requireNonNull(out, "out");
    }

    /** Writer producing UTF-8 onto a byte stream. */
    public PgnWriter(OutputStream out) {
        this(new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16));
    }

    /** The game as PGN text, ending with the blank line that separates games. */
    public static String toPgn(PgnGame game) {
        StringWriter sw = new StringWriter();
        try {
            new PgnWriter(sw).write(game);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sw.toString();
    }

    /**
     * Writes one game. The Result tag is forced to agree with the termination token, which is
     * the game's {@link PgnGame#result()}, else its Result tag, else {@code *}.
     */
    public void write(PgnGame game) throws IOException {
        String result = game.result();
        if (result == null) {
            result = PgnGame.canonicalResult(game.tag("Result"));
        }
        if (result == null) {
            result = PgnGame.UNFINISHED;
        }
        for (int r = 0; r < ROSTER.length; r++) {
            String value = r == ROSTER.length - 1 ? result : game.tag(ROSTER[r]);
            writeTag(ROSTER[r], value == null ? ROSTER_DEFAULTS[r] : value);
        }
        for (int i = 0; i < game.tagCount(); i++) {
            String name = game.tagName(i);
            if (!isRosterTag(name)) {
                writeTag(name, game.tagValue(i));
            }
        }
        out.write('\n');
        writeMovetext(game, result);
        out.write('\n');
    }

    private static boolean isRosterTag(String name) {
        for (String r : ROSTER) {
            if (r.equals(name)) {
                return true;
            }
        }
        return false;
    }

    private void writeTag(String name, String value) throws IOException {
        StringBuilder sb = new StringBuilder(name.length() + value.length() + 8);
        sb.append('[');
        for (int k = 0; k < name.length(); k++) {
            char c = name.charAt(k);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            sb.append(ok ? c : '_');
        }
        if (sb.length() == 1) {
            return;
        }
        sb.append(" \"");
        for (int k = 0; k < value.length(); k++) {
            char c = value.charAt(k);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7F) {
                // A tag pair must stay on one line.
                sb.append(' ');
            } else {
                sb.append(c);
            }
        }
        sb.append("\"]\n");
        out.write(sb.toString());
    }

    private void writeMovetext(PgnGame game, String result) throws IOException {
        int firstMove = 1;
        boolean blackFirst = false;
        String fen = game.tag("FEN");
        if (fen != null) {
            String[] f = fen.trim().split("\\s+");
            blackFirst = f.length > 1 && f[1].equals("b");
            if (f.length > 5) {
                try {
                    firstMove = Math.max(1, Integer.parseInt(f[5]));
                } catch (NumberFormatException e) {
                    firstMove = 1;
                }
            }
        }
        boolean needNumber = true;
        writeAnnotations(game, -1);
        int offset = blackFirst ? 1 : 0;
        for (int i = 0; i < game.plyCount(); i++) {
            int half = i + offset;
            int number = firstMove + half / 2;
            // The move number travels with its move so that no line ends in a bare "20.".
            word.setLength(0);
            if (half % 2 == 0) {
                word.append(number).append(". ");
            } else if (needNumber) {
                word.append(number).append("... ");
            }
            word.append(game.sanBuffer(), game.sanStart(i), game.sanLength(i));
            word(word, true);
            needNumber = writeAnnotations(game, i);
        }
        word(result, true);
        flushLine();
    }

    /** Writes NAGs, comment and variations of {@code ply}; true if a black move needs "N...". */
    private boolean writeAnnotations(PgnGame game, int ply) throws IOException {
        for (int k = 0; k < game.nagCount(ply); k++) {
            word("$" + game.nag(ply, k), true);
        }
        boolean interrupted = false;
        String comment = game.comment(ply);
        if (comment != null) {
            writeComment(comment, 0, comment.length(), true);
            interrupted = true;
        }
        for (int k = 0; k < game.variationCount(); k++) {
            if (game.variationPly(k) == ply) {
                writeVariation(game.variation(k));
                interrupted = true;
            }
        }
        return interrupted;
    }

    /**
     * Writes {@code text[from, to)} as one brace comment. '}' has no escape in PGN, so it is
     * dropped; whitespace is re-flowed to fit the line width.
     */
    private void writeComment(String text, int from, int to, boolean spaceBefore)
            throws IOException {
        int end = to;
        while (end > from && (isBlank(text.charAt(end - 1)) || text.charAt(end - 1) == '}')) {
            end--;
        }
        boolean first = true;
        word.setLength(0);
        word.append('{');
        int k = from;
        while (true) {
            while (k < end && isBlank(text.charAt(k))) {
                k++;
            }
            if (k >= end) {
                break;
            }
            char c;
            while (k < end && !isBlank(c = text.charAt(k))) {
                if (c != '}') {
                    word.append(c);
                }
                k++;
            }
            if (k >= end) {
                word.append('}');
            }
            if (word.length() > 0) {
                word(word, first ? spaceBefore : true);
                first = false;
            }
            word.setLength(0);
        }
        if (first) {
            word("{}", spaceBefore);
        }
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    /**
     * Writes a variation's raw text in parentheses. Rest-of-line comments become brace comments
     * because re-flowing would otherwise let them swallow the moves after them.
     */
    private void writeVariation(String text) throws IOException {
        word("(", true);
        boolean glue = true;
        int n = text.length();
        int k = 0;
        while (k < n) {
            char c = text.charAt(k);
            if (isBlank(c)) {
                k++;
                continue;
            }
            if (c == '{' || c == ';') {
                int end = k + 1;
                while (end < n && (c == '{' ? text.charAt(end) != '}'
                        : text.charAt(end) != '\n' && text.charAt(end) != '\r')) {
                    end++;
                }
                writeComment(text, k + 1, end, !glue);
                k = end < n ? end + 1 : n;
                glue = false;
                continue;
            }
            if (c == '(' || c == ')') {
                word(c == '(' ? "(" : ")", c == '(' && !glue);
                glue = c == '(';
                k++;
                continue;
            }
            int end = k;
            while (end < n && " \t\n\r\f{};()".indexOf(text.charAt(end)) < 0) {
                end++;
            }
            word.setLength(0);
            word.append(text, k, end);
            word(word, !glue);
            glue = false;
            k = end;
        }
        word(")", false);
    }

    /**
     * Appends a word to the current line, breaking the line first if it would not fit. A word
     * glued to its predecessor (as in "(e4" or "d6)") takes that predecessor to the new line,
     * so that breaking never inserts whitespace where there was none.
     */
    private void word(CharSequence w, boolean spaceBefore) throws IOException {
        int sep = line.length() > 0 && spaceBefore ? 1 : 0;
        if (line.length() > 0 && line.length() + sep + w.length() > LINE_WIDTH) {
            String carry = "";
            if (!spaceBefore) {
                int space = line.lastIndexOf(" ");
                if (space > 0) {
                    carry = line.substring(space + 1);
                    line.setLength(space);
                }
            }
            flushLine();
            startLine(carry);
            line.append(carry);
            sep = 0;
        }
        if (sep == 1) {
            line.append(' ');
        } else if (line.length() == 0) {
            startLine(w);
        }
        line.append(w);
    }

    /** At column 0 '%' would start an escape line and '[' could pass for a tag pair. */
    private void startLine(CharSequence first) {
        if (first.length() > 0 && (first.charAt(0) == '%' || first.charAt(0) == '[')) {
            line.append(' ');
        }
    }

    private void flushLine() throws IOException {
        if (line.length() > 0) {
            line.append('\n');
            out.append(line);
            line.setLength(0);
        }
    }

    @Override
    public void flush() throws IOException {
        flushLine();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
        out.close();
    }
}
