package org.rookery.core.board;

/** Square numbering (a1 = 0 … h8 = 63, file-major within a rank) and its text form. */
public final class Square {
    private Square() {}

    public static final int NONE = -1;
    public static final int A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7;
    public static final int A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63;

    public static int of(int file, int rank) { return rank * 8 + file; }
    public static int file(int sq) { return sq & 7; }
    public static int rank(int sq) { return sq >>> 3; }

    /** Mirrors a square vertically (a1 ↔ a8), used for colour-relative tables. */
    public static int flipRank(int sq) { return sq ^ 56; }

    /** Parses "e4"; returns {@link #NONE} when the text is not a square. */
    public static int parse(CharSequence s, int at) {
        if (at < 0 || at + 2 > s.length()) return NONE;
        char f = s.charAt(at), r = s.charAt(at + 1);
        if (f < 'a' || f > 'h' || r < '1' || r > '8') return NONE;
        return of(f - 'a', r - '1');
    }

    public static int parse(CharSequence s) {
        return s.length() == 2 ? parse(s, 0) : NONE;
    }

    public static String name(int sq) {
        return new String(new char[] {(char) ('a' + file(sq)), (char) ('1' + rank(sq))});
    }
}
