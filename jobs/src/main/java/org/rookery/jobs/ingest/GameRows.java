package org.rookery.jobs.ingest;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.unsafe.types.UTF8String;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnError;
import org.rookery.core.pgn.PgnGame;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.stats.DrawRuleScan;

/**
 * Turns a replayed PGN game into a {@code games} row (Spark's internal form) and a failure into a
 * {@code rejected} row, in the column order of {@link Schemas}. No Spark session needed, so it is
 * tested without one.
 */
public final class GameRows {
    private GameRows() {
    }

    /** Every UCI string, built once: no string is allocated per move. */
    private static final String[] UCI = new String[64 * 64 * 5];

    static {
        for (int from = 0; from < 64; from++) {
            for (int to = 0; to < 64; to++) {
                UCI[uciIndex(from, to, 0)] = Move.toUci(Move.of(from, to, Move.QUIET));
                for (int p = Piece.KNIGHT; p <= Piece.QUEEN; p++) {
                    int move = Move.of(from, to, Move.PROMO_KNIGHT + p - Piece.KNIGHT);
                    UCI[uciIndex(from, to, p - Piece.KNIGHT + 1)] = Move.toUci(move);
                }
            }
        }
    }

    /** The same texts as Spark strings, so a row's moves share them instead of encoding each. */
    private static final UTF8String[] UCI_UTF8 = new UTF8String[UCI.length];

    static {
        for (int i = 0; i < UCI.length; i++) {
            UCI_UTF8[i] = UCI[i] == null ? null : UTF8String.fromString(UCI[i]);
        }
    }

    private static final UTF8String IMPORT = UTF8String.fromString("import");

    private static int uciIndex(int from, int to, int promo) {
        return (promo << 12) | (to << 6) | from;
    }

    /** The UCI text of a move, shared, never allocated. */
    public static String uci(int move) {
        int promo = Move.isPromotion(move) ? Move.promotionType(move) - Piece.KNIGHT + 1 : 0;
        return UCI[uciIndex(Move.from(move), Move.to(move), promo)];
    }

    /** The UCI text of a move as a shared Spark string. */
    static UTF8String uciUtf8(int move) {
        int promo = Move.isPromotion(move) ? Move.promotionType(move) - Piece.KNIGHT + 1 : 0;
        return UCI_UTF8[uciIndex(Move.from(move), Move.to(move), promo)];
    }

    /** The {@code game_id} of an imported game, per docs/schema.md. */
    public static String importedGameId(String collection, String sourceFile, long gameNumber) {
        return collection + "/" + sourceFile + "#" + gameNumber;
    }

    /**
     * The {@code games} row of a game {@code replay} has just replayed successfully, in Spark's
     * internal form ({@link Schemas#GAMES_SCHEMA}), with the draw-rule facts {@code facts} has just
     * collected from the replayed board. Ingestion hands these to Spark directly, which skips the
     * conversion of every external value (a string per move, a boxed key per ply, the PGN text
     * decoded and encoded again) that the external {@link Row} form cost.
     *
     * @param gameNumber 1-based number of the game in its file
     */
    public static InternalRow gameRecord(PgnGame g, GameReplay replay, DrawRuleScan facts, UTF8String collection,
            String sourceFile, UTF8String sourceFileUtf8, long gameNumber) {
        int plies = replay.plies();
        Object[] uci = new Object[plies];
        for (int i = 0; i < plies; i++) {
            uci[i] = uciUtf8(replay.move(i));
        }
        Position pos = replay.position();
        long[] keys = new long[plies + 1];
        for (int i = 0; i <= plies; i++) {
            keys[i] = pos.keyAt(i);
        }
        ArrayData clocks = null;
        ArrayData evalCp = null;
        ArrayData evalMate = null;
        int clocked = 0;
        int evaluated = 0;
        for (int i = 0; i < plies; i++) {
            clocked += g.clockMillis(i) != PgnGame.NO_CLOCK ? 1 : 0;
            evaluated += g.evalCp(i) != PgnGame.NO_EVAL || g.evalMate(i) != PgnGame.NO_EVAL ? 1 : 0;
        }
        if (clocked == plies && plies > 0) {
            long[] ms = new long[plies];
            for (int i = 0; i < plies; i++) {
                ms[i] = g.clockMillis(i);
            }
            clocks = UnsafeArrayData.fromPrimitiveArray(ms);
        } else if (clocked > 0) {
            Object[] ms = new Object[plies];
            for (int i = 0; i < plies; i++) {
                long v = g.clockMillis(i);
                ms[i] = v == PgnGame.NO_CLOCK ? null : v;
            }
            clocks = new GenericArrayData(ms);
        }
        if (evaluated > 0) {
            Object[] cp = new Object[plies];
            Object[] mate = new Object[plies];
            for (int i = 0; i < plies; i++) {
                int c = g.evalCp(i);
                int m = g.evalMate(i);
                cp[i] = c == PgnGame.NO_EVAL ? null : c;
                mate[i] = m == PgnGame.NO_EVAL ? null : m;
            }
            evalCp = new GenericArrayData(cp);
            evalMate = new GenericArrayData(mate);
        }
        String fen = g.tag("FEN");
        Integer whiteElo = elo(g.tag("WhiteElo"));
        Integer blackElo = elo(g.tag("BlackElo"));
        return new GenericInternalRow(new Object[] {
            UTF8String.fromString(importedGameId(collection.toString(), sourceFile, gameNumber)),
            IMPORT,
            collection,
            null,
            null,
            null,
            sourceFileUtf8,
            gameNumber,
            utf8(g.tag("Event")),
            utf8(g.tag("Site")),
            utf8(g.tag("Date")),
            utf8(g.tag("Round")),
            utf8(g.tag("White")),
            utf8(g.tag("Black")),
            UTF8String.fromString(result(g)),
            whiteElo,
            blackElo,
            utf8(g.tag("ECO")),
            utf8(g.tag("TimeControl")),
            utf8(g.tag("Termination")),
            UTF8String.fromString(fen == null ? Position.START_FEN : fen.trim()),
            plies,
            new GenericArrayData(uci),
            UnsafeArrayData.fromPrimitiveArray(keys),
            clocks,
            evalCp,
            evalMate,
            null,
            null,
            null,
            null,
            null,
            null,
            rawText(g),
            new GenericInternalRow(new Object[] {
                ply(facts.threefoldPly()), ply(facts.fivefoldPly()), ply(facts.fiftyPly()),
                ply(facts.seventyFivePly()), facts.maxHalfmoveClock(), facts.longestReversibleRun(),
                facts.repeatedPositions(), facts.maxRepetitions(), facts.finalRepetitions(),
                facts.finalHalfmoveClock()}),
        });
    }

    private static UTF8String utf8(String s) {
        return s == null ? null : UTF8String.fromString(s);
    }

    /**
     * The game's source text as a Spark string: its bytes as read when they are ASCII (nearly
     * always), else decoded as {@link PgnGame#rawText()} decodes them.
     */
    private static UTF8String rawText(PgnGame g) {
        byte[] raw = g.rawBytes();
        int end = g.rawLength();
        while (end > 0 && (raw[end - 1] == ' ' || raw[end - 1] == '\n' || raw[end - 1] == '\r'
                || raw[end - 1] == '\t')) {
            end--;
        }
        for (int i = 0; i < end; i++) {
            if (raw[i] < 0) {
                return UTF8String.fromString(g.rawText());
            }
        }
        return UTF8String.fromBytes(java.util.Arrays.copyOf(raw, end));
    }

    private static Integer ply(int p) {
        return p < 0 ? null : p;
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

    /** The {@code rejected} row for a game the reader skipped. */
    public static Row rejectedRow(PgnError e, String collection, String sourceFile, long gameOffset,
            long lineOffset) {
        return rejectedRow(collection, sourceFile, gameOffset + e.gameNumber(), lineOffset + e.line(),
                e.reason(), e.rawText());
    }

    /** The {@code rejected} row for a game that parsed but did not replay. */
    public static Row rejectedRow(PgnGame g, String reason, String collection, String sourceFile,
            long gameOffset, long lineOffset) {
        return rejectedRow(collection, sourceFile, gameOffset + g.gameNumber(),
                lineOffset + g.firstLine(), reason, g.rawText());
    }

    /** A {@code rejected} row; the raw text is cut to {@link Schemas#MAX_RAW_TEXT} chars. */
    public static Row rejectedRow(String collection, String sourceFile, long gameNumber, long line,
            String reason, String rawText) {
        String raw = rawText;
        if (raw != null && raw.length() > Schemas.MAX_RAW_TEXT) {
            raw = raw.substring(0, Schemas.MAX_RAW_TEXT);
        }
        return RowFactory.create(sourceFile, gameNumber, line, reason, raw, collection);
    }
}
