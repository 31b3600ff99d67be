package org.rookery.endgame.syzygy;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * One sub-table (a side to move and a lead-pawn file) encoded as the format stores it: the sizes
 * header with the canonical Huffman code and the pair tree, the sparse index, the block lengths and
 * the blocks. Several block sizes are tried and the smallest result is kept.
 */
final class PairsWriter {
    /** The encoded parts; {@link #sizes} includes the flags byte. */
    static final class Encoded {
        byte[] sizes;
        byte[] sparse = new byte[0];
        byte[] blockLengths = new byte[0];
        byte[] data = new byte[0];
        /** Block size log, span log, padding entries, block count. */
        int[] logs;

        long bytes() {
            return sizes.length + sparse.length + blockLengths.length + data.length;
        }
    }

    private final PairCompressor pairs;

    PairsWriter(PairCompressor pairs) {
        this.pairs = pairs;
    }

    /**
     * Encodes {@code values[0..n)} (destroyed) with the given flags; {@code singleValue} is what a
     * constant sub-table stores as its value byte. Block sizes 2^minLog..2^maxLog are tried.
     */
    Encoded encode(int[] values, int n, int flags, int minLog, int maxLog, boolean dtz) {
        Encoded e = new Encoded();
        boolean constant = true;
        for (int i = 1; i < n && constant; i++) constant = values[i] == values[0];
        if (constant) {
            e.sizes = new byte[] {(byte) (flags | PairsData.FLAG_SINGLE_VALUE), (byte) (dtz ? 0 : values[0])};
            if (dtz && values[0] != 0) throw new IllegalStateException("a constant DTZ sub-table must hold symbol 0");
            return e;
        }
        PairCompressor.Result r = pairs.compress(values, n);
        long[] weight = new long[r.symbols];
        Arrays.fill(weight, 1);
        for (int i = 0; i < r.count; i++) weight[r.sequence[i]]++;
        int[] len = HuffmanLengths.of(weight, r.symbols);
        // canonical numbering: longest codes first
        Integer[] order = new Integer[r.symbols];
        for (int i = 0; i < r.symbols; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> len[a] != len[b] ? Integer.compare(len[b], len[a]) : Integer.compare(a, b));
        int[] number = new int[r.symbols];
        for (int i = 0; i < r.symbols; i++) number[order[i]] = i;
        int maxLen = len[order[0]], minLen = len[order[r.symbols - 1]];
        int h = maxLen - minLen + 1;
        int[] offset = new int[h];
        int[] countAt = new int[h];
        for (int s = 0; s < r.symbols; s++) countAt[len[s] - minLen]++;
        offset[h - 1] = 0;
        for (int i = h - 2; i >= 0; i--) offset[i] = offset[i + 1] + countAt[i + 1];
        long[] base = new long[h];
        base[h - 1] = 0;
        for (int i = h - 2; i >= 0; i--) {
            long sum = base[i + 1] + countAt[i + 1];
            if ((sum & 1) != 0) throw new IllegalStateException("Huffman code is not complete");
            base[i] = sum / 2;
        }
        if (base[0] + countAt[0] != 1L << minLen) throw new IllegalStateException("Huffman code is not complete");
        long[] code = new long[r.symbols];
        for (int s = 0; s < r.symbols; s++) {
            int i = len[s] - minLen;
            code[s] = base[i] + (number[s] - offset[i]);
        }

        ByteArrayOutputStream head = new ByteArrayOutputStream();
        head.write(flags);
        int headAt = head.size();
        head.write(0); // block size log, filled below
        head.write(0); // span log
        head.write(0); // padding
        for (int i = 0; i < 4; i++) head.write(0); // block count
        head.write(maxLen);
        head.write(minLen);
        for (int i = 0; i < h; i++) {
            head.write(offset[i] & 0xFF);
            head.write(offset[i] >>> 8);
        }
        head.write(r.symbols & 0xFF);
        head.write(r.symbols >>> 8);
        int[] byNumber = new int[r.symbols];
        for (int s = 0; s < r.symbols; s++) byNumber[number[s]] = s;
        for (int k = 0; k < r.symbols; k++) {
            int s = byNumber[k];
            int l = r.right[s] < 0 ? r.left[s] : number[r.left[s]];
            int rt = r.right[s] < 0 ? 0xFFF : number[r.right[s]];
            head.write(l & 0xFF);
            head.write((l >>> 8) | ((rt & 0xF) << 4));
            head.write(rt >>> 4);
        }
        if ((r.symbols & 1) != 0) head.write(0);
        byte[] sizes = head.toByteArray();

        Encoded best = null;
        for (int log = minLog; log <= maxLog; log++) {
            Encoded c = blocks(r, len, code, n, log);
            c.sizes = sizes.clone();
            c.sizes[headAt] = (byte) c.logs[0];
            c.sizes[headAt + 1] = (byte) c.logs[1];
            c.sizes[headAt + 2] = (byte) c.logs[2];
            for (int i = 0; i < 4; i++) c.sizes[headAt + 3 + i] = (byte) (c.logs[3] >>> (8 * i));
            if (best == null || c.bytes() < best.bytes()) best = c;
        }
        return best;
    }

    private Encoded blocks(PairCompressor.Result r, int[] len, long[] code, long n, int log) {
        int blockBits = 8 << log;
        int blockSize = 1 << log;
        int[] blockValues = new int[16];
        int blocks = 0;
        int bits = 0, values = 0;
        for (int i = 0; i < r.count; i++) {
            int s = r.sequence[i];
            if (bits + len[s] > blockBits || values + r.length[s] > 65536) {
                if (blocks == blockValues.length) blockValues = Arrays.copyOf(blockValues, blocks * 2);
                blockValues[blocks++] = values;
                bits = 0;
                values = 0;
            }
            bits += len[s];
            values += r.length[s];
        }
        if (blocks == blockValues.length) blockValues = Arrays.copyOf(blockValues, blocks + 1);
        blockValues[blocks++] = values;
        byte[] data = new byte[blocks * blockSize];
        int block = 0;
        long bitAt = 0;
        bits = 0;
        values = 0;
        for (int i = 0; i < r.count; i++) {
            int s = r.sequence[i];
            if (values == blockValues[block]) {
                block++;
                bits = 0;
                values = 0;
            }
            bitAt = (long) block * blockBits + bits;
            for (int b = len[s] - 1; b >= 0; b--, bitAt++) {
                if (((code[s] >>> b) & 1) != 0) data[(int) (bitAt >>> 3)] |= (byte) (0x80 >>> (bitAt & 7));
            }
            bits += len[s];
            values += r.length[s];
        }
        // sparse index: for each span, the block and offset of the span's middle value
        long avg = Math.max(1, n / blocks);
        int spanLog = 64 - Long.numberOfLeadingZeros(avg * 8 - 1);
        spanLog = Math.max(10, Math.min(24, spanLog));
        long span = 1L << spanLog;
        int sparseSize = (int) ((n + span - 1) / span);
        long[] start = new long[blocks + 1];
        for (int b = 0; b < blocks; b++) start[b + 1] = start[b] + blockValues[b];
        byte[] sparse = new byte[6 * sparseSize];
        int padding = 0;
        int b = 0;
        for (int k = 0; k < sparseSize; k++) {
            long p = k * span + span / 2;
            long blockNo, offset;
            if (p < n) {
                while (start[b + 1] <= p) b++;
                blockNo = b;
                offset = p - start[b];
            } else {
                long over = p - n;
                blockNo = blocks + over / 65536;
                offset = over % 65536;
                padding = Math.max(padding, (int) (over / 65536) + 1);
            }
            int at = 6 * k;
            for (int i = 0; i < 4; i++) sparse[at + i] = (byte) (blockNo >>> (8 * i));
            sparse[at + 4] = (byte) offset;
            sparse[at + 5] = (byte) (offset >>> 8);
        }
        if (padding > 255) throw new IllegalStateException("sparse index padding of " + padding + " blocks");
        byte[] lengths = new byte[2 * (blocks + padding)];
        for (int i = 0; i < blocks + padding; i++) {
            int v = i < blocks ? blockValues[i] - 1 : 65535;
            lengths[2 * i] = (byte) v;
            lengths[2 * i + 1] = (byte) (v >>> 8);
        }
        Encoded e = new Encoded();
        e.data = data;
        e.sparse = sparse;
        e.blockLengths = lengths;
        e.sizes = null;
        e.logs = new int[] {log, spanLog, padding, blocks};
        return e;
    }
}
