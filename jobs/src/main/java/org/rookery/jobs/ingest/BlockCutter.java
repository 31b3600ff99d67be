package org.rookery.jobs.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;

/**
 * Cuts the decompressed text of one compressed PGN file into blocks of about {@code blockSize}
 * bytes at game boundaries, so the blocks can be parsed in parallel on other cores after one
 * sequential pass of decompression. The blocks come out unnumbered: {@link BlockNumbering} counts
 * their games and lines, on a thread of its own when ingestion runs both (counting the games costs
 * as much as decompressing and cutting them).
 *
 * <p>A stream that breaks off (a truncated download, a corrupt frame) ends the file: the text after
 * the last game boundary becomes a block carrying the error, whose games are rejected as cut off.
 * A file with no boundary in {@link #MAX_BLOCK} bytes is cut at a line end so memory stays
 * bounded; only game numbering near such a forced cut can differ from a whole-file reading.
 */
public final class BlockCutter implements Iterator<WorkUnit> {

    /** Largest block held in memory while looking for a boundary. */
    public static final int MAX_BLOCK = 256 << 20;

    private final WorkUnit file;
    private final int blockSize;
    private final InputStream in;
    private final GameBoundaries scanner = new GameBoundaries(0);
    private final ArrayDeque<WorkUnit> ready = new ArrayDeque<>();

    private byte[] buf;
    private int len;
    private int scanned;
    private long base;
    private long lastBoundary = -1;
    private int blocks;
    private boolean done;

    /** Cutter over {@code file}, a whole compressed file as listed. */
    public BlockCutter(Configuration conf, WorkUnit file, int blockSize) throws IOException {
        this.file = file;
        this.blockSize = blockSize;
        this.in = Units.openDecoded(conf, file);
        this.buf = new byte[Math.min(MAX_BLOCK, blockSize + (blockSize >> 2) + (1 << 16))];
    }

    @Override
    public boolean hasNext() {
        try {
            while (ready.isEmpty() && !done) {
                advance();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return !ready.isEmpty();
    }

    @Override
    public WorkUnit next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return ready.poll();
    }

    private void advance() throws IOException {
        if (len == buf.length) {
            if (buf.length >= MAX_BLOCK) {
                forceCut();
                return;
            }
            buf = Arrays.copyOf(buf, Math.min(MAX_BLOCK, buf.length * 2));
        }
        int n;
        try {
            n = in.read(buf, len, buf.length - len);
        } catch (IOException | RuntimeException e) {
            broken(e);
            return;
        }
        if (n < 0) {
            if (len > 0) {
                emit(len, null);
            }
            finish();
            return;
        }
        len += n;
        while (scanned < len) {
            int r = scanner.scan(buf, scanned, len, base);
            if (r < 0) {
                scanned = len;
                break;
            }
            scanned = r;
            lastBoundary = scanner.boundary();
            int at = (int) (lastBoundary - base);
            if (at >= blockSize) {
                emit(at, null);
            }
        }
    }

    /** The stream failed: keep the intact games, and put the rest in a block that says why. */
    private void broken(Exception e) throws IOException {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int intact = lastBoundary >= base ? (int) (lastBoundary - base) : 0;
        if (intact > 0) {
            emit(intact, null);
        }
        emit(len, "the compressed stream of " + file.getSourceFile() + " breaks off (" + why + ")");
        finish();
    }

    private void forceCut() {
        if (lastBoundary > base) {
            emit((int) (lastBoundary - base), null);
            return;
        }
        int at = len;
        while (at > 0 && buf[at - 1] != '\n') {
            at--;
        }
        emit(at > 0 ? at : len, null);
    }

    /** Emits {@code buf[0, cut)} as the next block and keeps the rest. */
    private void emit(int cut, String error) {
        byte[] data = Arrays.copyOf(buf, cut);
        WorkUnit block = file.derive(file.getId() | (++blocks), base, base + cut);
        block.setData(data);
        block.setStreamError(error);
        System.arraycopy(buf, cut, buf, 0, len - cut);
        len -= cut;
        scanned = Math.max(0, scanned - cut);
        base += cut;
        ready.add(block);
    }

    private void finish() throws IOException {
        done = true;
        in.close();
    }
}
