package org.rookery.core.board;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An EPD record: the four position fields of FEN plus operations ({@code bm Nf3; id "x";}).
 * Operations keep their order; operands stay as written (quoted strings unquoted). {@code hmvc}
 * and {@code fmvn}, when present, become the position's clocks; so do two numbers right after the
 * four fields (a full FEN line, as opening books often hold), because an opcode never starts with a digit.
 */
public record Epd(Position position, Map<String, String> operations) {
    public Epd {
        operations = Collections.unmodifiableMap(new LinkedHashMap<>(operations));
    }

    /** Parses one EPD line; throws {@link FenException} naming the field or operation at fault. */
    public static Epd parse(String line) {
        if (line == null) throw new FenException("invalid EPD: null");
        String s = line.strip();
        String[] head = s.split("\\s+", 5);
        if (head.length < 4) throw new FenException("invalid EPD \"" + s + "\": expected 4 position fields before the operations");
        String rest = head.length == 5 ? head[4] : "";
        String[] clocks = fenClocks(rest);
        if (clocks != null) rest = clocks[2];
        Map<String, String> ops = parseOperations(s, rest);
        String hmvc = ops.getOrDefault("hmvc", clocks != null ? clocks[0] : "0");
        String fmvn = ops.getOrDefault("fmvn", clocks != null ? clocks[1] : "1");
        Position p = Position.fromFen(head[0] + " " + head[1] + " " + head[2] + " " + head[3] + " " + hmvc + " " + fmvn);
        return new Epd(p, ops);
    }

    /** FEN's half-move and full-move counters leading {@code rest}, and what follows them; null if absent. */
    private static String[] fenClocks(String rest) {
        String[] f = rest.split("\\s+", 3);
        if (f.length < 2 || !f[0].matches("\\d+") || !f[1].matches("\\d+")) return null;
        return new String[] {f[0], f[1], f.length == 3 ? f[2] : ""};
    }

    private static Map<String, String> parseOperations(String line, String rest) {
        Map<String, String> ops = new LinkedHashMap<>();
        int i = 0, n = rest.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(rest.charAt(i))) i++;
            if (i >= n) break;
            int start = i;
            while (i < n && !Character.isWhitespace(rest.charAt(i)) && rest.charAt(i) != ';') i++;
            String opcode = rest.substring(start, i);
            if (opcode.isEmpty() || !Character.isLetter(opcode.charAt(0))) {
                throw new FenException("invalid EPD \"" + line + "\": operation at column " + (start + 1) + " must start with a letter");
            }
            StringBuilder operand = new StringBuilder();
            boolean quoted = false;
            while (i < n) {
                char c = rest.charAt(i);
                if (c == '"') quoted = !quoted;
                else if (c == ';' && !quoted) break;
                else operand.append(c);
                i++;
            }
            if (quoted) throw new FenException("invalid EPD \"" + line + "\": operation \"" + opcode + "\" has an unterminated string");
            if (i >= n) throw new FenException("invalid EPD \"" + line + "\": operation \"" + opcode + "\" is not terminated by ';'");
            i++; // the ';'
            ops.put(opcode, operand.toString().strip());
        }
        return ops;
    }

    /** EPD text: the four fields, then the operations (operands with spaces are quoted). */
    public String toEpd() {
        String[] f = position.toFen().split(" ");
        StringBuilder sb = new StringBuilder(f[0]).append(' ').append(f[1]).append(' ').append(f[2]).append(' ').append(f[3]);
        for (var e : operations.entrySet()) {
            sb.append(' ').append(e.getKey());
            String v = e.getValue();
            if (!v.isEmpty()) {
                boolean quote = e.getKey().equals("id") || e.getKey().startsWith("c") && e.getKey().length() == 2 || v.contains(";");
                sb.append(' ').append(quote ? "\"" + v.replace("\"", "'") + "\"" : v);
            }
            sb.append(';');
        }
        return sb.toString();
    }
}
