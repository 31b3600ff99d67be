package org.rookery.jobs.stats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rookery.core.cli.UsageError;
import org.rookery.endgame.source.TableSources;

/**
 * Tablebase paths (Rookery and/or Syzygy tables, directories separated by ':') opened once per JVM,
 * that is once per Spark executor, and shared by all its tasks: opening maps every table file,
 * which costs far more than the probes of one partition, and {@link TableSources#probe} is
 * thread-safe. The mappings live until the JVM ends.
 */
public final class Tablebases {
    private Tablebases() {
    }

    private static final Map<String, TableSources> OPEN = new ConcurrentHashMap<>();

    /** The tables of {@code path}, opened on first use in this JVM. */
    public static TableSources get(String path) {
        return OPEN.computeIfAbsent(path, d -> {
            try {
                return TableSources.open(d);
            } catch (IOException e) {
                throw new UncheckedIOException("tablebase " + d + ": " + e.getMessage(), e);
            }
        });
    }

    /**
     * Checks on the driver, before any task runs, that every directory of {@code path} exists and
     * holds Rookery or Syzygy tables, and that their files open; a usage error naming the directory
     * or file otherwise. Executors of a cluster must see the same path (a shared file system or the
     * same files on every node).
     */
    public static void check(String path) {
        try {
            get(path);
        } catch (UncheckedIOException | IllegalArgumentException e) {
            throw new UsageError("--tb " + path + ": " + e.getMessage()
                    + (e.getMessage() != null && e.getMessage().contains("holds neither")
                    ? "; generate Rookery tables with 'rookery tb generate KQvK --out DIR' or point at Syzygy tables" : ""));
        } catch (RuntimeException e) {
            // a truncated or foreign file: the reader's message names it
            throw new UsageError("--tb " + path + ": " + e.getMessage());
        }
    }
}
