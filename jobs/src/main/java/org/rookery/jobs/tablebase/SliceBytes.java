package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.TableFile;

/**
 * Moves the bytes of a range of pawn slices between table files. A table file holds the DTM
 * section then the DTZ section, two bytes per slot each (see {@link TableFile}), so slices
 * [a, b) are two contiguous byte runs. A slice file holds the DTM run then the DTZ run. A
 * pawnless table split by index range is merged the same way, by slot ranges.
 */
final class SliceBytes {
    private SliceBytes() {
    }

    /** Byte offset in a table file of slice {@code slice}'s DTM values. */
    static long dtmOffset(TableIndex index, int slice) {
        return TableFile.HEADER + 2L * slice * index.sliceSize();
    }

    /** Byte offset in a table file of slice {@code slice}'s DTZ values. */
    static long dtzOffset(TableIndex index, int slice) {
        return TableFile.HEADER + 2L * index.size() + 2L * slice * index.sliceSize();
    }

    /** Bytes of one metric for slices [a, b). */
    static long length(TableIndex index, int a, int b) {
        return 2L * (b - a) * index.sliceSize();
    }

    /** Copies slices [a, b) of both metrics from one table file into the same place of another. */
    static void copy(TableIndex index, Path from, Path to, int a, int b) throws IOException {
        if (a >= b) return;
        try (FileChannel in = FileChannel.open(from, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(to, StandardOpenOption.WRITE)) {
            long len = length(index, a, b);
            transfer(in, dtmOffset(index, a), out, dtmOffset(index, a), len, from);
            transfer(in, dtzOffset(index, a), out, dtzOffset(index, a), len, from);
        }
    }

    /**
     * Writes slices [a, b) of a table file to a slice file: written under a temporary name and
     * renamed, so a retried or speculative task never leaves a half-written file under the final name.
     */
    static void extract(TableIndex index, Path table, int a, int b, Path sliceFile) throws IOException {
        Path tmp = sliceFile.resolveSibling(sliceFile.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-" + Thread.currentThread().getId());
        long len = length(index, a, b);
        try (FileChannel in = FileChannel.open(table, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            transfer(in, dtmOffset(index, a), out, 0, len, table);
            transfer(in, dtzOffset(index, a), out, len, len, table);
            out.force(true);
        }
        Files.move(tmp, sliceFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Writes a slice file made by {@link #extract} into slices [a, b) of a table file. */
    static void merge(TableIndex index, Path sliceFile, int a, int b, Path table) throws IOException {
        long len = length(index, a, b);
        try (FileChannel in = FileChannel.open(sliceFile, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(table, StandardOpenOption.WRITE)) {
            if (in.size() != 2 * len) {
                throw new IOException(sliceFile + ": " + in.size() + " bytes, expected " + 2 * len + " for slices " + a + "-" + (b - 1));
            }
            transfer(in, 0, out, dtmOffset(index, a), len, sliceFile);
            transfer(in, len, out, dtzOffset(index, a), len, sliceFile);
            // Executors of the next wave open the table afterwards, possibly from another machine.
            out.force(true);
        }
    }

    /**
     * Writes a value file of slots [from, to) ({@link RangeFiles#writeValues}: the DTM run, then the
     * DTZ run, in the table's encoding) into a table file of {@code index}.
     */
    static void mergeSlots(TableIndex index, Path valueFile, long from, long to, Path table) throws IOException {
        long len = 2 * (to - from);
        try (FileChannel in = FileChannel.open(valueFile, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(table, StandardOpenOption.WRITE)) {
            if (in.size() != 2 * len) {
                throw new IOException(valueFile + ": " + in.size() + " bytes, expected " + 2 * len + " for slots " + from + "-" + (to - 1));
            }
            transfer(in, 0, out, TableFile.HEADER + 2 * from, len, valueFile);
            transfer(in, len, out, TableFile.HEADER + 2 * index.size() + 2 * from, len, valueFile);
        }
    }

    private static void transfer(FileChannel in, long inPos, FileChannel out, long outPos, long len, Path source) throws IOException {
        long done = 0;
        while (done < len) {
            long n = in.transferTo(inPos + done, len - done, out.position(outPos + done));
            if (n <= 0) throw new IOException(source + ": ended before byte " + (inPos + len));
            done += n;
        }
    }
}
