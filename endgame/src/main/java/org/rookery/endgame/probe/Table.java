package org.rookery.endgame.probe;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;

/**
 * One material's DTM and DTZ values, read from its file (see {@link TableFile}): memory-mapped
 * raw values (format version 1, and a table being generated, writable through {@link #put}),
 * compressed blocks decompressed on demand, or a compressed table decompressed into the heap.
 * Reads are allocation-free (once the thread has read before) and thread-safe.
 */
public final class Table implements AutoCloseable {
    private final TableIndex index;
    private final Path path;
    private final FileChannel channel;
    private final ValueStore dtm, dtz;
    private final TableFile.Header header;

    Table(TableIndex index, Path path, FileChannel channel, ValueStore dtm, ValueStore dtz, TableFile.Header header) {
        this.index = index;
        this.path = path;
        this.channel = channel;
        this.dtm = dtm;
        this.dtz = dtz;
        this.header = header;
    }

    public TableIndex index() { return index; }

    public Material material() { return index.material(); }

    public Path path() { return path; }

    /** Header fields (null while the table is being generated). */
    public TableFile.Header header() { return header; }

    /** Stored DTM of a slot, see {@link Values}. */
    public short dtm(long idx) { return dtm.get(idx); }

    /** Stored DTZ of a slot, see {@link Values}. */
    public short dtz(long idx) { return dtz.get(idx); }

    /** Writes both metrics of a slot (generation only). */
    public void put(long idx, short dtmValue, short dtzValue) {
        dtm.put(idx, dtmValue);
        dtz.put(idx, dtzValue);
    }

    ValueStore dtmStore() { return dtm; }

    ValueStore dtzStore() { return dtz; }

    /** Whether the values are in the heap (a compressed table opened in memory). */
    public boolean inMemory() { return dtm instanceof MemoryValues; }

    /** Whether the values are compressed blocks (format version 2), in memory or not. */
    public boolean compressed() { return dtm instanceof BlockValues || dtm instanceof MemoryValues; }

    /** Writes a table in progress to disk, so another process (or a resumed build) sees every value. */
    public void flush() {
        force();
    }

    void force() {
        if (dtm instanceof MappedShorts) for (MappedByteBuffer b : ((MappedShorts) dtm).chunks()) b.force();
        if (dtz instanceof MappedShorts) for (MappedByteBuffer b : ((MappedShorts) dtz).chunks()) b.force();
    }

    @Override
    public void close() throws IOException {
        if (channel != null) channel.close();
    }
}
