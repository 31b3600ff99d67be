package org.rookery.endgame.probe;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One metric of a version-2 table decompressed whole into the heap, at the table's own width:
 * one dictionary code per slot (1 byte) or the 16-bit value. For the generator and the verifier,
 * which read tables at random, and for probing at memory speed. Arrays are chunked at 1 GiB.
 */
final class MemoryValues extends ValueStore {
    private static final int SHIFT = 30;
    private static final long MASK = (1L << SHIFT) - 1;

    private final long count;
    private final short[] dict;
    private final byte[][] codes;
    private final short[][] shorts;

    /** Decompresses every block of {@code src}; throws {@link CorruptTableException} on a bad block. */
    MemoryValues(BlockValues src) {
        count = src.count();
        dict = src.dict;
        int chunkSlots = src.width == 1 ? 1 << SHIFT : 1 << (SHIFT - 1);
        int chunks = (int) ((count + chunkSlots - 1) / chunkSlots);
        codes = src.width == 1 ? new byte[chunks][] : null;
        shorts = src.width == 2 ? new short[chunks][] : null;
        for (int c = 0; c < chunks; c++) {
            int len = (int) Math.min(chunkSlots, count - (long) c * chunkSlots);
            if (codes != null) codes[c] = new byte[len];
            else shorts[c] = new short[len];
        }
        ByteBuffer buf = ByteBuffer.allocateDirect(BlockFormat.MAX_BLOCK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        BlockCache cache = BlockCache.current();
        long slot = 0;
        for (int b = 0; b < src.blocks; b++) {
            int raw = cache.decompressInto(src, b, buf);
            int slots = raw / src.width;
            // blocks are a power of two of slots no larger than a chunk, so none straddles two chunks
            int c = (int) (slot / chunkSlots), at = (int) (slot % chunkSlots);
            buf.clear();
            if (codes != null) buf.get(codes[c], at, slots);
            else buf.asShortBuffer().get(shorts[c], at, slots);
            slot += slots;
        }
    }

    @Override
    long count() {
        return count;
    }

    @Override
    short get(long i) {
        if (codes != null) return dict[codes[(int) (i >>> SHIFT)][(int) (i & MASK)] & 0xff];
        return shorts[(int) (i >>> (SHIFT - 1))][(int) (i & (MASK >>> 1))];
    }
}
