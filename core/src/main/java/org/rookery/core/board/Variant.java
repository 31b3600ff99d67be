package org.rookery.core.board;

import java.util.Locale;

/**
 * The variants Rookery plays and analyses: standard chess and Chess960 (which includes Double
 * Chess960). {@link #id()} is the value of the {@code games.variant} column and of the
 * {@code variant} field of tasks and match definitions.
 */
public enum Variant {
    STANDARD("standard"),
    CHESS960("chess960");

    private final String id;

    Variant(String id) {
        this.id = id;
    }

    /** The lower-case name stored in tables and records: {@code standard} or {@code chess960}. */
    public String id() { return id; }

    public boolean isChess960() { return this == CHESS960; }

    /**
     * The variant a command line names: {@code standard} and {@code fischerandom} as fastchess and
     * cutechess-cli take them, and the other spellings of Chess960 (lichess's {@code chess960},
     * {@code fischerrandom}, {@code 960}); null for anything else.
     */
    public static Variant fromName(String name) {
        if (name == null) return null;
        String v = name.toLowerCase(Locale.ROOT).replace(" ", "").replace("-", "").replace("_", "");
        if (v.equals("standard") || v.equals("chess")) return STANDARD;
        if (v.equals("fischerandom") || v.equals("fischerrandom") || v.equals("chess960") || v.equals("960")) return CHESS960;
        return null;
    }

    /** The variant a stored {@link #id()} names; null (files and records from before the column) is standard. */
    public static Variant fromId(String id) {
        if (id == null || id.equals("standard")) return STANDARD;
        if (id.equals("chess960")) return CHESS960;
        throw new IllegalArgumentException("unknown variant \"" + id + "\" (expected standard or chess960)");
    }

    /** A position read in this variant: Chess960 forces Chess960 notation, standard reads the castling field. */
    public Position position(String fen) {
        return Position.fromFen(fen, this == CHESS960);
    }
}
