package org.rookery.jobs.ingest;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;

/**
 * The PGN file kinds ingestion reads, told apart by file name: plain {@code .pgn} can be split at
 * game boundaries and read in parallel; the compressed kinds are read as one stream per file.
 */
public enum Compression {
    NONE(".pgn"),
    GZIP(".pgn.gz"),
    BZIP2(".pgn.bz2"),
    ZSTD(".pgn.zst");

    private final String suffix;

    Compression(String suffix) {
        this.suffix = suffix;
    }

    /** The file name ending this kind is recognised by. */
    public String suffix() {
        return suffix;
    }

    /** Whether a byte range of such a file can be read without the bytes before it. */
    public boolean splittable() {
        return this == NONE;
    }

    /** The kind a file name ends with (case-insensitive), or null when it is not a PGN file. */
    public static Compression of(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        for (Compression c : values()) {
            if (n.endsWith(c.suffix)) {
                return c;
            }
        }
        return null;
    }

    /** The file name without this kind's ending, e.g. {@code lichess_2024-01} for a dump. */
    public String stripSuffix(String fileName) {
        return fileName.substring(0, fileName.length() - suffix.length());
    }

    /** Wraps a raw file stream so that it yields the decompressed PGN bytes. */
    public InputStream decode(InputStream raw) throws IOException {
        switch (this) {
            case GZIP:
                // GZIPInputStream reads concatenated members, as pigz and cat-ed dumps produce.
                return new GZIPInputStream(raw, 1 << 16);
            case BZIP2:
                return new BZip2CompressorInputStream(new BufferedInputStream(raw, 1 << 16), true);
            case ZSTD:
                return new ZstdInputStream(new BufferedInputStream(raw, 1 << 16));
            default:
                return raw;
        }
    }

    /** Wraps a raw output stream so that what is written is compressed in this kind's format. */
    public OutputStream encode(OutputStream raw) throws IOException {
        OutputStream buffered = new BufferedOutputStream(raw, 1 << 16);
        switch (this) {
            case GZIP:
                return new GZIPOutputStream(buffered, 1 << 16);
            case BZIP2:
                return new BZip2CompressorOutputStream(buffered);
            case ZSTD:
                return new ZstdOutputStream(buffered, 3);
            default:
                return buffered;
        }
    }
}
