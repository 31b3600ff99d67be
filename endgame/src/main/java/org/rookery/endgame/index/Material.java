package org.rookery.endgame.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.rookery.core.board.Piece;

/**
 * A material combination such as {@code KQvKR}: how many pieces of each kind each side has. Every
 * table is stored for the canonical orientation, where white is the stronger side (more pieces,
 * then more of the stronger kinds in the order Q, R, B, N, P); a position whose black side is the
 * stronger one is probed with colours swapped and the board flipped.
 */
public final class Material implements Comparable<Material> {
    /** Piece types in naming order, strongest first. */
    static final int[] ORDER = {Piece.QUEEN, Piece.ROOK, Piece.BISHOP, Piece.KNIGHT, Piece.PAWN};

    private final int[] count; // indexed by piece code, kings included

    private Material(int[] count) {
        this.count = count;
    }

    /** Material from per-piece-code counts (12 entries; kings must be 1). */
    public static Material of(int[] pieceCounts) {
        if (pieceCounts.length != 12 || pieceCounts[Piece.W_KING] != 1 || pieceCounts[Piece.B_KING] != 1) {
            throw new IllegalArgumentException("material needs exactly one king per side");
        }
        return new Material(pieceCounts.clone());
    }

    /** Parses "KQvKR", "KQKR" or "kqvkr"; throws {@link IllegalArgumentException} with the reason. */
    public static Material parse(String text) {
        String s = text.trim().toUpperCase();
        String white, black;
        int v = s.indexOf('V');
        if (v >= 0) {
            white = s.substring(0, v);
            black = s.substring(v + 1);
        } else {
            int second = s.indexOf('K', 1);
            if (!s.startsWith("K") || second < 0) throw new IllegalArgumentException("invalid material \"" + text + "\": expected e.g. KQvKR");
            white = s.substring(0, second);
            black = s.substring(second);
        }
        int[] c = new int[12];
        side(text, white, Piece.WHITE, c);
        side(text, black, Piece.BLACK, c);
        return new Material(c);
    }

    private static void side(String text, String s, int color, int[] c) {
        if (!s.startsWith("K")) throw new IllegalArgumentException("invalid material \"" + text + "\": each side must start with its king K");
        for (int i = 1; i < s.length(); i++) {
            int type = Piece.typeFromSanChar(s.charAt(i));
            if (type < 0 || type == Piece.KING) {
                throw new IllegalArgumentException("invalid material \"" + text + "\": unexpected '" + s.charAt(i) + "' (pieces are Q R B N P after one K)");
            }
            c[Piece.make(color, type)]++;
        }
        c[Piece.make(color, Piece.KING)] = 1;
    }

    public int count(int piece) { return count[piece]; }

    /** Counts per piece code (a copy). */
    public int[] counts() { return count.clone(); }

    /** All pieces, kings included. */
    public int pieceCount() {
        int n = 0;
        for (int c : count) n += c;
        return n;
    }

    public int pawnCount() { return count[Piece.W_PAWN] + count[Piece.B_PAWN]; }

    public boolean hasPawns() { return pawnCount() > 0; }

    /** Non-king counts packed in base 8 by piece code, the key probing uses to find a table. */
    public long key() {
        return key(count);
    }

    static long key(int[] c) {
        long k = 0;
        for (int p = 0; p < 12; p++) if (Piece.type(p) != Piece.KING) k |= (long) c[p] << (3 * p);
        return k;
    }

    /** The same material with the colours swapped. */
    public Material flipped() {
        int[] c = new int[12];
        for (int p = 0; p < 6; p++) {
            c[p] = count[p + 6];
            c[p + 6] = count[p];
        }
        return new Material(c);
    }

    /** Whether both sides have the same pieces (then a table stores both orientations as one). */
    public boolean isSymmetric() {
        for (int p = 0; p < 6; p++) if (count[p] != count[p + 6]) return false;
        return true;
    }

    /** Whether white is the side the table is stored for. */
    public boolean isCanonical() {
        return compareSides() >= 0;
    }

    public Material canonical() {
        return isCanonical() ? this : flipped();
    }

    private int compareSides() {
        int w = 0, b = 0;
        for (int t = 0; t < 5; t++) {
            w += count[t];
            b += count[t + 6];
        }
        if (w != b) return Integer.compare(w, b);
        for (int type : ORDER) {
            int d = Integer.compare(count[type], count[type + 6]);
            if (d != 0) return d;
        }
        return 0;
    }

    /**
     * The canonical materials a capture or a promotion leads to, i.e. the tables whose values this
     * one's generation reads. Pawn pushes stay inside this table.
     */
    public List<Material> children() {
        Set<Material> out = new LinkedHashSet<>();
        for (int us = 0; us < 2; us++) {
            int them = us ^ 1;
            for (int t = Piece.PAWN; t <= Piece.QUEEN; t++) {
                int victim = Piece.make(them, t);
                if (count[victim] == 0) continue;
                int[] c = count.clone();
                c[victim]--;
                out.add(new Material(c).canonical());
            }
            int pawn = Piece.make(us, Piece.PAWN);
            if (count[pawn] == 0) continue;
            for (int promo = Piece.KNIGHT; promo <= Piece.QUEEN; promo++) {
                int[] c = count.clone();
                c[pawn]--;
                c[Piece.make(us, promo)]++;
                out.add(new Material(c).canonical());
                for (int t = Piece.KNIGHT; t <= Piece.QUEEN; t++) { // a capturing promotion takes a piece, never a pawn
                    int victim = Piece.make(them, t);
                    if (count[victim] == 0) continue;
                    int[] d = c.clone();
                    d[victim]--;
                    out.add(new Material(d).canonical());
                }
            }
        }
        out.remove(this.canonical());
        return new ArrayList<>(out);
    }

    /** Every canonical material with at most {@code pieces} pieces, in an order where children come first. */
    public static List<Material> upTo(int pieces) {
        Set<Material> all = new LinkedHashSet<>();
        for (int n = 2; n <= pieces; n++) {
            int others = n - 2;
            enumerate(new int[12], 0, others, all);
        }
        List<Material> list = new ArrayList<>(all);
        list.sort(null);
        return list;
    }

    private static void enumerate(int[] c, int from, int left, Set<Material> out) {
        if (left == 0) {
            int[] d = c.clone();
            d[Piece.W_KING] = 1;
            d[Piece.B_KING] = 1;
            out.add(new Material(d).canonical());
            return;
        }
        for (int p = from; p < 12; p++) {
            if (Piece.type(p) == Piece.KING) continue;
            c[p]++;
            enumerate(c, p, left - 1, out);
            c[p]--;
        }
    }

    /** The closure of {@code targets} under {@link #children()}, children before parents. */
    public static List<Material> withDependencies(List<Material> targets) {
        Set<Material> seen = new LinkedHashSet<>();
        ArrayList<Material> stack = new ArrayList<>();
        for (Material m : targets) stack.add(m.canonical());
        while (!stack.isEmpty()) {
            Material m = stack.remove(stack.size() - 1);
            if (!seen.add(m)) continue;
            stack.addAll(m.children());
        }
        List<Material> list = new ArrayList<>(seen);
        list.sort(null);
        return list;
    }

    /** Dependency order: fewer pieces first, then fewer pawns (a promotion trades a pawn for a piece), then by name. */
    @Override
    public int compareTo(Material o) {
        int d = Integer.compare(pieceCount(), o.pieceCount());
        if (d != 0) return d;
        d = Integer.compare(pawnCount(), o.pawnCount());
        if (d != 0) return d;
        return name().compareTo(o.name());
    }

    /** Syzygy-style name, e.g. {@code KQvKR}. */
    public String name() {
        StringBuilder sb = new StringBuilder();
        for (int color = 0; color < 2; color++) {
            if (color == 1) sb.append('v');
            sb.append('K');
            for (int type : ORDER) for (int i = 0; i < count[Piece.make(color, type)]; i++) sb.append(Piece.typeChar(type));
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Material && Arrays.equals(count, ((Material) o).count);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(count);
    }

    @Override
    public String toString() {
        return name();
    }
}
