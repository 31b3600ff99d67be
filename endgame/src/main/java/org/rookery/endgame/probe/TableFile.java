package org.rookery.endgame.probe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;

/**
 * The on-disk table: a 256-byte little-endian header, then the DTM section and the DTZ section, two
 * bytes per index slot each. The header holds a magic number, the format version, the material,
 * the slot count, a CRC-32C of both sections and summary statistics.
 *
 * <pre>
 *   0  "RKTB"            4  version (int)       8  slots (long)       16  data offset (long)
 *  24  CRC-32C (int)     28  flags (int)        32  name length (int)  36  name (≤ 32 bytes, ASCII)
 *  72  positions per [side to move][category loss..win] (10 longs)
 * 152  longest DTM win per side to move (2 ints)   160  longest DTZ per side to move (2 ints)
 * 168  reserved, 0 (once the generation time: no build-specific value is stored, so every build
 *      of a table, on one machine or on Spark, gives the same bytes)
 * </pre>
 */
public final class TableFile {
    private TableFile() {}

    public static final String SUFFIX = ".rtb";
    static final int MAGIC = 0x42544b52; // "RKTB" read little-endian
    static final int VERSION = 1;
    /** Bytes before the DTM section; the DTZ section follows at {@code HEADER + 2 * slots}. */
    public static final int HEADER = 256;

    /** Header contents; counts by side to move then {@link Category} ordinal. */
    public static final class Header {
        public final String material;
        public final long slots;
        public final int crc;
        public final long[][] counts;
        public final int[] longestDtm;
        public final int[] longestDtz;

        public Header(String material, long slots, int crc, long[][] counts, int[] longestDtm, int[] longestDtz) {
            this.material = material;
            this.slots = slots;
            this.crc = crc;
            this.counts = counts;
            this.longestDtm = longestDtm;
            this.longestDtz = longestDtz;
        }
    }

    public static Path path(Path dir, Material m) {
        return dir.resolve(m.name() + SUFFIX);
    }

    /** Creates a writable table at {@code dir/NAME.rtb.part}, all slots zero. */
    public static Table create(Path dir, TableIndex index) throws IOException {
        Files.createDirectories(dir);
        Path part = dir.resolve(index.material().name() + SUFFIX + ".part");
        long n = index.size();
        FileChannel ch = FileChannel.open(part, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.READ, StandardOpenOption.WRITE);
        ch.truncate(0);
        ch.write(ByteBuffer.allocate(1), HEADER + 4 * n - 1); // sets the length; the file stays sparse until written
        MappedShorts dtm = new MappedShorts(ch, FileChannel.MapMode.READ_WRITE, HEADER, n);
        MappedShorts dtz = new MappedShorts(ch, FileChannel.MapMode.READ_WRITE, HEADER + 2 * n, n);
        return new Table(index, part, ch, dtm, dtz, null);
    }

    /**
     * Reopens the writable {@code dir/NAME.rtb.part} an earlier {@link #create} made, keeping its
     * contents, so a build can continue it slice range by slice range (possibly in another process).
     */
    public static Table resume(Path dir, TableIndex index) throws IOException {
        Path part = dir.resolve(index.material().name() + SUFFIX + ".part");
        long n = index.size();
        if (!Files.exists(part)) throw new IOException(part + ": no table in progress to continue");
        FileChannel ch = FileChannel.open(part, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            if (ch.size() != HEADER + 4 * n) {
                throw new IOException(part + ": size does not match material " + index.material() + " (" + ch.size() + " bytes, expected " + (HEADER + 4 * n) + ")");
            }
            MappedShorts dtm = new MappedShorts(ch, FileChannel.MapMode.READ_WRITE, HEADER, n);
            MappedShorts dtz = new MappedShorts(ch, FileChannel.MapMode.READ_WRITE, HEADER + 2 * n, n);
            return new Table(index, part, ch, dtm, dtz, null);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Checksums a generated table, writes its header and moves it to its final name. */
    public static void finish(Table t, long[][] counts, int[] longestDtm, int[] longestDtz) throws IOException {
        t.force();
        int crc = checksum(t);
        ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0, MAGIC).putInt(4, VERSION).putLong(8, t.index().size()).putLong(16, HEADER).putInt(24, crc).putInt(28, 1);
        byte[] name = t.material().name().getBytes(StandardCharsets.US_ASCII);
        h.putInt(32, name.length);
        for (int i = 0; i < name.length; i++) h.put(36 + i, name[i]);
        for (int s = 0; s < 2; s++) for (int c = 0; c < 5; c++) h.putLong(72 + 8 * (s * 5 + c), counts[s][c]);
        h.putInt(152, longestDtm[0]).putInt(156, longestDtm[1]).putInt(160, longestDtz[0]).putInt(164, longestDtz[1]);
        try (FileChannel ch = FileChannel.open(t.path(), StandardOpenOption.WRITE)) {
            ch.write(h, 0);
            ch.force(true);
        }
        t.close();
        String file = t.path().getFileName().toString();
        Files.move(t.path(), t.path().resolveSibling(file.substring(0, file.length() - ".part".length())),
            StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Opens a finished table read-only; throws {@link IOException} naming what is wrong with the file. */
    public static Table open(Path file) throws IOException {
        try (FileChannel probe = FileChannel.open(file, StandardOpenOption.READ)) {
            if (probe.size() < HEADER) throw new IOException(file + ": not a Rookery table (too short)");
        }
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        try {
            ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(h, 0);
            if (h.getInt(0) != MAGIC) throw new IOException(file + ": not a Rookery table (bad magic)");
            if (h.getInt(4) != VERSION) throw new IOException(file + ": unsupported table format version " + h.getInt(4));
            if ((h.getInt(28) & 1) == 0) throw new IOException(file + ": table is incomplete");
            int len = h.getInt(32);
            if (len <= 0 || len > 32) throw new IOException(file + ": corrupt header (material name)");
            byte[] name = new byte[len];
            for (int i = 0; i < len; i++) name[i] = h.get(36 + i);
            Material m;
            try {
                m = Material.parse(new String(name, StandardCharsets.US_ASCII));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ": corrupt header (" + e.getMessage() + ")");
            }
            TableIndex index = new TableIndex(m);
            long n = h.getLong(8);
            if (n != index.size() || ch.size() != HEADER + 4 * n) {
                throw new IOException(file + ": size does not match material " + m + " (" + n + " slots, " + ch.size() + " bytes)");
            }
            long[][] counts = new long[2][5];
            for (int s = 0; s < 2; s++) for (int c = 0; c < 5; c++) counts[s][c] = h.getLong(72 + 8 * (s * 5 + c));
            Header header = new Header(m.name(), n, h.getInt(24), counts, new int[] {h.getInt(152), h.getInt(156)},
                new int[] {h.getInt(160), h.getInt(164)});
            MappedShorts dtm = new MappedShorts(ch, FileChannel.MapMode.READ_ONLY, HEADER, n);
            MappedShorts dtz = new MappedShorts(ch, FileChannel.MapMode.READ_ONLY, HEADER + 2 * n, n);
            return new Table(index, file, ch, dtm, dtz, header);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** CRC-32C of both value sections. */
    public static int checksum(Table t) {
        CRC32C crc = new CRC32C();
        for (MappedByteBuffer b : t.dtmStore().chunks()) crc.update(b.duplicate().clear());
        for (MappedByteBuffer b : t.dtzStore().chunks()) crc.update(b.duplicate().clear());
        return (int) crc.getValue();
    }
}
