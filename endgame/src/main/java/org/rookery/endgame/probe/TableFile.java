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
 * The on-disk table: a 256-byte little-endian header, then the values. The header holds a magic
 * number, the format version, the material, the slot count, a CRC-32C and summary statistics.
 *
 * <pre>
 *   0  "RKTB"            4  version (int)       8  slots (long)       16  data offset (long)
 *  24  CRC-32C (int)     28  flags (int)        32  name length (int)  36  name (≤ 32 bytes, ASCII)
 *  72  positions per [side to move][category loss..win] (10 longs)
 * 152  longest DTM win per side to move (2 ints)   160  longest DTZ per side to move (2 ints)
 * 168  version 2: codec (int, 1 = zstd)            172  version 2: raw bytes per block (int)
 * 176  version 2: DTM section offset (long)        184  version 2: DTZ section offset (long)
 * 192  reserved, 0 (no build-specific value such as the generation time is stored, so every
 *      build of a table, on one machine or on Spark, gives the same bytes)
 * </pre>
 *
 * <p>Version 1 (still read) stores the DTM section then the DTZ section raw, two bytes per slot,
 * and its CRC covers both sections. Version 2, what {@link #finish} writes, stores each metric as
 * independently compressed blocks with a block index ({@link BlockFormat}); its CRC covers every
 * byte after the header. A table in progress ({@code NAME.rtb.part}) always has the version-1
 * layout, so a build can write any slot in place; it is compressed once, when finished.
 */
public final class TableFile {
    private TableFile() {}

    public static final String SUFFIX = ".rtb";
    static final int MAGIC = 0x42544b52; // "RKTB" read little-endian
    static final int VERSION_RAW = 1;
    static final int VERSION_COMPRESSED = 2;
    /** Bytes before the first section; in a version-1 file or a table in progress the DTZ section follows at {@code HEADER + 2 * slots}. */
    public static final int HEADER = 256;

    /** Header contents; counts by side to move then {@link Category} ordinal. */
    public static final class Header {
        public final int version;
        public final String material;
        public final long slots;
        public final int crc;
        public final long[][] counts;
        public final int[] longestDtm;
        public final int[] longestDtz;

        public Header(int version, String material, long slots, int crc, long[][] counts, int[] longestDtm, int[] longestDtz) {
            this.version = version;
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

    /** The table in progress of a material: {@code dir/NAME.rtb.part}. */
    public static Path partPath(Path dir, Material m) {
        return dir.resolve(m.name() + SUFFIX + ".part");
    }

    /** Creates a writable table at {@code dir/NAME.rtb.part}, all slots zero. */
    public static Table create(Path dir, TableIndex index) throws IOException {
        Files.createDirectories(dir);
        Path part = partPath(dir, index.material());
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
        Path part = partPath(dir, index.material());
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

    /**
     * Compresses a generated table into its final file (written as {@code NAME.rtb.tmp}, then
     * renamed) with its header, and deletes the table in progress. Compression uses every core.
     */
    public static void finish(Table t, long[][] counts, int[] longestDtm, int[] longestDtz) throws IOException {
        finish(t, counts, longestDtm, longestDtz, Runtime.getRuntime().availableProcessors());
    }

    /** {@link #finish} with {@code threads} compression threads (the bytes written do not depend on it). */
    public static void finish(Table t, long[][] counts, int[] longestDtm, int[] longestDtz, int threads) throws IOException {
        // no force of the working file first: it is read back through this process's own mapping
        // and deleted once compressed, so writing it to disk would only wait on the device
        String file = t.path().getFileName().toString();
        Path target = t.path().resolveSibling(file.substring(0, file.length() - ".part".length()));
        writeCompressed(t, target, counts, longestDtm, longestDtz, threads);
        t.close();
        Files.delete(t.path());
    }

    /**
     * Rewrites a version-1 table in the compressed format, in place (through a temporary file and
     * a rename); returns false, changing nothing, when it is compressed already. The result is
     * byte for byte what generating the table today writes.
     */
    public static boolean compress(Path file, int threads) throws IOException {
        try (Table t = open(file)) {
            if (t.compressed()) return false;
            Header h = t.header();
            writeCompressed(t, file, h.counts, h.longestDtm, h.longestDtz, threads);
        }
        return true;
    }

    /** Writes a raw table's values compressed, with its header, to {@code target} (via {@code target.tmp} and a rename). */
    private static void writeCompressed(Table t, Path target, long[][] counts, int[] longestDtm, int[] longestDtz, int threads) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long dtmAt = HEADER;
            long dtzAt = BlockFormat.write(ch, dtmAt, t.dtmStore(), threads);
            BlockFormat.write(ch, dtzAt, t.dtzStore(), threads);
            ByteBuffer h = header(t.material(), t.index().size(), VERSION_COMPRESSED, payloadCrc(ch), counts, longestDtm, longestDtz);
            h.putInt(168, BlockFormat.CODEC_ZSTD).putInt(172, BlockFormat.BLOCK_BYTES).putLong(176, dtmAt).putLong(184, dtzAt);
            BlockFormat.writeFully(ch, h, 0);
            ch.force(true);
        }
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static ByteBuffer header(Material m, long slots, int version, int crc, long[][] counts, int[] longestDtm, int[] longestDtz) {
        ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0, MAGIC).putInt(4, version).putLong(8, slots).putLong(16, HEADER).putInt(24, crc).putInt(28, 1);
        byte[] name = m.name().getBytes(StandardCharsets.US_ASCII);
        h.putInt(32, name.length);
        for (int i = 0; i < name.length; i++) h.put(36 + i, name[i]);
        for (int s = 0; s < 2; s++) for (int c = 0; c < 5; c++) h.putLong(72 + 8 * (s * 5 + c), counts[s][c]);
        h.putInt(152, longestDtm[0]).putInt(156, longestDtm[1]).putInt(160, longestDtz[0]).putInt(164, longestDtz[1]);
        return h;
    }

    /** Opens a finished table read-only, compressed blocks decompressed on demand; throws {@link IOException} naming what is wrong with the file. */
    public static Table open(Path file) throws IOException {
        return open(file, false);
    }

    /**
     * Opens a finished table read-only. With {@code inMemory} a compressed (version-2) table is
     * decompressed whole into the heap, for random reads at memory speed; a version-1 table is
     * mapped either way.
     */
    public static Table open(Path file, boolean inMemory) throws IOException {
        try (FileChannel probe = FileChannel.open(file, StandardOpenOption.READ)) {
            if (probe.size() < HEADER) throw new IOException(file + ": not a Rookery table (too short)");
        }
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        try {
            ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(h, 0);
            if (h.getInt(0) != MAGIC) throw new IOException(file + ": not a Rookery table (bad magic)");
            int version = h.getInt(4);
            if (version != VERSION_RAW && version != VERSION_COMPRESSED) throw new IOException(file + ": unsupported table format version " + version);
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
            if (n != index.size() || (version == VERSION_RAW && ch.size() != HEADER + 4 * n)) {
                throw new IOException(file + ": size does not match material " + m + " (" + n + " slots, " + ch.size() + " bytes)");
            }
            long[][] counts = new long[2][5];
            for (int s = 0; s < 2; s++) for (int c = 0; c < 5; c++) counts[s][c] = h.getLong(72 + 8 * (s * 5 + c));
            Header header = new Header(version, m.name(), n, h.getInt(24), counts, new int[] {h.getInt(152), h.getInt(156)},
                new int[] {h.getInt(160), h.getInt(164)});
            if (version == VERSION_RAW) {
                MappedShorts dtm = new MappedShorts(ch, FileChannel.MapMode.READ_ONLY, HEADER, n);
                MappedShorts dtz = new MappedShorts(ch, FileChannel.MapMode.READ_ONLY, HEADER + 2 * n, n);
                return new Table(index, file, ch, dtm, dtz, header);
            }
            if (h.getInt(168) != BlockFormat.CODEC_ZSTD) throw new IOException(file + ": unsupported codec " + h.getInt(168));
            BlockValues dtm = new BlockValues(file, ch, h.getLong(176), n);
            BlockValues dtz = new BlockValues(file, ch, h.getLong(184), n);
            if (!inMemory) return new Table(index, file, ch, dtm, dtz, header);
            Table t;
            try {
                t = new Table(index, file, null, new MemoryValues(dtm), new MemoryValues(dtz), header);
            } catch (CorruptTableException e) {
                throw new IOException(e.getMessage());
            }
            ch.close(); // the mappings stay valid until collected, and nothing reads them again
            return t;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Whether a finished table's CRC matches: of both raw sections (version 1) or of every byte after the header (version 2). */
    public static boolean checksumOk(Table t) throws IOException {
        if (t.header().version == VERSION_RAW) return checksum(t) == t.header().crc;
        try (FileChannel ch = FileChannel.open(t.path(), StandardOpenOption.READ)) {
            return payloadCrc(ch) == t.header().crc;
        }
    }

    /** CRC-32C of both value sections of a raw (version-1 or in-progress) table. */
    public static int checksum(Table t) {
        if (!(t.dtmStore() instanceof MappedShorts)) throw new IllegalArgumentException(t.path() + ": not a raw table");
        CRC32C crc = new CRC32C();
        for (MappedByteBuffer b : ((MappedShorts) t.dtmStore()).chunks()) crc.update(b.duplicate().clear());
        for (MappedByteBuffer b : ((MappedShorts) t.dtzStore()).chunks()) crc.update(b.duplicate().clear());
        return (int) crc.getValue();
    }

    /** CRC-32C of every byte after the header. */
    private static int payloadCrc(FileChannel ch) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
        for (long pos = HEADER, size = ch.size(); pos < size; ) {
            b.clear();
            int n = ch.read(b, pos);
            if (n < 0) break;
            b.flip();
            crc.update(b);
            pos += n;
        }
        return (int) crc.getValue();
    }
}
