package org.rookery.endgame.syzygy;

import static org.rookery.endgame.syzygy.Encoding.BINOMIAL;
import static org.rookery.endgame.syzygy.Encoding.LEAD_PAWN_SIZE;

import org.rookery.core.board.Piece;

/**
 * How the writer lays out one material's Syzygy index: the piece order of the header, its groups
 * of like pieces and their significance order, hence each sub-table's size. The same for both
 * sides to move, every lead-pawn file, WDL and DTZ; {@link SyzygyTable} reads it back from the header.
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

    WriteLayout(long key) {
        this.key = key;
        this.pieceCount = Material.pieces(key);
        this.symmetric = key == Material.mirror(key);
        int wp = Material.count(key, 0, Piece.PAWN), bp = Material.count(key, 1, Piece.PAWN);
        this.pawns = wp + bp > 0;
        this.bothPawns = wp > 0 && bp > 0;
        boolean single = false;
        for (int c = 0; c < 2; c++) for (int t = Piece.PAWN; t <= Piece.QUEEN; t++) single |= Material.count(key, c, t) == 1;
        this.unique = single;
        this.files = pawns ? 4 : 1;
        this.pieces = new int[pieceCount];
        int at = 0;
        if (pawns) {
            // the side with fewer pawns leads (white on a tie), as Stockfish's prober expects
            int lead = bp == 0 || (wp > 0 && bp >= wp) ? 0 : 1;
            for (int i = Material.count(key, lead, Piece.PAWN); i > 0; i--) pieces[at++] = code(lead, Piece.PAWN);
            for (int i = Material.count(key, lead ^ 1, Piece.PAWN); i > 0; i--) pieces[at++] = code(lead ^ 1, Piece.PAWN);
            pieces[at++] = code(0, Piece.KING);
            pieces[at++] = code(1, Piece.KING);
            at = others(at, -1);
        } else {
            pieces[at++] = code(0, Piece.KING);
            pieces[at++] = code(1, Piece.KING);
            int first = -1;
            for (int c = 0; c < 2 && first < 0; c++) {
                for (int t = Piece.QUEEN; t > Piece.PAWN && first < 0; t--) if (Material.count(key, c, t) == 1) first = code(c, t);
            }
            if (first >= 0) pieces[at++] = first;
            at = others(at, first);
        }
        int[] len = new int[pieceCount + 1];
        int n = 0;
        int firstLen = pawns ? 0 : unique ? 3 : 2;
        len[0] = 1;
        for (int i = 1; i < pieceCount; i++) {
            if (--firstLen > 0 || pieces[i] == pieces[i - 1]) len[n]++;
            else len[++n] = 1;
        }
        this.groups = n + 1;
        this.groupLen = java.util.Arrays.copyOf(len, groups);
        this.order0 = groups - 1;
        this.order1 = bothPawns ? groups - 2 : 0xF;
        this.groupIdx = new long[files][groups];
        this.groupSize = new long[files][groups];
        this.size = new long[files];
        for (int f = 0; f < files; f++) multipliers(f);
    }

    /** Appends the non-king, non-pawn pieces (white queen..knight, then black), skipping one {@code skip}. */
    private int others(int at, int skip) {
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
        return at;
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

    /** The order byte(s) and piece bytes of file {@code f}, both nibbles for WDL, the low one for DTZ. */
    byte[] header(boolean dtz) {
        int orders = bothPawns ? 2 : 1;
        byte[] h = new byte[orders + pieceCount];
        int high = dtz ? 0 : 4;
        h[0] = (byte) (order0 | (order0 << high));
        if (bothPawns) h[1] = (byte) (order1 | (order1 << high));
        for (int i = 0; i < pieceCount; i++) h[orders + i] = (byte) (pieces[i] | (dtz ? 0 : pieces[i] << 4));
        return h;
    }
}
