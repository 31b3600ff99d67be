package org.rookery.bench.tablebase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.bench.CommandRun;

class TbBenchCommandTest {
    @TempDir Path work;

    @Test
    void timesTheNamedTableItsDependencyAndProbes() throws Exception {
        CommandRun r = CommandRun.of(new TbBenchCommand(), "KRK", "--work", work.toString(), "--threads", "1", "--probes", "20000");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().matches("(?s).*\\nKvK +924 .*\\(dependency\\).*"), r.out());
        assertTrue(r.out().matches("(?s).*\\nKRvK +50,015 .*"), r.out());
        assertTrue(r.out().contains("probe (in memory): "), r.out());
        assertTrue(r.out().contains("over 20,000 probes"), r.out());
        try (var files = Files.list(work)) {
            assertTrue(files.findAny().isPresent(), "the tables stay in --work");
        }
    }

    @Test
    void aBadMaterialIsOneLineNamingIt() {
        CommandRun r = CommandRun.of(new TbBenchCommand(), "KXK", "--work", work.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("rookery tb bench: ") && r.err().contains("KXK"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }
}
