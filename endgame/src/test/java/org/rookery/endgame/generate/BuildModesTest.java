package org.rookery.endgame.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.TableFile;

/**
 * The ways a build can run give the same files: tables built side by side (one thread each), one
 * at a time on two threads (where KQvK and KRvK, whose captures all lead to a draw, solve DTM once
 * with both threads and copy it as DTZ), one at a time on one thread, and with the child tables
 * read from their files block by block instead of from the heap.
 */
class BuildModesTest {
    private static final List<Material> TARGETS = List.of(Material.parse("KQvK"), Material.parse("KRvK"), Material.parse("KPvK"));

    @Test
    void sideBySideAloneAndSingleThreadedBuildsWriteTheSameBytes(@TempDir Path tmp) throws IOException {
        Path sideBySide = tmp.resolve("side"), alone = tmp.resolve("alone"), single = tmp.resolve("single");
        List<String> lines = new ArrayList<>();
        try (Generator g = new Generator(sideBySide, 2, lines::add)) {
            assertEquals(6, g.generate(TARGETS).size());
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("KQvK:") && l.contains("built beside other tables")), lines.toString());
        try (Generator g = new Generator(alone, 2, null)) {
            for (Material m : Material.withDependencies(TARGETS)) g.generate(m);
        }
        try (Generator g = new Generator(single, 1, null)) {
            g.generate(TARGETS);
        }
        // as if the heap had no room for any child table decompressed: every one is read from its file
        Path fromFiles = tmp.resolve("files");
        List<String> notes = new ArrayList<>();
        try (Generator g = new Generator(fromFiles, 2, notes::add)) {
            g.heapForChildren = 0;
            for (Material m : Material.withDependencies(TARGETS)) g.generate(m);
        }
        assertTrue(notes.stream().anyMatch(l -> l.startsWith("KPvK: reading [") && l.contains("from their files")), notes.toString());
        for (Material m : Material.withDependencies(TARGETS)) {
            byte[] expected = Files.readAllBytes(TableFile.path(single, m));
            assertArrayEquals(expected, Files.readAllBytes(TableFile.path(fromFiles, m)), m + " with its children read from their files");
            assertArrayEquals(expected, Files.readAllBytes(TableFile.path(sideBySide, m)), m + " side by side");
            assertArrayEquals(expected, Files.readAllBytes(TableFile.path(alone, m)), m + " alone on two threads");
        }
    }
}
