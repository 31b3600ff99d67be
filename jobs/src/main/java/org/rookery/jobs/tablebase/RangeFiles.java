package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.rookery.endgame.generate.SplitState;

/**
 * The files of a pawnless table split by index range, in its build directory
 * ({@code OUT/.spark-build/NAME/}): {@code init-R}, range R's working values after the forward
 * pass; {@code ply-K-R}, the decisions ply K made from range R's positions; {@code final-R}, range
 * R's stored values. Value files hold the DTM run then the DTZ run, two little-endian bytes per
 * slot (the table file's encoding, so a {@code final-R} file is copied into the table as it is).
 * A decision file holds distinct decisions of 8 bytes ({@link #decision}). Every file is
 * written under a temporary name and renamed, so a retried task never leaves half a file.
 */
final class RangeFiles {
    private static final int CHUNK = 1 << 20;

    private RangeFiles() {
    }

    static Path init(Path dir, int range) {
        return dir.resolve("init-" + range);
    }

    static Path ply(Path dir, int ply, int range) {
        return dir.resolve("ply-" + ply + "-" + range);
    }

    static Path stored(Path dir, int range) {
        return dir.resolve("final-" + range);
    }

    /** A decision as a long: slot, metric (0 DTM, 1 DTZ) and value. */
    static long decision(int slot, int metric, short value) {
        return ((long) slot << 17) | ((long) metric << 16) | (value & 0xFFFFL);
    }

    static int slot(long decision) {
        return (int) (decision >>> 17);
    }

    static int metric(long decision) {
        return (int) (decision >>> 16) & 1;
    }

    static short value(long decision) {
        return (short) decision;
    }

    /** Writes {@code a[0, n)} then {@code b[0, n)}. */
    static void writeValues(Path file, short[] a, short[] b, int n) throws IOException {
        atomically(file, ch -> {
            ByteBuffer buf = buffer();
            for (short[] run : new short[][] {a, b}) {
                for (int i = 0; i < n; i++) {
                    if (!buf.hasRemaining()) drain(buf, ch);
                    buf.putShort(run[i]);
                }
            }
            drain(buf, ch);
        });
    }

    /** Reads a file of {@link #writeValues} for {@code n} slots into {@code a[at, at + n)} and {@code b[at, at + n)}. */
    static void readValues(Path file, short[] a, short[] b, int at, int n) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() != 4L * n) throw new IOException(file + ": " + ch.size() + " bytes, expected " + 4L * n);
            ByteBuffer buf = buffer();
            buf.limit(0);
            for (short[] run : new short[][] {a, b}) {
                for (int i = 0; i < n; i++) {
                    if (buf.remaining() < 2) fill(buf, ch, file, 2);
                    run[at + i] = buf.getShort();
                }
            }
        }
    }

    /** Writes {@code decisions[0, n)}. */
    static void writeDecisions(Path file, long[] decisions, int n) throws IOException {
        atomically(file, ch -> {
            ByteBuffer buf = buffer();
            for (int i = 0; i < n; i++) {
                if (!buf.hasRemaining()) drain(buf, ch);
                buf.putLong(decisions[i]);
            }
            drain(buf, ch);
        });
    }

    /** Sets every decision of a decision file in {@code state}; returns how many. */
    static long applyDecisions(Path file, SplitState state) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() % 8 != 0) throw new IOException(file + ": " + ch.size() + " bytes is not a whole number of decisions");
            long n = ch.size() / 8;
            ByteBuffer buf = buffer();
            buf.limit(0);
            for (long i = 0; i < n; i++) {
                if (buf.remaining() < 8) fill(buf, ch, file, 8);
                long d = buf.getLong();
                state.decide(slot(d), metric(d), value(d));
            }
            return n;
        }
    }

    private interface Writer {
        void write(FileChannel ch) throws IOException;
    }

    private static void atomically(Path file, Writer w) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-" + Thread.currentThread().getId());
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            w.write(ch);
            // another machine reads it next
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static ByteBuffer buffer() {
        return ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static void drain(ByteBuffer buf, FileChannel ch) throws IOException {
        buf.flip();
        while (buf.hasRemaining()) ch.write(buf);
        buf.clear();
    }

    /** Reads more of the file into the buffer, at least {@code need} bytes unread. */
    private static void fill(ByteBuffer buf, FileChannel ch, Path file, int need) throws IOException {
        buf.compact();
        while (buf.position() < need) {
            if (ch.read(buf) < 0) throw new IOException(file + ": ended early");
        }
        buf.flip();
    }
}
