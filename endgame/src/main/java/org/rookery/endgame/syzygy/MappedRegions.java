package org.rookery.endgame.syzygy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A read-only file of any size mapped as little-endian regions of 2^{@code regionLog} bytes that
 * each reach {@code overlap} bytes into the next, so a read of at most {@code overlap} bytes
 * starting anywhere lies wholly in the region {@code at >>> regionLog}.
 *
 * <p>One {@link ByteBuffer} is indexed by int, so a file over 2 GiB cannot be one mapping; the
 * overlap lets a caller fetch a whole compressed block from one buffer without checking for a
 * region boundary inside it. Absolute gets only: shared between threads without locking.
 */
final class MappedRegions {
    /** Default region: 1 GiB, so a region plus any sane overlap stays under {@link Integer#MAX_VALUE}. */
    static final int DEFAULT_REGION_LOG = 30;

    final String file;
    /** File length in bytes. */
    final long size;
    /** Bytes each region reaches past its 2^regionLog: the longest read that never straddles two. */
    final int overlap;
    final int regionLog;
    private final long mask;
    private final ByteBuffer[] regions;
    /** The one buffer when the file is a single region, else null: small files read as before, no region arithmetic. */
    private final ByteBuffer whole;

    private MappedRegions(String file, long size, int regionLog, int overlap, ByteBuffer[] regions) {
        this.file = file;
        this.size = size;
        this.regionLog = regionLog;
        this.overlap = overlap;
        this.mask = (1L << regionLog) - 1;
        this.regions = regions;
        this.whole = regions.length == 1 ? regions[0] : null;
    }

    /** Maps {@code path}; {@code regionLog + overlap} must fit one buffer (at most 2^31 - 1 bytes). */
    static MappedRegions map(Path path, String file, int regionLog, int overlap) throws IOException {
        long region = 1L << regionLog;
        if (regionLog < 1 || overlap < 0 || region + overlap > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("region 2^" + regionLog + " with overlap " + overlap + " does not fit a buffer");
        }
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            int count = (int) Math.max(1, (size + region - 1) >>> regionLog);
            ByteBuffer[] regions = new ByteBuffer[count];
            for (int i = 0; i < count; i++) {
                long start = (long) i << regionLog;
                long length = Math.min(size - start, region + overlap);
                regions[i] = ch.map(FileChannel.MapMode.READ_ONLY, start, length).order(ByteOrder.LITTLE_ENDIAN);
            }
            return new MappedRegions(file, size, regionLog, overlap, regions);
        }
    }

    /** How many buffers the file is mapped as. */
    int count() {
        return regions.length;
    }

    /** The region holding {@code at} and at least {@code overlap} bytes after it (or up to the end of the file). */
    ByteBuffer region(long at) {
        ByteBuffer b = whole;
        return b != null ? b : regions[(int) (at >>> regionLog)];
    }

    /** Where {@code at} lies in {@link #region(long)}. */
    int local(long at) {
        return (int) (at & mask);
    }

    // The callers check 0 <= at and at + width <= size, so these reads never leave the file.

    int u8(long at) {
        ByteBuffer b = whole;
        if (b != null) return b.get((int) at) & 0xFF;
        return regions[(int) (at >>> regionLog)].get((int) (at & mask)) & 0xFF;
    }

    int u16(long at) {
        ByteBuffer b = whole;
        if (b != null) return b.getShort((int) at) & 0xFFFF;
        return regions[(int) (at >>> regionLog)].getShort((int) (at & mask)) & 0xFFFF;
    }

    int i32(long at) {
        ByteBuffer b = whole;
        if (b != null) return b.getInt((int) at);
        return regions[(int) (at >>> regionLog)].getInt((int) (at & mask));
    }
}
