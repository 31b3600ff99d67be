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
 * reading that block's lines (the last block read is kept, so a sequential book reads each line once). Lines the indexing pass skipped (with a warning)
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
    /** Blocks with a skipped line among theirs: only there must every line be parsed to count the usable ones. */
    private final java.util.BitSet dirty;
    private RandomAccessFile in;
    /** The block read last: its candidate lines and line numbers, and the openings parsed from them so far. */
    private int cachedBlock = -1;
    private final java.util.List<String> lines = new java.util.ArrayList<>(STRIDE);
    private final java.util.List<Integer> lineNumbers = new java.util.ArrayList<>(STRIDE);
    private final Opening[] parsed = new Opening[STRIDE];

    private DiskEpdBook(Path file, Variant variant, long[] blockOffsets, int[] blockLineNumbers, int size, java.util.BitSet dirty) {
        this.file = file;
        this.dirty = dirty;
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
        java.util.BitSet dirty = new java.util.BitSet();
        try (LineReader r = new LineReader(new RandomAccessFile(file.toFile(), "r"), 0, 1 << 16)) {
            int n = 0;
            while (true) {
                long at = r.position();
                String line = r.readLine();
                if (line == null) break;
                n++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) continue;
                if (OpeningBook.epdOpening(file, n, t, variant, warnings) == null) {
                    // Lines before the first usable one belong to no block; later ones to the block being filled.
                    if (usable > 0) dirty.set((usable - 1) / STRIDE);
                    continue;
                }
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
        return new DiskEpdBook(file, variant, java.util.Arrays.copyOf(offsets, blocks), java.util.Arrays.copyOf(lineNumbers, blocks), usable, dirty);
    }

    @Override
    public int size() { return size; }

    /** The offsets kept in memory. */
    int offsetsKept() { return blockOffsets.length; }

    @Override
    public Opening get(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException("opening " + index + " of " + size);
        int block = index / STRIDE, k = index % STRIDE;
        if (block != cachedBlock) readBlock(block);
        if (parsed[k] != null) return parsed[k];
        if (!dirty.get(block)) {
            // Every line of a clean block is usable: the k-th line is the k-th opening.
            parsed[k] = OpeningBook.epdOpening(file, lineNumbers.get(k), lines.get(k), variant, w -> { });
            if (parsed[k] != null) return parsed[k];
            throw new IllegalStateException(file + " changed while it was being played: line " + lineNumbers.get(k) + " is no longer an opening");
        }
        int found = 0;
        for (int i = 0; i < lines.size(); i++) {
            Opening o = OpeningBook.epdOpening(file, lineNumbers.get(i), lines.get(i), variant, w -> { });
            if (o == null) continue;
            parsed[found] = o;
            if (found++ == k) return o;
        }
        throw new IllegalStateException(file + " changed while it was being played: opening " + (index + 1) + " is gone");
    }

    /** Reads the candidate lines of one block (not blank, not comments) up to the block's last opening. */
    private void readBlock(int block) {
        lines.clear();
        lineNumbers.clear();
        java.util.Arrays.fill(parsed, null);
        cachedBlock = -1;
        int wanted = Math.min(STRIDE, size - block * STRIDE);
        long end = block + 1 < blockOffsets.length ? blockOffsets[block + 1] : Long.MAX_VALUE;
        try {
            if (in == null) in = new RandomAccessFile(file.toFile(), "r");
            LineReader r = new LineReader(in, blockOffsets[block], 8192);
            int n = blockLineNumbers[block] - 1;
            while (r.position() < end && (dirty.get(block) || lines.size() < wanted)) {
                String line = r.readLine();
                if (line == null) break;
                n++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) continue;
                lines.add(t);
                lineNumbers.add(n);
            }
            if (lines.size() < wanted) throw new IllegalStateException(file + " changed while it was being played: its openings after line " + n + " are gone");
            cachedBlock = block;
        } catch (IOException e) {
            throw new UncheckedIOException("-openings: reading " + file + ": " + e.getMessage(), e);
        }
    }

    /** Buffered line reading from a position of a random-access file, knowing the offset of each line. */
    private static final class LineReader implements AutoCloseable {
        private final RandomAccessFile f;
        private final byte[] buf;
        private long bufStart;
        private int len, pos;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream(128);

        LineReader(RandomAccessFile f, long from, int bufferSize) throws IOException {
            this.f = f;
            this.buf = new byte[bufferSize];
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
