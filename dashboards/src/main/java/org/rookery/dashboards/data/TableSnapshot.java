package org.rookery.dashboards.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The names, sizes and modification times of a table's Parquet files: when it changes, the table
 * was rewritten and copies of it are stale.
 */
final class TableSnapshot {
    private TableSnapshot() {
    }

    static String of(Path dir) {
        if (!Files.isDirectory(dir)) return "";
        try (Stream<Path> files = Files.walk(dir, 8)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".parquet") && Files.isRegularFile(p))
                    .sorted()
                    .map(p -> {
                        try {
                            return p + ":" + Files.size(p) + ":" + Files.getLastModifiedTime(p).toMillis();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .collect(Collectors.joining("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
