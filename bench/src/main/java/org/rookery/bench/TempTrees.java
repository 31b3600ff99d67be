package org.rookery.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** The throw-away directories benchmarks build (a broker's data, a synthetic corpus): removed after the run. */
public final class TempTrees {
    private TempTrees() {
    }

    /** Deletes a directory tree (a no-op when it does not exist). */
    public static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
