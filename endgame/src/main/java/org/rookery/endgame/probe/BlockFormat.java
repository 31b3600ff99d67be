package org.rookery.endgame.probe;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The compressed value sections of a version-2 table: one per metric, each a small descriptor, a
 * value dictionary, a block-offset index and independently zstd-compressed blocks of
 * {@link #BLOCK_BYTES} raw bytes, so a probe decompresses one block.
 *
 * <pre>
 *   0  width (int, 1 or 2 bytes per slot)   4  dictionary entries (int, 0 for width 2)
 *   8  blocks (int)                        12  slots per block (int)
 *  16  dictionary: 256 little-endian shorts, code to stored value (width 1 only; unused entries 0)
 * 528  block offsets: blocks + 1 longs, absolute file positions; block b is [off[b], off[b + 1])
 * </pre>
 *
 * <p>A metric whose table holds at most 256 distinct values (most tables) stores one byte per
 * slot, a dictionary code; otherwise the 16-bit value itself. Slots that are no position
 * ({@link Values#BROKEN} in the table in progress) are never probed, so they are stored as a
 * "don't care": the value of the slot before them in the block (or the block's first real
 * value), which lengthens the runs the compressor sees, as Syzygy does.
 */
final class BlockFormat {
    private BlockFormat() {}

    /** Codec id in the header: one zstd frame per block, with the frame checksum (4 bytes) on. */
    static final int CODEC_ZSTD = 1;
    /** Raw bytes per block: 32 KiB, chosen by measurement (BENCHMARKS.md, "compressed format"). */
    static final int BLOCK_BYTES = 1 << 15;
    /** Largest raw block a reader accepts (its per-thread buffers are this big). */
    static final int MAX_BLOCK_BYTES = BLOCK_BYTES;
    /** zstd level, chosen by measurement: ratio against compression time at the end of a build. */
    static final int LEVEL = 9;
    /**
     * zstd level for small tables (up to {@link #SMALL_SLOTS} slots, every table up to 4 pieces):
     * there compression was a tenth of the build's CPU at level 9 and a third of that at level 3,
     * for files 14 % larger (the whole set 47.6 MB instead of 41.7), which the 5-piece tables'
     * gigabytes dwarf.
     */
    static final int SMALL_LEVEL = 3;
    static final long SMALL_SLOTS = 1L << 25;
    static final int DESCRIPTOR = 16 + 2 * 256;

    /** Writes the section of one metric at {@code pos}; returns where it ends. */
    static long write(FileChannel out, long pos, ValueStore src, int threads) throws IOException {
        long n = src.count();
        short[] dict = dictionary(src);
        int width = dict == null ? 2 : 1;
        int[] codeOf = new int[1 << 16];
        if (dict != null) for (int c = 0; c < dict.length; c++) codeOf[dict[c] & 0xffff] = c;
        int slotsPerBlock = BLOCK_BYTES / width;
        int blocks = (int) ((n + slotsPerBlock - 1) / slotsPerBlock);
        long[] offsets = new long[blocks + 1];
        long at = pos + DESCRIPTOR + 8L * (blocks + 1);
        int batch = 64 * threads;
        int level = n <= SMALL_SLOTS ? SMALL_LEVEL : LEVEL;
        // a zstd context at level 9 is megabytes of tables to set up: each worker reuses one
        java.util.concurrent.ConcurrentLinkedQueue<ZstdCompressCtx> contexts = new java.util.concurrent.ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "tb-compress");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int first = 0; first < blocks; first += batch) {
                List<Future<byte[]>> parts = new ArrayList<>();
                for (int b = first; b < Math.min(blocks, first + batch); b++) {
                    int block = b;
                    parts.add(pool.submit(() -> {
                        ZstdCompressCtx ctx = contexts.poll();
                        if (ctx == null) {
                            ctx = new ZstdCompressCtx();
                            // the frame checksum makes a damaged block fail to decompress instead of reading as wrong values
                            ctx.setLevel(level).setChecksum(true);
                        }
                        try {
                            return compress(src, block, slotsPerBlock, width, codeOf, ctx);
                        } finally {
                            contexts.add(ctx);
                        }
                    }));
                }
                for (int i = 0; i < parts.size(); i++) {
                    byte[] z = get(parts.get(i));
                    offsets[first + i] = at;
                    writeFully(out, ByteBuffer.wrap(z), at);
                    at += z.length;
                }
            }
        } finally {
            pool.shutdownNow();
            try {
                pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            for (ZstdCompressCtx c; (c = contexts.poll()) != null; ) c.close();
        }
        offsets[blocks] = at;
        ByteBuffer d = ByteBuffer.allocate(DESCRIPTOR + 8 * (blocks + 1)).order(ByteOrder.LITTLE_ENDIAN);
        d.putInt(0, width).putInt(4, dict == null ? 0 : dict.length).putInt(8, blocks).putInt(12, slotsPerBlock);
        if (dict != null) for (int c = 0; c < dict.length; c++) d.putShort(16 + 2 * c, dict[c]);
        for (int b = 0; b <= blocks; b++) d.putLong(DESCRIPTOR + 8 * b, offsets[b]);
        writeFully(out, d, pos);
        return at;
    }

    /** The sorted distinct values (with 0, the fill of an all-broken block) when at most 256, else null. */
    private static short[] dictionary(ValueStore src) {
        boolean[] seen = new boolean[1 << 16];
        seen[0] = true;
        int distinct = 1;
        short[] buf = new short[1 << 16];
        for (long at = 0, n = src.count(); at < n; at += buf.length) {
            int len = (int) Math.min(buf.length, n - at);
            src.get(at, buf, len);
            for (int j = 0; j < len; j++) {
                short v = buf[j];
                if (v == Values.BROKEN || seen[v & 0xffff]) continue;
                seen[v & 0xffff] = true;
                if (++distinct > 256) return null;
            }
        }
        short[] dict = new short[distinct];
        int k = 0;
        for (int v = Short.MIN_VALUE; v <= Short.MAX_VALUE; v++) if (seen[v & 0xffff]) dict[k++] = (short) v;
        return dict;
    }

    /** One block's raw bytes, broken slots filled, compressed. */
    private static byte[] compress(ValueStore src, int block, int slotsPerBlock, int width, int[] codeOf, ZstdCompressCtx ctx) {
        long from = (long) block * slotsPerBlock, to = Math.min(src.count(), from + slotsPerBlock);
        int len = (int) (to - from);
        short[] values = new short[len];
        src.get(from, values, len);
        short fill = 0;
        for (int j = 0; j < len; j++) {
            if (values[j] != Values.BROKEN) {
                fill = values[j];
                break;
            }
        }
        byte[] raw = new byte[len * width];
        for (int j = 0; j < len; j++) {
            short v = values[j];
            if (v == Values.BROKEN) v = fill;
            else fill = v;
            if (width == 1) {
                raw[j] = (byte) codeOf[v & 0xffff];
            } else {
                raw[2 * j] = (byte) v;
                raw[2 * j + 1] = (byte) (v >> 8);
            }
        }
        byte[] out = new byte[(int) Zstd.compressBound(raw.length)];
        int size = ctx.compressByteArray(out, 0, out.length, raw, 0, raw.length);
        return java.util.Arrays.copyOf(out, size);
    }

    private static byte[] get(Future<byte[]> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while compressing", e);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException) throw (RuntimeException) c;
            if (c instanceof Error) throw (Error) c;
            throw new IOException(c);
        }
    }

    static void writeFully(FileChannel out, ByteBuffer b, long pos) throws IOException {
        while (b.hasRemaining()) pos += out.write(b, pos);
    }
}
