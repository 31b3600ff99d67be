package org.rookery.endgame.probe;

import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One metric of a version-2 table (see {@link BlockFormat}): the compressed blocks stay
 * memory-mapped and a read decompresses the block holding its slot into the calling thread's
 * {@link BlockCache}, which keeps the last few blocks, so reads near earlier ones cost a lookup.
 */
final class BlockValues extends ValueStore {
    private static final AtomicInteger IDS = new AtomicInteger();
    /** Payload mappings start every 1 GiB and overlap by more than any compressed block, so none straddles two. */
    private static final int MAP_SHIFT = 30;
    private static final long MAP_OVERLAP = 2L * BlockFormat.MAX_BLOCK_BYTES;

    /** Distinguishes this store's blocks from every other's in the per-thread caches. */
    final int id = IDS.incrementAndGet();
    final Path file;
    final int width;
    final short[] dict;
    final int blocks, shift;
    private final long mask, count;
    private final long[] offsets;
    private final long base;
    private final ByteBuffer[] maps;

    /** Reads the section descriptor at {@code pos} of an open version-2 file of {@code count} slots. */
    BlockValues(Path file, FileChannel ch, long pos, long count) throws IOException {
        this.file = file;
        this.count = count;
        ByteBuffer d = read(ch, pos, BlockFormat.DESCRIPTOR);
        width = d.getInt(0);
        int entries = d.getInt(4);
        blocks = d.getInt(8);
        int slotsPerBlock = d.getInt(12);
        if ((width != 1 && width != 2) || (width == 1 ? entries < 1 || entries > 256 : entries != 0)
            || Integer.bitCount(slotsPerBlock) != 1 || (long) slotsPerBlock * width > BlockFormat.MAX_BLOCK_BYTES
            || blocks != (count + slotsPerBlock - 1) / slotsPerBlock) {
            throw new IOException(file + ": corrupt section descriptor at byte " + pos);
        }
        shift = Integer.numberOfTrailingZeros(slotsPerBlock);
        mask = slotsPerBlock - 1;
        dict = new short[256];
        for (int c = 0; c < entries; c++) dict[c] = d.getShort(16 + 2 * c);
        ByteBuffer o = read(ch, pos + BlockFormat.DESCRIPTOR, 8L * (blocks + 1));
        offsets = new long[blocks + 1];
        for (int b = 0; b <= blocks; b++) offsets[b] = o.getLong(8 * b);
        base = offsets[0];
        long end = offsets[blocks], size = ch.size();
        for (int b = 0; b < blocks; b++) {
            long len = offsets[b + 1] - offsets[b];
            if (len <= 0 || len > MAP_OVERLAP / 2) throw new IOException(file + ": corrupt block index (block " + b + ")");
        }
        if (base < pos + BlockFormat.DESCRIPTOR || end > size) throw new IOException(file + ": corrupt block index (blocks outside the file)");
        int n = (int) (((end - base) >>> MAP_SHIFT) + 1);
        maps = new ByteBuffer[n];
        for (int i = 0; i < n; i++) {
            long start = base + ((long) i << MAP_SHIFT);
            maps[i] = ch.map(FileChannel.MapMode.READ_ONLY, start, Math.max(0, Math.min(end - start, (1L << MAP_SHIFT) + MAP_OVERLAP)));
        }
    }

    private static ByteBuffer read(FileChannel ch, long pos, long len) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) len).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, pos + b.position()) < 0) throw new IOException("file ends before byte " + (pos + len));
        }
        return b.clear();
    }

    @Override
    long count() {
        return count;
    }

    @Override
    short get(long i) {
        ByteBuffer b = BlockCache.current().block(this, (int) (i >>> shift));
        int j = (int) (i & mask);
        return width == 1 ? dict[b.get(j) & 0xff] : b.getShort(j << 1);
    }

    /** Raw bytes of block {@code b}. */
    int rawBytes(int b) {
        long first = (long) b << shift;
        return (int) (Math.min(count - first, mask + 1) * width);
    }

    /** Decompresses block {@code b} into {@code dst} (direct, from position 0); returns its raw length. */
    int decompress(int b, ByteBuffer dst, ZstdDecompressCtx ctx) {
        long off = offsets[b] - base;
        int m = (int) (off >>> MAP_SHIFT);
        int raw = rawBytes(b);
        int got;
        try {
            got = ctx.decompressDirectByteBuffer(dst, 0, raw, maps[m], (int) (off - ((long) m << MAP_SHIFT)), (int) (offsets[b + 1] - offsets[b]));
        } catch (RuntimeException e) {
            throw new CorruptTableException(file + ": corrupt block " + b + " (" + e.getMessage() + ")");
        }
        if (got != raw) throw new CorruptTableException(file + ": corrupt block " + b + " (" + got + " bytes, expected " + raw + ")");
        return raw;
    }
}
