package org.rookery.endgame.probe;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A run of little-endian 16-bit values in a memory-mapped file, split into 1 GiB mappings because
 * one Java mapping stops at 2 GiB. Reads and writes at distinct indices are safe from many threads.
 */
final class MappedShorts extends ValueStore {
    private static final int CHUNK_SHIFT = 29; // 2^29 values = 1 GiB per mapping
    private static final long CHUNK_MASK = (1L << CHUNK_SHIFT) - 1;

    private final MappedByteBuffer[] chunks;
    final long offset;
    final long count;

    MappedShorts(FileChannel ch, FileChannel.MapMode mode, long offset, long count) throws IOException {
        this.offset = offset;
        this.count = count;
        int n = (int) ((count + CHUNK_MASK) >>> CHUNK_SHIFT);
        chunks = new MappedByteBuffer[n];
        for (int i = 0; i < n; i++) {
            long first = (long) i << CHUNK_SHIFT;
            long len = Math.min(count - first, 1L << CHUNK_SHIFT) * 2;
            MappedByteBuffer b = ch.map(mode, offset + first * 2, len);
            b.order(ByteOrder.LITTLE_ENDIAN);
            chunks[i] = b;
        }
    }

    @Override
    long count() {
        return count;
    }

    @Override
    short get(long i) {
        return chunks[(int) (i >>> CHUNK_SHIFT)].getShort((int) (i & CHUNK_MASK) << 1);
    }

    @Override
    void get(long from, short[] into, int len) {
        for (int done = 0; done < len; ) {
            long i = from + done;
            int c = (int) (i >>> CHUNK_SHIFT), at = (int) (i & CHUNK_MASK);
            int n = (int) Math.min(len - done, (1L << CHUNK_SHIFT) - at);
            // a duplicate view, so concurrent bulk reads of one mapping do not share a position
            chunks[c].duplicate().order(ByteOrder.LITTLE_ENDIAN).position(at << 1).asShortBuffer().get(into, done, n);
            done += n;
        }
    }

    @Override
    void put(long i, short v) {
        chunks[(int) (i >>> CHUNK_SHIFT)].putShort((int) (i & CHUNK_MASK) << 1, v);
    }

    /** The mappings in order, for checksumming and flushing. */
    MappedByteBuffer[] chunks() {
        return chunks;
    }
}
