package org.rookery.jobs.ingest;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.pgn.TextEncoding;

/** Reading work units: opening their bytes, finding cut points, and counting games and lines. */
public final class Units {
    private Units() {
    }

    /** The reader limits used everywhere, so counting and reading agree on every game. */
    public static final PgnReader.Options READ = PgnReader.Options.DEFAULT;
    /** The same limits without keeping raw text, for counting. */
    public static final PgnReader.Options COUNT = new PgnReader.Options(READ.maxTokenLength(),
            READ.maxGameBytes(), false);

    /** The unit's PGN bytes: its block, or its byte range of the file. */
    public static InputStream open(Configuration conf, WorkUnit u) throws IOException {
        if (u.getData() != null) {
            return new ByteArrayInputStream(u.getData());
        }
        Path p = new Path(u.getPath());
        FSDataInputStream in = p.getFileSystem(conf).open(p, 1 << 16);
        try {
            in.seek(u.getStart());
        } catch (IOException e) {
            in.close();
            throw e;
        }
        return new Bounded(in, u.getEnd() - u.getStart());
    }

    /** Opens a whole file, decompressed. */
    public static InputStream openDecoded(Configuration conf, WorkUnit u) throws IOException {
        Path p = new Path(u.getPath());
        FileSystem fs = p.getFileSystem(conf);
        InputStream raw = fs.open(p, 1 << 16);
        try {
            // UTF-16 and UTF-32 files are read whole (see isWide), and decoded here to UTF-8.
            return TextEncoding.toUtf8(u.kind().decode(raw));
        } catch (IOException e) {
            // A header that does not decode: report it as a broken stream, not a failed job.
            raw.close();
            return new Failing(e);
        }
    }

    /**
     * The wide encoding (UTF-16, UTF-32) a plain file is in, or null for UTF-8. Such a file cannot
     * be cut into byte ranges, so it is read as one stream like a compressed one.
     */
    public static Charset wideEncoding(Configuration conf, String path) throws IOException {
        Path p = new Path(path);
        try (FSDataInputStream in = p.getFileSystem(conf).open(p, TextEncoding.HEAD)) {
            byte[] head = new byte[TextEncoding.HEAD];
            int n = 0;
            for (int r; n < head.length && (r = in.read(head, n, head.length - n)) > 0; ) n += r;
            return TextEncoding.detect(head, n);
        }
    }

    /**
     * The first game boundary at or after offset {@code s} of a file of {@code size} bytes (0 for
     * {@code s <= 0}, {@code size} when there is none). Depends only on {@code s} and the file, so
     * the task ending at {@code s} and the task starting there agree.
     */
    public static long boundaryAtOrAfter(FSDataInputStream in, long s, long size) throws IOException {
        if (s <= 0) {
            return 0;
        }
        if (s >= size) {
            return size;
        }
        in.seek(s - 1);
        GameBoundaries scanner = new GameBoundaries(s - 1);
        byte[] buf = new byte[1 << 16];
        long base = s - 1;
        int n;
        while ((n = in.read(buf, 0, buf.length)) > 0) {
            if (scanner.scan(buf, 0, n, base) >= 0) {
                return scanner.boundary();
            }
            base += n;
        }
        return size;
    }

    /**
     * Turns a raw split {@code [start, end)} of a plain file into the unit between the boundaries
     * at or after its two ends, with the games and line breaks in it counted.
     */
    public static WorkUnit measure(Configuration conf, WorkUnit split, long fileSize) throws IOException {
        Path p = new Path(split.getPath());
        long from;
        long to;
        try (FSDataInputStream in = p.getFileSystem(conf).open(p, 1 << 16)) {
            from = boundaryAtOrAfter(in, split.getStart(), fileSize);
            to = boundaryAtOrAfter(in, split.getEnd(), fileSize);
        }
        WorkUnit u = split.derive(split.getId(), from, Math.max(from, to));
        if (u.getEnd() > u.getStart()) {
            long[] c;
            try (InputStream in = open(conf, u)) {
                c = quickCount(in);
            }
            if (c[2] == 0) {
                // Text the quick count is not sure of: the reader counts this piece.
                try (InputStream in = open(conf, u)) {
                    c = count(in);
                }
            }
            u.setGameCount(c[0]);
            u.setLineCount(c[1]);
        }
        return u;
    }

    /**
     * Games and line breaks in a unit's bytes, counted by scanning them ({@link GameCounter}): a
     * tenth of the cost of {@link #count}, and the reader's count whenever the third value is 1. The
     * line count is exact. Where it is 0 the text is not of the plain shape the scan understands
     * (NUL bytes, tagless fragments, stray comments between games, ...), and {@link #count} gives the
     * reader's count.
     */
    public static long[] quickCount(InputStream in) throws IOException {
        GameCounter q = new GameCounter();
        byte[] buf = new byte[1 << 16];
        int n;
        while ((n = in.read(buf, 0, buf.length)) > 0) {
            q.feed(buf, 0, n);
        }
        q.end();
        return new long[] {q.games(), q.lines(), q.sure() ? 1 : 0};
    }

    /**
     * Games and line breaks in {@code data[0, length)}, as the reader numbers them: the quick count
     * where it is sure, else the reader's own.
     */
    public static long[] exactCount(byte[] data, int length) throws IOException {
        GameCounter q = new GameCounter();
        q.feed(data, 0, length);
        q.end();
        if (q.sure()) {
            return new long[] {q.games(), q.lines()};
        }
        return count(new ByteArrayInputStream(data, 0, length));
    }

    /** Games (as the reader numbers them, skipped ones included) and line breaks in a stream. */
    public static long[] count(InputStream in) throws IOException {
        LineCounting lines = new LineCounting(in);
        PgnGame g = new PgnGame();
        try (PgnReader r = new PgnReader(lines, "count", null, COUNT)) {
            while (r.next(g)) {
                // Only the counts matter.
            }
            return new long[] {r.gamesRead() + r.errorCount(), lines.counter.lines()};
        }
    }

    /** At most {@code remaining} bytes of a stream. */
    static final class Bounded extends FilterInputStream {
        private long remaining;

        Bounded(InputStream in, long length) {
            super(in);
            remaining = length;
        }

        @Override
        public int read() throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int c = in.read();
            if (c >= 0) {
                remaining--;
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, remaining));
            if (n > 0) {
                remaining -= n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = in.skip(Math.min(n, remaining));
            remaining -= s;
            return s;
        }

        @Override
        public int available() throws IOException {
            return (int) Math.min(in.available(), remaining);
        }
    }

    /** Counts line breaks of everything read through it. */
    static final class LineCounting extends FilterInputStream {
        final GameCounter counter = new GameCounter();

        LineCounting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = in.read();
            if (c >= 0) {
                counter.feed(new byte[] {(byte) c}, 0, 1);
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                counter.feed(b, off, off + n);
            }
            return n;
        }
    }

    /** A stream that fails on first read, standing in for a compressed file whose header is bad. */
    static final class Failing extends InputStream {
        private final IOException error;

        Failing(IOException error) {
            this.error = error;
        }

        @Override
        public int read() throws IOException {
            throw error;
        }
    }
}
