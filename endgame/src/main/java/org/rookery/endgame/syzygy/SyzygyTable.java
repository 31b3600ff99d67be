package org.rookery.endgame.syzygy;

import static org.rookery.endgame.syzygy.Encoding.BELOW_DIAGONAL;
import static org.rookery.endgame.syzygy.Encoding.BINOMIAL;
import static org.rookery.endgame.syzygy.Encoding.KINGS;
import static org.rookery.endgame.syzygy.Encoding.LEAD_PAWN_INDEX;
import static org.rookery.endgame.syzygy.Encoding.LEAD_PAWN_SIZE;
import static org.rookery.endgame.syzygy.Encoding.PAWN_RANK;
import static org.rookery.endgame.syzygy.Encoding.TRIANGLE;
import static org.rookery.endgame.syzygy.Encoding.offDiagonal;

import java.io.IOException;
import java.nio.file.Path;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.endgame.probe.CorruptTableException;

/**
 * One memory-mapped .rtbw or .rtbz file of any size: its header (sides, lead-pawn files, piece
 * orders and groups) and the mapping of a position to the value stored for it.
 */
final class SyzygyTable {
    static final byte[] WDL_MAGIC = {(byte) 0x71, (byte) 0xE8, (byte) 0x23, (byte) 0x5D};
    static final byte[] DTZ_MAGIC = {(byte) 0xD7, (byte) 0x66, (byte) 0x0C, (byte) 0xA5};
    /** Returned by a DTZ lookup when the file stores the other side to move. */
    static final int OTHER_SIDE = Integer.MIN_VALUE;
    /** Set in a DTZ lookup's result when the file stores the value in moves (rounded), not plies. */
    static final int ROUNDED = 1 << 30;

    final String file;
    final long key;
    final boolean dtz;
    private final boolean symmetric;
    private final boolean hasPawns;
    private final boolean unique;
    private final int pieceCount;
    /** Bytes a region reaches into the next while the header is read: its widest read is 8 bytes. */
    private static final int HEADER_OVERLAP = 64;
    /** Bytes past a block's end that decoding may fetch (the 8-byte first read, then 4-byte refills). */
    private static final int BLOCK_SLACK = 64;

    private final PairsData[] sub = new PairsData[8];
    private MappedRegions buf;
    private long map;

    SyzygyTable(Path path, long key, boolean dtz) {
        this(path, key, dtz, MappedRegions.DEFAULT_REGION_LOG);
    }

    /** As the public reader, with regions of 2^{@code regionLog} bytes: tests map small files as many regions. */
    SyzygyTable(Path path, long key, boolean dtz, int regionLog) {
        this.file = path.toString();
        this.key = key;
        this.dtz = dtz;
        this.symmetric = key == Material.mirror(key);
        this.hasPawns = Material.count(key, 0, Piece.PAWN) + Material.count(key, 1, Piece.PAWN) > 0;
        boolean single = false;
        for (int c = 0; c < 2; c++) {
            for (int t = Piece.PAWN; t <= Piece.QUEEN; t++) single |= Material.count(key, c, t) == 1;
        }
        this.unique = single;
        this.pieceCount = Material.pieces(key);
        this.buf = map(path, regionLog, HEADER_OVERLAP);
        checkMagic();
        try {
            parse();
        } catch (IndexOutOfBoundsException e) {
            throw new CorruptTableException(file + ": truncated header");
        }
        int largest = 0;
        for (PairsData d : sub) if (d != null) largest = Math.max(largest, d.blockSize());
        if (buf.count() > 1 && largest + BLOCK_SLACK > buf.overlap) {
            // remap so every block lies wholly in one region; a region plus its overlap must stay one buffer
            int log = regionLog;
            while (log > 1 && (1L << log) + largest + BLOCK_SLACK > Integer.MAX_VALUE) log--;
            buf = map(path, log, largest + BLOCK_SLACK);
            for (PairsData d : sub) if (d != null) d.attach(buf);
        }
    }

    /** How many buffers the file is mapped as (one unless it is larger than a region). */
    int regions() {
        return buf.count();
    }

    /** Sub-table {@code i} (side to move × 4 + lead-pawn file), or null where the file has none. */
    PairsData part(int i) {
        return sub[i];
    }

    /** Whether a DTZ sub-table of this file has 16-bit value maps (the format's wide flag). */
    boolean wide() {
        for (PairsData d : sub) if (d != null && (d.flags & PairsData.FLAG_WIDE) != 0) return true;
        return false;
    }

    private MappedRegions map(Path path, int regionLog, int overlap) {
        try {
            return MappedRegions.map(path, file, regionLog, overlap);
        } catch (IOException e) {
            throw new CorruptTableException(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    private void checkMagic() {
        if (buf.size < 5) throw new CorruptTableException(file + ": truncated (" + buf.size + " bytes)");
        byte[] magic = dtz ? DTZ_MAGIC : WDL_MAGIC;
        for (int i = 0; i < 4; i++) {
            if (buf.u8(i) != (magic[i] & 0xFF)) throw new CorruptTableException(file + ": not a Syzygy " + (dtz ? "DTZ" : "WDL") + " table (bad magic)");
        }
    }

    private void parse() {
        int flags = buf.u8(4);
        boolean split = (flags & 1) != 0;
        if (((flags & 2) != 0) != hasPawns || (!dtz && split == symmetric)) {
            throw new CorruptTableException(file + ": header flags " + flags + " do not match the material of its name");
        }
        int sides = !dtz && split ? 2 : 1;
        int files = hasPawns ? 4 : 1;
        boolean bothPawns = Material.count(key, 0, Piece.PAWN) > 0 && Material.count(key, 1, Piece.PAWN) > 0;
        long at = 5;
        for (int f = 0; f < files; f++) {
            int o0 = u8(at);
            int o1 = bothPawns ? u8(at + 1) : 0xFF;
            at += bothPawns ? 2 : 1;
            for (int i = 0; i < sides; i++) sub[i * 4 + f] = new PairsData(file, pieceCount);
            for (int k = 0; k < pieceCount; k++, at++) {
                int b = u8(at);
                for (int i = 0; i < sides; i++) sub[i * 4 + f].pieces[k] = i == 0 ? b & 0xF : b >>> 4;
            }
            for (int i = 0; i < sides; i++) {
                int shift = 4 * i;
                groups(sub[i * 4 + f], (o0 >>> shift) & 0xF, (o1 >>> shift) & 0xF, f, bothPawns);
            }
        }
        at += at & 1;
        for (int f = 0; f < files; f++) {
            for (int i = 0; i < sides; i++) at = sub[i * 4 + f].readSizes(buf, at);
        }
        if (dtz) at = readMaps(at, files);
        for (int f = 0; f < files; f++) {
            for (int i = 0; i < sides; i++) at = sub[i * 4 + f].readSparse(at);
        }
        for (int f = 0; f < files; f++) {
            for (int i = 0; i < sides; i++) at = sub[i * 4 + f].readBlockLengths(at);
        }
        for (int f = 0; f < files; f++) {
            for (int i = 0; i < sides; i++) at = sub[i * 4 + f].readData(at);
        }
        if (at > buf.size) throw new CorruptTableException(file + ": truncated: needs " + at + " bytes, has " + buf.size);
    }

    private int u8(long at) {
        if (at >= buf.size) throw new CorruptTableException(file + ": truncated header");
        return buf.u8(at);
    }

    private void groups(PairsData d, int order0, int order1, int f, boolean bothPawns) {
        for (int p : d.pieces) {
            if (p == 0 || p == 7 || p == 8 || p > 14) throw new CorruptTableException(file + ": bad piece code " + p);
        }
        int n = 0;
        int firstLen = hasPawns ? 0 : unique ? 3 : 2;
        d.groupLen[0] = 1;
        for (int i = 1; i < pieceCount; i++) {
            if (--firstLen > 0 || d.pieces[i] == d.pieces[i - 1]) d.groupLen[n]++;
            else d.groupLen[++n] = 1;
        }
        d.groupLen[++n] = 0;
        int next = bothPawns ? 2 : 1;
        int free = 64 - d.groupLen[0] - (bothPawns ? d.groupLen[1] : 0);
        long idx = 1;
        for (int k = 0; next < n || k == order0 || k == order1; k++) {
            if (k > 16) throw new CorruptTableException(file + ": bad group order");
            if (k == order0) {
                d.groupIdx[0] = idx;
                idx *= hasPawns ? LEAD_PAWN_SIZE[d.groupLen[0]][f] : unique ? 31332 : 462;
            } else if (k == order1) {
                d.groupIdx[1] = idx;
                idx *= BINOMIAL[d.groupLen[1]][48 - d.groupLen[0]];
            } else {
                d.groupIdx[next] = idx;
                idx *= BINOMIAL[d.groupLen[next]][free];
                free -= d.groupLen[next++];
            }
        }
        d.groupIdx[n] = idx;
    }

    private long readMaps(long at, int files) {
        map = at;
        for (int f = 0; f < files; f++) {
            PairsData d = sub[f];
            if ((d.flags & PairsData.FLAG_MAPPED) == 0) continue;
            if ((d.flags & PairsData.FLAG_WIDE) != 0) {
                at += at & 1;
                for (int i = 0; i < 4; i++) {
                    d.mapIdx[i] = (int) ((at - map) / 2 + 1);
                    if (at + 2 > buf.size) throw new CorruptTableException(file + ": truncated header");
                    at += 2L * buf.u16(at) + 2;
                }
            } else {
                for (int i = 0; i < 4; i++) {
                    d.mapIdx[i] = (int) (at - map + 1);
                    at += u8(at) + 1;
                }
            }
        }
        return at + (at & 1);
    }

    /**
     * The value stored for {@code pos}: WDL -2..2 (loss, blessed loss, draw, cursed win, win) for a
     * WDL file; for a DTZ file the distance in plies for outcome {@code wdl}, or {@link #OTHER_SIDE}.
     */
    int probe(Position pos, int wdl, int[] squares, int[] pieces) {
        boolean flip = Material.of(pos) != key || (symmetric && pos.sideToMove() == Piece.BLACK);
        int flipColor = flip ? 8 : 0;
        int flipSquare = flip ? 56 : 0;
        int stm = (flip ? 1 : 0) ^ pos.sideToMove();
        int size = 0;
        int leads = 0;
        int f = 0;
        long leadPawns = 0;
        if (hasPawns) {
            int leadColor = ((sub[0].pieces[0] ^ flipColor) >>> 3) & 1;
            leadPawns = pos.pieces(leadColor, Piece.PAWN);
            for (long b = leadPawns; b != 0; b &= b - 1) squares[size++] = Long.numberOfTrailingZeros(b) ^ flipSquare;
            leads = size;
            int best = 0;
            for (int i = 1; i < leads; i++) if (PAWN_RANK[squares[i]] > PAWN_RANK[squares[best]]) best = i;
            swap(squares, 0, best);
            f = squares[0] & 7;
            if (f > 3) f = 7 - f;
        }
        PairsData d = sub[(dtz ? 0 : stm) * 4 + f];
        if (dtz && (d.flags & PairsData.FLAG_STM) != stm && !(symmetric && !hasPawns)) return OTHER_SIDE;
        for (long b = pos.occupied() & ~leadPawns; b != 0; b &= b - 1) {
            int s = Long.numberOfTrailingZeros(b);
            squares[size] = s ^ flipSquare;
            int piece = pos.pieceAt(s);
            pieces[size++] = ((Piece.type(piece) + 1) | (Piece.color(piece) << 3)) ^ flipColor;
        }
        for (int i = leads; i < size - 1; i++) {
            for (int j = i + 1; j < size; j++) {
                if (d.pieces[i] == pieces[j]) {
                    swap(pieces, i, j);
                    swap(squares, i, j);
                    break;
                }
            }
        }
        if ((squares[0] & 7) > 3) for (int i = 0; i < size; i++) squares[i] ^= 7;
        long idx;
        if (hasPawns) {
            idx = LEAD_PAWN_INDEX[leads][squares[0]];
            for (int i = 2; i < leads; i++) {
                for (int j = i; j > 1 && PAWN_RANK[squares[j - 1]] > PAWN_RANK[squares[j]]; j--) swap(squares, j, j - 1);
            }
            for (int i = 1; i < leads; i++) idx += BINOMIAL[i][PAWN_RANK[squares[i]]];
        } else {
            idx = pieceIndex(d, squares, size);
        }
        idx *= d.groupIdx[0];
        int start = d.groupLen[0];
        boolean remainingPawns = hasPawns && Material.count(key, 0, Piece.PAWN) > 0 && Material.count(key, 1, Piece.PAWN) > 0;
        for (int next = 1; d.groupLen[next] != 0; next++) {
            int len = d.groupLen[next];
            for (int i = start + 1; i < start + len; i++) {
                for (int j = i; j > start && squares[j - 1] > squares[j]; j--) swap(squares, j, j - 1);
            }
            long n = 0;
            for (int i = 0; i < len; i++) {
                int s = squares[start + i];
                int adjust = 0;
                for (int j = 0; j < start; j++) if (s > squares[j]) adjust++;
                n += BINOMIAL[i + 1][s - adjust - (remainingPawns ? 8 : 0)];
            }
            remainingPawns = false;
            idx += n * d.groupIdx[next];
            start += len;
        }
        int value = d.value(idx);
        if (dtz) return distance(d, value, wdl);
        if (value > 4) throw new CorruptTableException(file + ": WDL value " + value + " at index " + idx);
        return value - 2;
    }

    private long pieceIndex(PairsData d, int[] sq, int size) {
        if ((sq[0] >>> 3) > 3) for (int i = 0; i < size; i++) sq[i] ^= 56;
        for (int i = 0; i < d.groupLen[0]; i++) {
            int off = offDiagonal(sq[i]);
            if (off == 0) continue;
            if (off > 0) for (int j = i; j < size; j++) sq[j] = ((sq[j] >>> 3) | (sq[j] << 3)) & 63;
            break;
        }
        if (!unique) return KINGS[TRIANGLE[sq[0]]][sq[1]];
        int adjust1 = sq[1] > sq[0] ? 1 : 0;
        int adjust2 = (sq[2] > sq[0] ? 1 : 0) + (sq[2] > sq[1] ? 1 : 0);
        if (offDiagonal(sq[0]) != 0) {
            return ((long) TRIANGLE[sq[0]] * 63 + (sq[1] - adjust1)) * 62 + sq[2] - adjust2;
        }
        if (offDiagonal(sq[1]) != 0) {
            return (6L * 63 + (sq[0] >>> 3) * 28 + BELOW_DIAGONAL[sq[1]]) * 62 + sq[2] - adjust2;
        }
        if (offDiagonal(sq[2]) != 0) {
            return 6L * 63 * 62 + 4 * 28 * 62 + (sq[0] >>> 3) * 7 * 28 + ((sq[1] >>> 3) - adjust1) * 28
                    + BELOW_DIAGONAL[sq[2]];
        }
        return 6L * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + (sq[0] >>> 3) * 7 * 6 + ((sq[1] >>> 3) - adjust1) * 6
                + ((sq[2] >>> 3) - adjust2);
    }

    private int distance(PairsData d, int value, int wdl) {
        if ((d.flags & PairsData.FLAG_MAPPED) != 0) {
            int slot = d.mapIdx[WDL_MAP[wdl + 2]] + value;
            boolean wide = (d.flags & PairsData.FLAG_WIDE) != 0;
            long at = wide ? map + 2L * slot : map + slot;
            if (at < 0 || at + (wide ? 2 : 1) > buf.size) throw new CorruptTableException(file + ": DTZ map entry out of range");
            value = wide ? buf.u16(at) : buf.u8(at);
        }
        boolean moves = (wdl == 2 && (d.flags & PairsData.FLAG_WIN_PLIES) == 0)
                || (wdl == -2 && (d.flags & PairsData.FLAG_LOSS_PLIES) == 0) || wdl == 1 || wdl == -1;
        int plies = (moves ? 2 * value : value) + 1;
        // a win (not cursed) reaches its zeroing move within the 50-move rule: anything longer is a damaged block
        if ((wdl == 2 || wdl == -2) && plies > 101) {
            throw new CorruptTableException(file + ": DTZ " + plies + " for a " + (wdl > 0 ? "win" : "loss") + " within the 50-move rule");
        }
        return plies + (moves ? ROUNDED : 0);
    }

    private static final int[] WDL_MAP = {1, 3, 0, 2, 0};

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
