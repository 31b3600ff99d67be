package org.rookery.endgame.probe;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;

/**
 * One material's DTM and DTZ values, memory-mapped from its file (see {@link TableFile}). Reads are
 * allocation-free and thread-safe; a table being generated is writable through {@link #put}.
 */
public final class Table implements AutoCloseable {
    private final TableIndex index;
    private final Path path;
    private final FileChannel channel;
    private final MappedShorts dtm, dtz;
    private final TableFile.Header header;

    Table(TableIndex index, Path path, FileChannel channel, MappedShorts dtm, MappedShorts dtz, TableFile.Header header) {
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

    MappedShorts dtmStore() { return dtm; }

    MappedShorts dtzStore() { return dtz; }

    void force() {
        for (MappedByteBuffer b : dtm.chunks()) b.force();
        for (MappedByteBuffer b : dtz.chunks()) b.force();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
