package org.rookery.core.rules;

/** A game's result as PGN writes it. */
public enum Result {
    WHITE_WINS("1-0"), BLACK_WINS("0-1"), DRAW("1/2-1/2"), UNDECIDED("*");

    private final String pgn;

    Result(String pgn) { this.pgn = pgn; }

    public String pgn() { return pgn; }

    /** The result in which {@code color} (Piece.WHITE/BLACK) wins. */
    public static Result winFor(int color) { return color == 0 ? WHITE_WINS : BLACK_WINS; }

    /** Parses a PGN result token; returns null for anything else. */
    public static Result fromPgn(String token) {
        for (Result r : values()) if (r.pgn.equals(token)) return r;
        return null;
    }
}
