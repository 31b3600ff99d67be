package org.rookery.endgame.probe;

import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The calling thread's last decompressed blocks of any {@link BlockValues}: {@link #ENTRIES}
 * buffers, direct-mapped by block key, each allocated the first time its slot is used (so a
 * thread that probes little, such as a web server's, holds little). A hit costs a hash and a
 * compare; a miss decompresses one block into the slot it evicts. Once every slot has been used
 * nothing is allocated, and no state is shared between threads.
 */
final class BlockCache {
    /** Entries per thread: at most 1 MiB of 32 KiB blocks, the DTM and DTZ blocks of 16 recent probes. */
    static final int ENTRIES = 32;
    private static final ThreadLocal<BlockCache> CACHE = ThreadLocal.withInitial(BlockCache::new);

    private final long[] keys = new long[ENTRIES];
    private final ByteBuffer[] buffers = new ByteBuffer[ENTRIES];
    private final ZstdDecompressCtx ctx = new ZstdDecompressCtx();
    /** Misses so far, for benchmarks. */
    long misses;

    private BlockCache() {
        java.util.Arrays.fill(keys, -1);
    }

    static BlockCache current() {
        return CACHE.get();
    }

    /** Block {@code b} of {@code store}, decompressed. */
    ByteBuffer block(BlockValues store, int b) {
        long key = ((long) store.id << 32) | b;
        long h = key * 0x9E3779B97F4A7C15L;
        int slot = (int) (h >>> 59);
        ByteBuffer buf = buffers[slot];
        if (keys[slot] != key) {
            if (buf == null) buf = buffers[slot] = ByteBuffer.allocateDirect(BlockFormat.MAX_BLOCK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            keys[slot] = -1; // a failed decompression must not leave a half-filled block behind its key
            misses++;
            store.decompress(b, buf, ctx);
            keys[slot] = key;
        }
        return buf;
    }

    /** Decompresses into a caller's buffer without touching the cached blocks (whole-table loads). */
    int decompressInto(BlockValues store, int b, ByteBuffer dst) {
        return store.decompress(b, dst, ctx);
    }
}
