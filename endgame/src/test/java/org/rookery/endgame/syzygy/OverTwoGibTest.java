package org.rookery.endgame.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Position;
import org.rookery.endgame.probe.CorruptTableException;

/**
 * A real table made larger than 4 GiB: the bundled KPvK.rtbw with its first compressed sub-table's
 * blocks widened (block size 2^k, the old bytes at the start of each block, zeros after), so that
 * sub-table spans gigabytes of a sparse file and every later sub-table's blocks start past 2^32.
 * The format allows it (a block is read from its start only as far as its values go), and the
 * values are those of the original file, which is the oracle.
 */
class OverTwoGibTest {
    private static final long FOUR_GIB = 1L << 32;

    @Test
    void everyIndexAndPositionPastFourGibReadsAsTheOriginal(@TempDir Path dir) throws IOException {
        Path source = SyzygyFixturesTest.fixtures().resolve("KPvK.rtbw");
        long key = Material.parse("KPvK");
        SyzygyTable original = new SyzygyTable(source, key, false);
        Path big = dir.resolve("KPvK.rtbw");
        long[] relocated = widen(source, original, big);
        long size = Files.size(big);
        assertTrue(size > FOUR_GIB, "the test file is " + size + " bytes");

        SyzygyTable table = new SyzygyTable(big, key, false);
        assertTrue(table.regions() > 4, big + " mapped as " + table.regions() + " regions");
        int past = 0;
        for (int i = 0; i < 8; i++) {
            PairsData a = original.part(i);
            PairsData b = table.part(i);
            if (a == null) continue;
            assertEquals(relocated[i], b.dataAt(), "sub-table " + i + " data where the format puts it");
            if (b.blocks() > 0 && b.dataAt() > FOUR_GIB) past++;
            for (long idx = 0; idx < a.size(); idx++) assertEquals(a.value(idx), b.value(idx), "sub-table " + i + " index " + idx);
        }
        assertTrue(past >= 4, "only " + past + " sub-tables have their blocks past 4 GiB");

        // the public reader, from its directory, beside the small DTZ file and the tables promotions reach
        Files.copy(SyzygyFixturesTest.fixtures().resolve("KPvK.rtbz"), dir.resolve("KPvK.rtbz"));
        for (String m : List.of("KQvK", "KRvK", "KBvK", "KNvK")) {
            for (String ext : List.of(".rtbw", ".rtbz")) Files.copy(SyzygyFixturesTest.fixtures().resolve(m + ext), dir.resolve(m + ext));
        }
        SyzygyTablebase tb = new SyzygyTablebase(List.of(dir));
        SyzygyTablebase reference = new SyzygyTablebase(List.of(SyzygyFixturesTest.fixtures()));
        SplittableRandom random = new SplittableRandom(31);
        for (int i = 0; i < 500; i++) {
            Position pos = RandomPositions.of("KPvK", random.nextBoolean(), random);
            assertEquals(reference.wdl(pos), tb.wdl(pos), "WDL of " + pos.toFen());
            assertEquals(reference.dtz(pos), tb.dtz(pos), "DTZ of " + pos.toFen());
        }
    }

    @Test
    void aTruncatedFileOverFourGibIsOneLineNamingIt(@TempDir Path dir) throws IOException {
        Path source = SyzygyFixturesTest.fixtures().resolve("KPvK.rtbw");
        Path big = dir.resolve("KPvK.rtbw");
        widen(source, new SyzygyTable(source, Material.parse("KPvK"), false), big);
        try (RandomAccessFile raf = new RandomAccessFile(big.toFile(), "rw")) {
            raf.setLength(raf.length() - 100);
        }
        CorruptTableException e = assertThrows(CorruptTableException.class, () -> new SyzygyTablebase(List.of(dir)));
        assertTrue(e.getMessage().contains(big.toString()) && e.getMessage().contains("truncated"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    /**
     * Writes {@code source} to {@code out} with the first sub-table (in file order) that has blocks
     * widened to 2^k-byte blocks, k the least that puts the next sub-table's data past 4 GiB (at most
     * 2^30, the reader's limit); returns each sub-table's new data offset, by index.
     */
    private static long[] widen(Path source, SyzygyTable original, Path out) throws IOException {
        byte[] bytes = Files.readAllBytes(source);
        PairsData[] order = new PairsData[8];
        int[] index = new int[8];
        int n = 0;
        for (int i = 0; i < 8; i++) {
            if (original.part(i) == null) continue;
            order[n] = original.part(i);
            index[n++] = i;
        }
        Integer[] byData = new Integer[n];
        for (int i = 0; i < n; i++) byData[i] = i;
        Arrays.sort(byData, Comparator.comparingLong(i -> order[i].dataAt()));
        PairsData wide = null;
        for (int i : byData) {
            if (order[i].blocks() > 0) {
                wide = order[i];
                break;
            }
        }
        assertTrue(wide != null, "KPvK.rtbw has compressed blocks");
        int oldLog = Integer.numberOfTrailingZeros(wide.blockSize());
        assertEquals(oldLog, bytes[(int) wide.sizesAt() + 1], "the block-size byte follows the flags");
        int log = oldLog;
        while (log < 30 && ((long) wide.blocks() << log) <= FOUR_GIB) log++;
        assertTrue(((long) wide.blocks() << log) > FOUR_GIB, wide.blocks() + " blocks cannot reach 4 GiB");

        long firstData = order[byData[0]].dataAt();
        byte[] head = Arrays.copyOf(bytes, (int) firstData);
        head[(int) wide.sizesAt() + 1] = (byte) log;
        long[] relocated = new long[8];
        long at = firstData;
        long oldEnd = firstData;
        try (RandomAccessFile raf = new RandomAccessFile(out.toFile(), "rw")) {
            raf.write(head);
            for (int k : byData) {
                PairsData d = order[k];
                at = (at + 0x3F) & ~0x3FL;
                relocated[index[k]] = at;
                int from = (int) d.dataAt();
                int length = d.blocks() * d.blockSize();
                if (d == wide) {
                    for (int b = 0; b < d.blocks(); b++) {
                        raf.seek(at + ((long) b << log));
                        raf.write(bytes, from + b * d.blockSize(), d.blockSize());
                    }
                    at += (long) d.blocks() << log;
                } else {
                    raf.seek(at);
                    raf.write(bytes, from, length);
                    at += length;
                }
                oldEnd = Math.max(oldEnd, from + length);
            }
            raf.seek(at);
            raf.write(bytes, (int) oldEnd, bytes.length - (int) oldEnd);
            raf.setLength(at + bytes.length - oldEnd);
        }
        return relocated;
    }
}
