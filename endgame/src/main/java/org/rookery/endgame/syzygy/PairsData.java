package org.rookery.endgame.syzygy;

import java.nio.ByteBuffer;
import org.rookery.endgame.probe.CorruptTableException;

/**
 * One sub-table of a Syzygy file (one side to move, one lead-pawn file): its canonical Huffman
 * code over recursive-pairing symbols, the sparse index into its blocks, and the lookup of one
 * value by position index. Offsets are longs (files reach tens of GB); reads go through
 * {@link MappedRegions} with absolute gets only, so it is thread-safe and allocates nothing per
 * lookup.
 */
final class PairsData {
    static final int FLAG_STM = 1, FLAG_MAPPED = 2, FLAG_WIN_PLIES = 4, FLAG_LOSS_PLIES = 8, FLAG_WIDE = 16,
            FLAG_SINGLE_VALUE = 128;

    final String file;
    final int[] pieces;
    final int[] groupLen = new int[8];
    final long[] groupIdx = new long[8];
    int flags;
    /** DTZ only: offsets (in map units) of the four value maps, already past their count. */
    final int[] mapIdx = new int[4];

    private int singleValue;
    private int blockSize;
    private long span;
    private int sparseSize;
    private int blockLengthSize;
    private int minSymLen;
    private long lowestSym;
    private long[] base;
    /** Per code length (from the shortest), the first symbol of that length: the file's table read once. */
    private int[] lowest;
    private int[] symLen;
    private long btree;
    private long sparse;
    private long blockLengths;
    private long data;
    private int numBlocks;
    private MappedRegions buf;
    private long sizesAt;

    PairsData(String file, int pieceCount) {
        this.file = file;
        this.pieces = new int[pieceCount];
    }

    long size() {
        int n = 0;
        while (groupLen[n] != 0) n++;
        return groupIdx[n];
    }

    /** Reads the sizes header at {@code at}; returns the offset just past it. */
    long readSizes(MappedRegions b, long at) {
        buf = b;
        sizesAt = at;
        flags = u8(at++);
        if ((flags & FLAG_SINGLE_VALUE) != 0) {
            singleValue = u8(at++);
            return at;
        }
        int blockLog = u8(at++);
        int spanLog = u8(at++);
        if (blockLog > 30 || spanLog > 30) throw corrupt("block or span size 2^" + Math.max(blockLog, spanLog));
        blockSize = 1 << blockLog;
        span = 1L << spanLog;
        long sparseLong = (size() + span - 1) / span;
        if (sparseLong > Integer.MAX_VALUE) throw corrupt("sparse index of " + sparseLong + " entries");
        sparseSize = (int) sparseLong;
        int padding = u8(at++);
        numBlocks = b.i32(checkRange(at, 4));
        at += 4;
        if (numBlocks < 0 || numBlocks > Integer.MAX_VALUE - 255) throw corrupt("block count " + numBlocks);
        blockLengthSize = numBlocks + padding;
        int maxSymLen = u8(at++);
        minSymLen = u8(at++);
        if (maxSymLen < minSymLen || maxSymLen > 32 || minSymLen == 0) {
            throw corrupt("symbol lengths " + minSymLen + ".." + maxSymLen);
        }
        lowestSym = at;
        int lengths = maxSymLen - minSymLen + 1;
        base = new long[lengths];
        for (int i = lengths - 2; i >= 0; i--) {
            base[i] = (base[i + 1] + u16(lowestSym + 2 * i) - u16(lowestSym + 2 * i + 2)) / 2;
        }
        for (int i = 0; i < lengths; i++) base[i] <<= 64 - i - minSymLen;
        lowest = new int[lengths];
        for (int i = 0; i < lengths; i++) lowest[i] = u16(lowestSym + 2 * i);
        at += 2 * lengths;
        int symbols = u16(at);
        at += 2;
        btree = at;
        symLen = new int[symbols];
        boolean[] visited = new boolean[symbols];
        checkRange(btree, 3L * symbols);
        for (int s = 0; s < symbols; s++) {
            if (!visited[s]) symLen[s] = symbolLength(s, visited, 0);
        }
        return at + 3 * symbols + (symbols & 1);
    }

    private int symbolLength(int s, boolean[] visited, int depth) {
        visited[s] = true;
        int right = right(s);
        if (right == 0xFFF) return 0;
        int left = left(s);
        if (left >= symLen.length || right >= symLen.length || depth > 4096) throw corrupt("symbol tree");
        if (!visited[left]) symLen[left] = symbolLength(left, visited, depth + 1);
        if (!visited[right]) symLen[right] = symbolLength(right, visited, depth + 1);
        return symLen[left] + symLen[right] + 1;
    }

    long readSparse(long at) {
        sparse = at;
        return at + 6L * sparseSize;
    }

    long readBlockLengths(long at) {
        blockLengths = at;
        return at + 2L * blockLengthSize;
    }

    long readData(long at) {
        at = (at + 0x3F) & ~0x3FL;
        data = at;
        long end = at + (long) numBlocks * blockSize;
        if ((flags & FLAG_SINGLE_VALUE) == 0) {
            checkRange(sparse, 6L * sparseSize);
            checkRange(blockLengths, 2L * blockLengthSize);
            checkRange(data, (long) numBlocks * blockSize);
        }
        return end;
    }

    /** Bytes of the largest block: what one region must hold past its start (0 when no blocks). */
    int blockSize() {
        return (flags & FLAG_SINGLE_VALUE) != 0 ? 0 : blockSize;
    }

    /** Where this sub-table's sizes header starts (its flags byte, then block and span logs). */
    long sizesAt() {
        return sizesAt;
    }

    /** Where this sub-table's first block starts. */
    long dataAt() {
        return data;
    }

    /** How many compressed blocks this sub-table has. */
    int blocks() {
        return (flags & FLAG_SINGLE_VALUE) != 0 ? 0 : numBlocks;
    }

    /** Points the sub-table at {@code regions}: a remapping of the same file with a wider overlap. */
    void attach(MappedRegions regions) {
        buf = regions;
    }

    /** The stored symbol value at position index {@code idx}. */
    int value(long idx) {
        if ((flags & FLAG_SINGLE_VALUE) != 0) return singleValue;
        long k = idx / span;
        if (idx < 0 || k >= sparseSize) throw corrupt("index " + idx + " outside the table");
        // readData checked that the sparse index and the block lengths lie in the file, and the block
        // number is checked against their counts below: these reads need no range check of their own
        long entry = sparse + 6 * k;
        int block = buf.i32(entry);
        long offset = buf.u16(entry + 4) + (idx % span) - span / 2;
        while (offset < 0) {
            if (--block < 0) throw corrupt("sparse index before the first block");
            if (block >= blockLengthSize) throw corrupt("sparse index past the last block");
            offset += blockLength(block) + 1;
        }
        while (true) {
            if (block < 0 || block >= blockLengthSize) throw corrupt("sparse index past the last block");
            int length = blockLength(block);
            if (offset <= length) break;
            offset -= length + 1;
            block++;
        }
        if (block >= numBlocks) throw corrupt("block " + block + " of " + numBlocks);
        long start = data + (long) block * blockSize;
        if (start + 8 > buf.size) throw corrupt("block " + block + " past the end of the file");
        // the whole block (and the refill's few bytes past it) lies in this one region: the overlap is the
        // largest block size, so the hot loop below reads one buffer by int as before
        final ByteBuffer region = buf.region(start);
        int ptr = buf.local(start);
        long bits = Long.reverseBytes(region.getLong(ptr));
        ptr += 8;
        int have = 64;
        int sym;
        // the hot loop of every probe: locals only, and no per-byte range checks (readData checked
        // the blocks lie in the file; a refill past the end is caught below)
        final long[] base = this.base;
        final int[] lowest = this.lowest;
        final int[] symLen = this.symLen;
        final int minLen = minSymLen;
        final int limit = region.limit();
        while (true) {
            int len = 0;
            // base[last] is 0, so the search stops at the longest code at the latest
            while (Long.compareUnsigned(bits, base[len]) < 0) len++;
            sym = (int) ((bits - base[len]) >>> (64 - len - minLen)) + lowest[len];
            if (sym >= symLen.length) throw corrupt("symbol " + sym + " in block " + block);
            int values = symLen[sym] + 1;
            if (offset < values) break;
            offset -= values;
            len += minLen;
            bits <<= len;
            have -= len;
            if (have <= 32) {
                if (ptr + 4 > limit) throw corrupt("block " + block + " runs past the end of its data");
                have += 32;
                bits |= (Integer.reverseBytes(region.getInt(ptr)) & 0xFFFFFFFFL) << (64 - have);
                ptr += 4;
            }
        }
        while (symLen[sym] != 0) {
            int left = left(sym);
            if (offset < symLen[left] + 1) {
                sym = left;
            } else {
                offset -= symLen[left] + 1;
                sym = right(sym);
            }
        }
        return left(sym);
    }

    private int blockLength(int block) {
        return buf.u16(blockLengths + 2L * block);
    }

    private int left(int s) {
        long at = btree + 3L * s;
        return ((u8(at + 1) & 0xF) << 8) | u8(at);
    }

    private int right(int s) {
        long at = btree + 3L * s;
        return (u8(at + 2) << 4) | (u8(at + 1) >>> 4);
    }

    private int u8(long at) {
        if (at < 0 || at >= buf.size) throw corrupt("truncated at byte " + at);
        return buf.u8(at);
    }

    private int u16(long at) {
        if (at < 0 || at + 2 > buf.size) throw corrupt("truncated at byte " + at);
        return buf.u16(at);
    }

    private long checkRange(long at, long length) {
        if (at < 0 || at + length > buf.size) {
            throw corrupt("truncated: needs " + (at + length) + " bytes, has " + buf.size);
        }
        return at;
    }

    CorruptTableException corrupt(String what) {
        return new CorruptTableException(file + ": " + what);
    }
}
