package org.rookery.endgame.syzygy;

import static org.rookery.endgame.syzygy.Encoding.BINOMIAL;
import static org.rookery.endgame.syzygy.Encoding.LEAD_PAWN_SIZE;

import org.rookery.core.board.Piece;

/**
 * One way to lay out a material's Syzygy index: the piece order of a header, its groups of like
 * pieces and their significance order, hence each sub-table's size. The format lets every
 * sub-table (side to move, lead-pawn file) have its own; the writer tries {@link #candidates} and
 * keeps the one that compresses best, as rtbgen does. {@link SyzygyTable} reads it back from the header.
 */
final class WriteLayout {
    /** Syzygy piece code of a colour and type: type + 1, black + 8 (white king 6, black king 14). */
    static int code(int color, int type) {
        return (type + 1) | (color << 3);
    }

    final long key;
    final int pieceCount;
    final boolean pawns, unique, symmetric, bothPawns;
    final int files;
    /** Header piece codes, in index order. */
    final int[] pieces;
    final int groups;
    final int[] groupLen;
    /** Significance of group 0 (and group 1, the other side's pawns, when both sides have pawns); 0 is least. */
    final int order0, order1;
    final long[][] groupIdx;
    final long[][] groupSize;
    final long[] size;

    /** The fixed layout: pawns, kings, the first unique piece, the rest; group 0 most significant. */
    WriteLayout(long key) {
        this(key, standardPieces(key), -1, -1);
    }

    /** A layout of the given header pieces; an order of -1 takes the default (group 0 most significant, then group 1). */
    WriteLayout(long key, int[] pieces, int order0, int order1) {
        this.key = key;
        this.pieceCount = Material.pieces(key);
        this.symmetric = key == Material.mirror(key);
        int wp = Material.count(key, 0, Piece.PAWN), bp = Material.count(key, 1, Piece.PAWN);
        this.pawns = wp + bp > 0;
        this.bothPawns = wp > 0 && bp > 0;
        this.unique = hasUnique(key);
        this.files = pawns ? 4 : 1;
        this.pieces = pieces.clone();
        int[] len = new int[pieceCount + 1];
        int n = 0;
        int firstLen = pawns ? 0 : unique ? 3 : 2;
        len[0] = 1;
        for (int i = 1; i < pieceCount; i++) {
            if (--firstLen > 0 || this.pieces[i] == this.pieces[i - 1]) len[n]++;
            else len[++n] = 1;
        }
        this.groups = n + 1;
        this.groupLen = java.util.Arrays.copyOf(len, groups);
        this.order0 = order0 >= 0 ? order0 : groups - 1;
        this.order1 = bothPawns ? (order1 >= 0 ? order1 : groups - 2) : 0xF;
        this.groupIdx = new long[files][groups];
        this.groupSize = new long[files][groups];
        this.size = new long[files];
        for (int f = 0; f < files; f++) multipliers(f);
    }

    private static boolean hasUnique(long key) {
        for (int c = 0; c < 2; c++) for (int t = Piece.PAWN; t <= Piece.QUEEN; t++) if (Material.count(key, c, t) == 1) return true;
        return false;
    }

    /** The header pieces (white upper case) and orders, e.g. {@code KkQR o1}: the layout's identity. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int p : pieces) sb.append(" PNBRQK  pnbrqk".charAt(p));
        return sb + " o" + order0 + (bothPawns ? "/" + order1 : "");
    }

    private static int[] standardPieces(long key) {
        int n = Material.pieces(key);
        int[] pieces = new int[n];
        int at = 0;
        int wp = Material.count(key, 0, Piece.PAWN), bp = Material.count(key, 1, Piece.PAWN);
        if (wp + bp > 0) {
            int lead = lead(key);
            for (int i = Material.count(key, lead, Piece.PAWN); i > 0; i--) pieces[at++] = code(lead, Piece.PAWN);
            for (int i = Material.count(key, lead ^ 1, Piece.PAWN); i > 0; i--) pieces[at++] = code(lead ^ 1, Piece.PAWN);
            pieces[at++] = code(0, Piece.KING);
            pieces[at++] = code(1, Piece.KING);
            others(key, pieces, at, -1);
        } else {
            pieces[at++] = code(0, Piece.KING);
            pieces[at++] = code(1, Piece.KING);
            int first = -1;
            for (int c = 0; c < 2 && first < 0; c++) {
                for (int t = Piece.QUEEN; t > Piece.PAWN && first < 0; t--) if (Material.count(key, c, t) == 1) first = code(c, t);
            }
            if (first >= 0) pieces[at++] = first;
            others(key, pieces, at, first);
        }
        return pieces;
    }

    /** The side whose pawns lead: the one with fewer pawns (white on a tie), as Stockfish's prober expects. */
    private static int lead(long key) {
        int wp = Material.count(key, 0, Piece.PAWN), bp = Material.count(key, 1, Piece.PAWN);
        return bp == 0 || (wp > 0 && bp >= wp) ? 0 : 1;
    }

    /** Appends the non-king, non-pawn pieces (white queen..knight, then black), skipping one {@code skip}. */
    private static void others(long key, int[] pieces, int at, int skip) {
        for (int c = 0; c < 2; c++) {
            for (int t = Piece.QUEEN; t > Piece.PAWN; t--) {
                for (int i = Material.count(key, c, t); i > 0; i--) {
                    if (code(c, t) == skip) {
                        skip = -1;
                        continue;
                    }
                    pieces[at++] = code(c, t);
                }
            }
        }
    }

    /**
     * Every layout the format allows that wastes no index space, the fixed one first: for pawnless
     * materials with a unique piece, any three unique pieces (kings included) in any order lead;
     * without one, the two kings in either order; with pawns the lead pawns, then the other side's.
     * The remaining groups of like pieces follow in any order, and group 0 (and group 1 with pawns
     * on both sides) may take any significance.
     */
    static java.util.List<WriteLayout> candidates(long key) {
        java.util.List<WriteLayout> out = new java.util.ArrayList<>();
        WriteLayout standard = new WriteLayout(key);
        out.add(standard);
        java.util.Set<String> seen = new java.util.HashSet<>();
        seen.add(standard.toString());
        java.util.List<Integer> codes = new java.util.ArrayList<>();
        for (int c = 0; c < 2; c++) {
            for (int t = Piece.PAWN; t <= Piece.KING; t++) {
                int count = t == Piece.KING ? 1 : Material.count(key, c, t);
                if (count > 0) codes.add(code(c, t));
            }
        }
        int wp = Material.count(key, 0, Piece.PAWN), bp = Material.count(key, 1, Piece.PAWN);
        java.util.List<int[]> prefixes = new java.util.ArrayList<>();
        java.util.List<Integer> rest = new java.util.ArrayList<>(codes);
        if (wp + bp > 0) {
            int lead = lead(key);
            int[] prefix = new int[wp + bp];
            int at = 0;
            for (int i = Material.count(key, lead, Piece.PAWN); i > 0; i--) prefix[at++] = code(lead, Piece.PAWN);
            for (int i = Material.count(key, lead ^ 1, Piece.PAWN); i > 0; i--) prefix[at++] = code(lead ^ 1, Piece.PAWN);
            rest.remove(Integer.valueOf(code(0, Piece.PAWN)));
            rest.remove(Integer.valueOf(code(1, Piece.PAWN)));
            prefixes.add(prefix);
        } else if (hasUnique(key)) {
            java.util.List<Integer> singles = new java.util.ArrayList<>();
            for (int c : codes) if (count(key, c) == 1) singles.add(c);
            for (int a : singles) for (int b : singles) for (int c : singles) {
                if (a != b && b != c && a != c) prefixes.add(new int[] {a, b, c});
            }
        } else {
            prefixes.add(new int[] {code(0, Piece.KING), code(1, Piece.KING)});
            prefixes.add(new int[] {code(1, Piece.KING), code(0, Piece.KING)});
        }
        for (int[] prefix : prefixes) {
            java.util.List<Integer> left = new java.util.ArrayList<>(rest);
            if (wp + bp == 0) for (int p : prefix) left.remove(Integer.valueOf(p));
            for (java.util.List<Integer> perm : permutations(left)) {
                int[] pieces = java.util.Arrays.copyOf(prefix, Material.pieces(key));
                int at = prefix.length;
                for (int c : perm) for (int i = count(key, c); i > 0; i--) pieces[at++] = c;
                WriteLayout plain = new WriteLayout(key, pieces, -1, -1);
                for (int o0 = 0; o0 < plain.groups; o0++) {
                    for (int o1 = 0; o1 < (plain.bothPawns ? plain.groups : 1); o1++) {
                        if (plain.bothPawns && o1 == o0) continue;
                        WriteLayout l = new WriteLayout(key, pieces, o0, plain.bothPawns ? o1 : -1);
                        if (seen.add(l.toString())) out.add(l);
                    }
                }
            }
        }
        return out;
    }

    private static int count(long key, int code) {
        int type = (code & 7) - 1;
        return type == Piece.KING ? 1 : Material.count(key, code >>> 3, type);
    }

    private static java.util.List<java.util.List<Integer>> permutations(java.util.List<Integer> items) {
        java.util.List<java.util.List<Integer>> out = new java.util.ArrayList<>();
        if (items.isEmpty()) {
            out.add(new java.util.ArrayList<>());
            return out;
        }
        for (int i = 0; i < items.size(); i++) {
            java.util.List<Integer> others = new java.util.ArrayList<>(items);
            int first = others.remove(i);
            for (java.util.List<Integer> p : permutations(others)) {
                p.add(0, first);
                out.add(p);
            }
        }
        return out;
    }

    private void multipliers(int f) {
        int next = bothPawns ? 2 : 1;
        int free = 64 - groupLen[0] - (bothPawns ? groupLen[1] : 0);
        long idx = 1;
        for (int k = 0; next < groups || k == order0 || k == order1; k++) {
            int g;
            long n;
            if (k == order0) {
                g = 0;
                n = pawns ? LEAD_PAWN_SIZE[groupLen[0]][f] : unique ? 31332 : 462;
            } else if (k == order1) {
                g = 1;
                n = BINOMIAL[groupLen[1]][48 - groupLen[0]];
            } else {
                g = next++;
                n = BINOMIAL[groupLen[g]][free];
                free -= groupLen[g];
            }
            groupIdx[f][g] = idx;
            groupSize[f][g] = n;
            idx *= n;
        }
        size[f] = idx;
    }

    /**
     * The order byte(s) and piece bytes of one lead-pawn file's header: {@code low} in the low
     * nibbles (white to move, or the DTZ file's one side), {@code high} in the high ones (WDL's
     * black to move; null for DTZ, which leaves them zero).
     */
    static byte[] header(WriteLayout low, WriteLayout high) {
        int orders = low.bothPawns ? 2 : 1;
        byte[] h = new byte[orders + low.pieceCount];
        int hi0 = high == null ? 0 : high.order0, hi1 = high == null ? 0 : high.order1;
        h[0] = (byte) (low.order0 | (hi0 << 4));
        if (low.bothPawns) h[1] = (byte) (low.order1 | (hi1 << 4));
        for (int i = 0; i < low.pieceCount; i++) h[orders + i] = (byte) (low.pieces[i] | (high == null ? 0 : high.pieces[i] << 4));
        return h;
    }
}
