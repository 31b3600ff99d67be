package org.rookery.endgame.syzygy;

import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;

/**
 * A material signature packed in a long: four bits per piece type (pawn..queen) per colour,
 * white in the low 20 bits. Syzygy names a table by it ("KQvKR": white left of the 'v').
 */
final class Material {
    private Material() {}

    private static final String LETTERS = "PNBRQ";

    static long of(Position pos) {
        long key = 0;
        for (int color = 0; color < 2; color++) {
            for (int type = Piece.PAWN; type <= Piece.QUEEN; type++) {
                key |= (long) Long.bitCount(pos.pieces(color, type)) << (20 * color + 4 * type);
            }
        }
        return key;
    }

    /** The key of a name such as "KQvKR", or -1 if it is not one. */
    static long parse(String name) {
        int v = name.indexOf('v');
        if (v < 1 || name.charAt(0) != 'K' || v + 1 >= name.length() || name.charAt(v + 1) != 'K') return -1;
        long key = 0;
        for (int i = 0; i < name.length(); i++) {
            if (i == 0 || i == v || i == v + 1) continue;
            int type = LETTERS.indexOf(name.charAt(i));
            if (type < 0) return -1;
            int shift = (i > v ? 20 : 0) + 4 * type;
            key += 1L << shift;
        }
        return key;
    }

    static long mirror(long key) {
        return (key >>> 20) | ((key & 0xFFFFF) << 20);
    }

    /** The orientation Syzygy names its files by: the side with more pieces first, then the stronger pieces (queen down). */
    static long canonical(long key) {
        long m = mirror(key);
        int white = 0, black = 0;
        for (int t = Piece.PAWN; t <= Piece.QUEEN; t++) {
            white += count(key, 0, t);
            black += count(key, 1, t);
        }
        if (white != black) return white > black ? key : m;
        for (int t = Piece.QUEEN; t >= Piece.PAWN; t--) {
            if (count(key, 0, t) != count(key, 1, t)) return count(key, 0, t) > count(key, 1, t) ? key : m;
        }
        return key;
    }

    static int count(long key, int color, int type) {
        return (int) (key >>> (20 * color + 4 * type)) & 0xF;
    }

    static int pieces(long key) {
        int n = 2;
        for (int i = 0; i < 10; i++) n += (int) (key >>> (4 * i)) & 0xF;
        return n;
    }
}
