package org.rookery.endgame.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

/** A pawnful table's build killed between pawn waves continues there and writes the table a clean build writes. */
class ResumeTest {
    @Test
    void aKilledBuildContinuesAfterItsLastFinishedWave(@TempDir Path tmp) throws IOException {
        Material kpk = Material.parse("KPvK");
        Path clean = tmp.resolve("clean"), killed = tmp.resolve("killed");
        CleanBuild.of(clean, kpk);
        int[] waves = {0};
        try (Generator g = new Generator(killed, 2, line -> {
            if (line.startsWith("KPvK: slices") && ++waves[0] == 3) throw new IllegalStateException("killed");
        })) {
            assertThrows(IllegalStateException.class, () -> g.generate(List.of(kpk)));
        }
        assertTrue(Files.exists(TableFile.partPath(killed, kpk)));
        assertTrue(Files.exists(ResumeMark.path(killed, kpk)));
        assertFalse(Files.exists(TableFile.path(killed, kpk)));
        List<String> lines = new ArrayList<>();
        try (Generator g = new Generator(killed, 2, lines::add)) {
            assertEquals(List.of(kpk), g.plan(List.of(kpk)), "finished sub-tables are not built again");
            g.generate(List.of(kpk));
        }
        assertTrue(lines.stream().anyMatch(l -> l.contains("continuing the interrupted build at slice")), lines.toString());
        assertArrayEquals(Files.readAllBytes(TableFile.path(clean, kpk)), Files.readAllBytes(TableFile.path(killed, kpk)),
            "header statistics and values equal a clean build's");
        assertFalse(Files.exists(TableFile.partPath(killed, kpk)));
        assertFalse(Files.exists(ResumeMark.path(killed, kpk)));
    }

    /** A build killed after writing a table but before deleting its working copy leaves a .part. */
    @Test
    void aFinishedTablesLeftoverWorkingCopyIsDeleted(@TempDir Path tmp) throws IOException {
        Material krk = Material.parse("KRvK");
        try (Generator g = new Generator(tmp, 2, null)) {
            g.generate(List.of(krk));
        }
        byte[] table = Files.readAllBytes(TableFile.path(tmp, krk));
        Files.write(TableFile.partPath(tmp, krk), new byte[4096]);
        Files.write(tmp.resolve(TableFile.path(tmp, krk).getFileName() + ".tmp"), new byte[16]);
        try (Generator g = new Generator(tmp, 2, null)) {
            assertEquals(0, g.generate(List.of(krk)).size(), "nothing to build");
        }
        assertFalse(Files.exists(TableFile.partPath(tmp, krk)), "the leftover .part is gone");
        assertFalse(Files.exists(tmp.resolve(TableFile.path(tmp, krk).getFileName() + ".tmp")));
        assertArrayEquals(table, Files.readAllBytes(TableFile.path(tmp, krk)), "the table is untouched");
    }
}
