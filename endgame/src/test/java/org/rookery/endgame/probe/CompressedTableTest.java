package org.rookery.endgame.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Position;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Boards;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;

/** The compressed format 2 against the raw values the generator writes, and against format 1 files. */
class CompressedTableTest {
    /** Every position's values read back from the compressed file equal the raw values of the table in progress. */
    @Test
    void compressedValuesEqualTheGeneratorsRawValues(@TempDir Path tmp) throws IOException {
        for (String name : List.of("KRvK", "KPvK")) {
            Material m = Material.parse(name);
            TableIndex index = new TableIndex(m);
            try (Generator g = new Generator(tmp, 2, null)) {
                for (Material c : Material.withDependencies(m.children())) if (!Files.exists(TableFile.path(tmp, c))) g.generate(c);
                g.generateSlices(m, 0, index.sliceCount(), false); // leaves the raw NAME.rtb.part
            }
            Table raw = TableFile.resume(tmp, index);
            long broken = 0;
            TableFile.finish(raw, new long[2][5], new int[2], new int[2], 2);
            // finish deleted the .part: read the raw values again from a fresh build of the same slices
            try (Generator g = new Generator(tmp.resolve("again"), 2, null)) {
                for (Material c : Material.withDependencies(m.children())) {
                    Files.createDirectories(tmp.resolve("again"));
                    Files.copy(TableFile.path(tmp, c), TableFile.path(tmp.resolve("again"), c), StandardCopyOption.REPLACE_EXISTING);
                }
                g.generateSlices(m, 0, index.sliceCount(), false);
            }
            long[] bb = new long[12];
            try (Table again = TableFile.resume(tmp.resolve("again"), index);
                 Table blocks = TableFile.open(TableFile.path(tmp, m));
                 Table memory = TableFile.open(TableFile.path(tmp, m), true)) {
                assertTrue(blocks.compressed() && !blocks.inMemory() && memory.inMemory());
                for (long i = 0; i < index.size(); i++) {
                    if (!index.valid(i, bb)) {
                        assertEquals(Values.BROKEN, again.dtm(i));
                        broken++;
                        continue;
                    }
                    assertEquals(again.dtm(i), blocks.dtm(i), name + " dtm slot " + i);
                    assertEquals(again.dtz(i), blocks.dtz(i), name + " dtz slot " + i);
                    assertEquals(again.dtm(i), memory.dtm(i), name + " dtm slot " + i);
                    assertEquals(again.dtz(i), memory.dtz(i), name + " dtz slot " + i);
                }
            }
            assertTrue(broken > 0, name + " has slots that are no position");
            assertTrue(Files.size(TableFile.path(tmp, m)) < index.size(), name + ": under a byte per slot for both metrics");
        }
    }

    /** A version-1 file reads as before, and compressing it gives the bytes a build writes today. */
    @Test
    void version1FilesReadAndCompressToTheGeneratedBytes(@TempDir Path tmp) throws IOException {
        Path built = TableFile.path(Fixture.dir(), Material.parse("KQvKR"));
        Path old = TableFile.path(tmp, Material.parse("KQvKR"));
        Version1.write(built, old);
        long[] bb = new long[12];
        try (Table v1 = TableFile.open(old); Table v2 = TableFile.open(built)) {
            assertFalse(v1.compressed());
            assertEquals(1, v1.header().version);
            assertEquals(2, v2.header().version);
            assertTrue(TableFile.checksumOk(v1) && TableFile.checksumOk(v2));
            TableIndex index = v1.index();
            for (long i = 0; i < index.size(); i += 7) {
                if (!index.valid(i, bb)) continue;
                assertEquals(v2.dtm(i), v1.dtm(i));
                assertEquals(v2.dtz(i), v1.dtz(i));
            }
        }
        assertTrue(TableFile.compress(old, 2));
        assertFalse(TableFile.compress(old, 2), "a compressed table is left alone");
        assertArrayEquals(Files.readAllBytes(built), Files.readAllBytes(old));
    }

    /** In-memory and block-by-block probing answer alike. */
    @Test
    void inMemoryProbesEqualBlockProbes() throws IOException {
        Tablebase blocks = Fixture.tablebase();
        try (Tablebase memory = Tablebase.open(Fixture.dir(), true)) {
            long[] bb = new long[12];
            int n = 0;
            for (Table t : memory.tables()) {
                assertTrue(t.inMemory());
                TableIndex index = t.index();
                for (long i = 0; i < index.size(); i += 101) {
                    if (!index.valid(i, bb)) continue;
                    Position p = Boards.position(bb, index.decode(i, bb));
                    assertEquals(blocks.probe(p), memory.probe(p), p.toFen());
                    n++;
                }
            }
            assertTrue(n > 10_000);
        }
    }

    /** A value store over an array, for format tests. */
    private static final class ArrayValues extends ValueStore {
        final short[] v;

        ArrayValues(short[] v) {
            this.v = v;
        }

        @Override
        long count() {
            return v.length;
        }

        @Override
        short get(long i) {
            return v[(int) i];
        }
    }

    /** Both widths round-trip; broken slots read as the slot before them; a damaged block is an error naming the file. */
    @Test
    void blocksRoundTripAtBothWidths(@TempDir Path tmp) throws IOException {
        int n = 100_003;
        short[] wide = new short[n], narrow = new short[n];
        for (int i = 0; i < n; i++) {
            wide[i] = i % 7 == 3 ? Values.BROKEN : (short) (i % 1000 - 500);
            narrow[i] = i % 5 == 2 ? Values.BROKEN : (short) ((i / 37) % 200 - 100);
        }
        for (short[] values : List.of(wide, narrow)) {
            Path f = tmp.resolve(values == wide ? "wide" : "narrow");
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
                long end = BlockFormat.write(ch, 0, new ArrayValues(values), 2);
                assertEquals(ch.size(), end);
                BlockValues b = new BlockValues(f, ch, 0, n);
                assertEquals(values == wide ? 2 : 1, b.width);
                MemoryValues m = new MemoryValues(b);
                for (int i = 0; i < n; i++) {
                    short want = values[i];
                    if (want == Values.BROKEN) {
                        // the don't-care fill: the previous slot's value within the block
                        if (i % (BlockFormat.BLOCK_BYTES / b.width) != 0) assertEquals(b.get(i - 1), b.get(i), "fill at " + i);
                        continue;
                    }
                    assertEquals(want, b.get(i), "slot " + i);
                    assertEquals(want, m.get(i), "slot " + i);
                }
            }
            try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                raf.seek(raf.length() - 40);
                raf.write(new byte[20]);
            }
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                BlockValues b = new BlockValues(f, ch, 0, n);
                boolean caught = false;
                for (int i = n - 1; i >= n - 100 && !caught; i--) {
                    try {
                        if (b.get(i) != values[i] && values[i] != Values.BROKEN) caught = true;
                    } catch (CorruptTableException e) {
                        assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
                        caught = true;
                    }
                }
                assertTrue(caught, "zeroed bytes in the last block are noticed");
                assertThrows(CorruptTableException.class, () -> new MemoryValues(b).count());
            }
        }
    }
}
