package org.rookery.workers.match;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.Uci;

/**
 * A Polyglot opening book ({@code .bin}): 16-byte big-endian entries sorted by key, each a
 * position's Zobrist key (Rookery's {@link Position#key()} is Polyglot's, see
 * {@link org.rookery.core.board.Zobrist}), a move (to file/rank in bits 0–5, from file/rank in
 * 6–11, promotion piece in 12–14: 1 knight … 4 queen; castling as king takes rook), a weight and
 * a learn field, which Rookery ignores. Held in memory as three arrays.
 */
public final class PolyglotBook {
    private final long[] keys;
    private final short[] moves;
    private final short[] weights;
    private final Uci uci = new Uci();

    private PolyglotBook(long[] keys, short[] moves, short[] weights) {
        this.keys = keys;
        this.moves = moves;
        this.weights = weights;
    }

    /** Reads a whole book; a file whose length is no multiple of 16 bytes is refused with its name. */
    public static PolyglotBook read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length % 16 != 0) {
            throw new IOException(file + ": not a Polyglot book (" + bytes.length + " bytes is no whole number of 16-byte entries)");
        }
        int n = bytes.length / 16;
        long[] keys = new long[n];
        short[] moves = new short[n];
        short[] weights = new short[n];
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < n; i++) {
            keys[i] = b.getLong();
            moves[i] = b.getShort();
            weights[i] = b.getShort();
            b.getInt();
            if (i > 0 && Long.compareUnsigned(keys[i - 1], keys[i]) > 0) {
                throw new IOException(file + ": not a Polyglot book (entry " + (i + 1) + " is out of key order)");
            }
        }
        return new PolyglotBook(keys, moves, weights);
    }

    /** Number of entries. */
    public int size() { return keys.length; }

    /**
     * A move for {@code pos} picked with probability proportional to its weight (as Polyglot does),
     * in UCI text in the position's own castling form; null when the book has none for it.
     */
    public synchronized String move(Position pos, SplittableRandom random) {
        long key = pos.key();
        int first = lowerBound(key);
        int total = 0, count = 0;
        for (int i = first; i < keys.length && keys[i] == key; i++) {
            total += weights[i] & 0xffff;
            count++;
        }
        if (count == 0) return null;
        int pick = total > 0 ? random.nextInt(total) : random.nextInt(count);
        for (int i = first; i < first + count; i++) {
            int w = total > 0 ? weights[i] & 0xffff : 1;
            if (pick < w) return legal(pos, moves[i] & 0xffff);
            pick -= w;
        }
        return null;
    }

    private int lowerBound(long key) {
        int lo = 0, hi = keys.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(keys[mid], key) < 0) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** The Polyglot move as a legal move of {@code pos} in UCI text, or null (a book entry that does not fit). */
    private String legal(Position pos, int m) {
        String text = text(m);
        try {
            return Uci.toUci(pos, uci.parse(pos, text));
        } catch (NotationException e) {
            // Standard chess: Polyglot's king-takes-rook castling is e1g1/e1c1 in UCI.
            String castle = switch (text) {
                case "e1h1" -> "e1g1";
                case "e1a1" -> "e1c1";
                case "e8h8" -> "e8g8";
                case "e8a8" -> "e8c8";
                default -> null;
            };
            if (castle == null) return null;
            try {
                return Uci.toUci(pos, uci.parse(pos, castle));
            } catch (NotationException e2) {
                return null;
            }
        }
    }

    /** The entry's move in coordinates: from, to, promotion letter. */
    static String text(int m) {
        StringBuilder sb = new StringBuilder(5);
        sb.append((char) ('a' + ((m >> 6) & 7))).append((char) ('1' + ((m >> 9) & 7)));
        sb.append((char) ('a' + (m & 7))).append((char) ('1' + ((m >> 3) & 7)));
        int promo = (m >> 12) & 7;
        if (promo > 0 && promo < 5) sb.append(" nbrq".charAt(promo));
        return sb.toString();
    }
}
