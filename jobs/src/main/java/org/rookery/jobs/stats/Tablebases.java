package org.rookery.jobs.stats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rookery.core.cli.UsageError;
import org.rookery.endgame.probe.Tablebase;

/**
 * Tablebase directories opened once per JVM, that is once per Spark executor, and shared by all
 * its tasks: opening maps every table file, which costs far more than the probes of one
 * partition, and {@link Tablebase#probe} is thread-safe. The mappings live until the JVM ends.
 */
public final class Tablebases {
    private Tablebases() {
    }

    private static final Map<String, Tablebase> OPEN = new ConcurrentHashMap<>();

    /** The tables of {@code dir}, opened on first use in this JVM. */
    public static Tablebase get(String dir) {
        return OPEN.computeIfAbsent(dir, d -> {
            try {
                return Tablebase.open(Path.of(d));
            } catch (IOException e) {
                throw new UncheckedIOException("tablebase " + d + ": " + e.getMessage(), e);
            }
        });
    }

    /**
     * Checks on the driver, before any task runs, that {@code dir} is a directory holding at least
     * one table; a usage error naming the directory otherwise. Executors of a cluster must see
     * the same path (a shared file system or the same files on every node).
     */
    public static void check(String dir) {
        Path p = Path.of(dir);
        if (!Files.isDirectory(p)) {
            throw new UsageError("--tb " + dir + ": no such directory");
        }
        Tablebase tb;
        try {
            tb = get(dir);
        } catch (UncheckedIOException | IllegalArgumentException e) {
            throw new UsageError("--tb " + dir + ": " + e.getMessage());
        }
        if (tb.tables().isEmpty()) {
            throw new UsageError("--tb " + dir + ": no tablebase files (*.rtb) there; generate some with "
                    + "'rookery tb generate KQvK --out " + dir + "'");
        }
    }
}
