package org.rookery.jobs.ingest;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.rookery.contract.schema.Rejected;
import org.rookery.core.pgn.PgnError;
import org.rookery.core.pgn.PgnGame;
import org.rookery.jobs.spark.Schemas;

/**
 * The values of an imported game's {@code games} row that are not plain copies (its id, result, ratings;
 * {@link GamesFileWriter} writes the row) and the {@code rejected} row of a failure, in
 * the column order of {@link Schemas}. No Spark session needed, so it is tested without one.
 */
public final class GameRows {
    private GameRows() {
    }

    /** The {@code game_id} of an imported game, per docs/schema.md. */
    public static String importedGameId(String collection, String sourceFile, long gameNumber) {
        return collection + "/" + sourceFile + "#" + gameNumber;
    }

    /**
     * The game's result: its movetext termination token, else a valid Result tag, else {@code *}
     * (a game without either is unfinished as far as anyone can tell).
     */
    public static String result(PgnGame g) {
        String r = g.result();
        if (r != null) {
            return r;
        }
        String tag = g.tag("Result");
        if (tag != null) {
            switch (tag.trim()) {
                case PgnGame.WHITE_WINS:
                    return PgnGame.WHITE_WINS;
                case PgnGame.BLACK_WINS:
                    return PgnGame.BLACK_WINS;
                case PgnGame.DRAW:
                    return PgnGame.DRAW;
                default:
                    break;
            }
        }
        return PgnGame.UNFINISHED;
    }

    /** A rating from a tag: digits only, at most 5 of them; null for "?", "-" and the like. */
    public static Integer elo(String tag) {
        if (tag == null) {
            return null;
        }
        String t = tag.trim();
        if (t.isEmpty() || t.length() > 5) {
            return null;
        }
        int v = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /**
     * The {@code kind} of what the reader skipped, judged from what it had read of it into {@code g}
     * (the listener sees the skipped text's tags and moves): a game when it has a tag, a move or a
     * result or its text opens with a tag (a first tag too bad to keep), else a fragment, text
     * between games that is no game (NUL bytes, a stray token).
     */
    public static String kindOf(PgnGame g) {
        if (g.tagCount() > 0 || g.plyCount() > 0 || g.result() != null) {
            return Rejected.KIND_GAME;
        }
        byte[] raw = g.rawBytes();
        int n = g.rawLength();
        int i = 0;
        while (i < n && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r')) {
            i++;
        }
        return i < n && raw[i] == '[' ? Rejected.KIND_GAME : Rejected.KIND_FRAGMENT;
    }

    /** The {@code rejected} row for a game the reader skipped, of {@code kind}. */
    public static Row rejectedRow(PgnError e, String kind, String collection, String sourceFile, long gameOffset,
            long lineOffset) {
        return rejectedRow(collection, sourceFile, gameOffset + e.gameNumber(), lineOffset + e.line(),
                e.reason(), kind, e.rawText());
    }

    /** The {@code rejected} row for a game that parsed but did not replay. */
    public static Row rejectedRow(PgnGame g, String reason, String collection, String sourceFile,
            long gameOffset, long lineOffset) {
        return rejectedRow(collection, sourceFile, gameOffset + g.gameNumber(),
                lineOffset + g.firstLine(), reason, Rejected.KIND_GAME, g.rawText());
    }

    /** Place of {@code raw_text} in a {@link #rejectedRow} row. */
    static final int REJECTED_RAW_TEXT = Schemas.REJECTED_SCHEMA.fieldIndex(Rejected.RAW_TEXT);

    /** A {@code rejected} row; the raw text is cut to {@link Schemas#MAX_RAW_TEXT} chars. */
    public static Row rejectedRow(String collection, String sourceFile, long gameNumber, long line,
            String reason, String kind, String rawText) {
        String raw = rawText;
        if (raw != null && raw.length() > Schemas.MAX_RAW_TEXT) {
            raw = raw.substring(0, Schemas.MAX_RAW_TEXT);
        }
        return RowFactory.create(sourceFile, gameNumber, line, reason, kind, raw, collection);
    }
}
