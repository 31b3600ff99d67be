package org.rookery.workers.match;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.rookery.core.board.Variant;

/**
 * An EPD book read in place ({@code -bookmode disk}): memory holds the byte offset of every
 * {@value #STRIDE}th usable line, not the openings, so a 921,600-line book such as the Stockfish
 * books' DFRC_openings.epd costs about 115 KB of index. Opening k is read by seeking to its block and
 * stepping over at most {@value #STRIDE} - 1 lines. Lines the indexing pass skipped (with a warning)
 * are skipped again, silently, on the way. Callers serialise access ({@link OpeningBook#next()} does).
 */
final class DiskEpdBook implements OpeningBook.Entries {
    /** Usable lines per kept offset. */
    static final int STRIDE = 64;

    private final Path file;
    private final Variant variant;
    private final long[] blockOffsets;
    private final int[] blockLineNumbers;
    private final int size;
    private RandomAccessFile in;

    private DiskEpdBook(Path file, Variant variant, long[] blockOffsets, int[] blockLineNumbers, int size) {
        this.file = file;
        this.variant = variant;
        this.blockOffsets = blockOffsets;
        this.blockLineNumbers = blockLineNumbers;
        this.size = size;
    }

    /** One pass over the file: checks every line (bad ones go to {@code warnings}) and keeps the block offsets. */
    static DiskEpdBook index(Path file, Variant variant, Consumer<String> warnings) throws IOException {
        long[] offsets = new long[16];
        int[] lineNumbers = new int[16];
        int usable = 0;
        try (LineReader r = new LineReader(new RandomAccessFile(file.toFile(), "r"), 0)) {
            int n = 0;
            while (true) {
                long at = r.position();
                String line = r.readLine();
                if (line == null) break;
                n++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) continue;
                if (OpeningBook.epdOpening(file, n, t, variant, warnings) == null) continue;
                if (usable % STRIDE == 0) {
                    int block = usable / STRIDE;
                    if (block == offsets.length) {
                        offsets = java.util.Arrays.copyOf(offsets, block * 2);
                        lineNumbers = java.util.Arrays.copyOf(lineNumbers, block * 2);
                    }
                    offsets[block] = at;
                    lineNumbers[block] = n;
                }
                usable++;
            }
        }
        int blocks = (usable + STRIDE - 1) / STRIDE;
        return new DiskEpdBook(file, variant, java.util.Arrays.copyOf(offsets, blocks), java.util.Arrays.copyOf(lineNumbers, blocks), usable);
    }

    @Override
    public int size() { return size; }

    /** The offsets kept in memory. */
    int offsetsKept() { return blockOffsets.length; }

    @Override
    public Opening get(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException("opening " + index + " of " + size);
        int block = index / STRIDE;
        try {
            if (in == null) in = new RandomAccessFile(file.toFile(), "r");
            LineReader r = new LineReader(in, blockOffsets[block]);
            int n = blockLineNumbers[block] - 1, skip = index % STRIDE;
            while (true) {
                String line = r.readLine();
                if (line == null) throw new IllegalStateException(file + " changed while it was being played: opening " + (index + 1) + " is gone");
                n++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) continue;
                Opening o = OpeningBook.epdOpening(file, n, t, variant, w -> { });
                if (o == null) continue;
                if (skip-- == 0) return o;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("-openings: reading " + file + ": " + e.getMessage(), e);
        }
    }

    /** Buffered line reading from a position of a random-access file, knowing the offset of each line. */
    private static final class LineReader implements AutoCloseable {
        private final RandomAccessFile f;
        private final byte[] buf = new byte[1 << 16];
        private long bufStart;
        private int len, pos;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream(128);

        LineReader(RandomAccessFile f, long from) throws IOException {
            this.f = f;
            this.bufStart = from;
            f.seek(from);
        }

        long position() { return bufStart + pos; }

        String readLine() throws IOException {
            line.reset();
            boolean any = false;
            while (true) {
                if (pos == len) {
                    bufStart += len;
                    len = f.read(buf, 0, buf.length);
                    pos = 0;
                    if (len <= 0) {
                        len = 0;
                        return any ? line.toString(StandardCharsets.UTF_8) : null;
                    }
                }
                byte b = buf[pos++];
                any = true;
                if (b == '\n') return line.toString(StandardCharsets.UTF_8);
                if (b != '\r') line.write(b);
            }
        }

        @Override
        public void close() throws IOException {
            f.close();
        }
    }
}
