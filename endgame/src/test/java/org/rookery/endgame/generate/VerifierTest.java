package org.rookery.endgame.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.Version1;

class VerifierTest {
    @Test
    void everyGeneratedTableIsConsistentWithItsSuccessors() throws IOException {
        Verifier v = new Verifier(Fixture.dir(), 2);
        for (Material m : Material.withDependencies(Fixture.FOUR.stream().map(Material::parse).toList())) {
            Verifier.Report r = v.verify(m);
            assertTrue(r.ok(), m + ": " + r.mismatches + " mismatches " + r.examples + (r.checksumOk ? "" : ", bad checksum"));
            assertTrue(r.positions > 0);
        }
    }

    /** A raw (format version 1) table with one value changed: bad checksum, and the value disagrees with its successors. */
    @Test
    void aCorruptedValueIsCaught() throws IOException {
        Path dir = Files.createTempDirectory("rookery-tb-corrupt");
        Files.copy(TableFile.path(Fixture.dir(), Material.parse("KvK")), TableFile.path(dir, Material.parse("KvK")), StandardCopyOption.REPLACE_EXISTING);
        Path f = TableFile.path(dir, Material.parse("KQvK"));
        Version1.write(TableFile.path(Fixture.dir(), Material.parse("KQvK")), f);
        Verifier v = new Verifier(dir, 1);
        assertTrue(v.verify(Material.parse("KQvK")).ok());
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            // find a won DTM value (positive short) and shorten it by two plies
            for (long off = 256; off < 256 + 40_000; off += 2) {
                raf.seek(off);
                int v0 = Short.reverseBytes(raf.readShort());
                if (v0 > 3) {
                    raf.seek(off);
                    raf.writeShort(Short.reverseBytes((short) (v0 - 2)));
                    break;
                }
            }
        }
        Verifier.Report r = v.verify(Material.parse("KQvK"));
        assertFalse(r.checksumOk);
        assertTrue(r.mismatches >= 1, "the corrupted value and its neighbours disagree");
        assertEquals(false, r.ok());
    }

    /** A compressed table with one byte of a block changed: the checksum says so, and verifying neither throws nor passes. */
    @Test
    void aCorruptedBlockIsCaught() throws IOException {
        Path dir = Files.createTempDirectory("rookery-tb-corrupt2");
        for (String name : new String[] {"KvK", "KQvK"}) {
            Files.copy(TableFile.path(Fixture.dir(), Material.parse(name)), TableFile.path(dir, Material.parse(name)), StandardCopyOption.REPLACE_EXISTING);
        }
        Path f = TableFile.path(dir, Material.parse("KQvK"));
        Verifier v = new Verifier(dir, 1);
        assertTrue(v.verify(Material.parse("KQvK")).ok());
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            long at = raf.length() - 100; // inside the last DTZ block
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0x5a);
        }
        Verifier.Report r = v.verify(Material.parse("KQvK"));
        assertFalse(r.checksumOk);
        assertFalse(r.ok());
    }
}
