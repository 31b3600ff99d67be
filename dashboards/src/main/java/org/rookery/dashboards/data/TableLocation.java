package org.rookery.dashboards.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.rookery.contract.schema.Tables;
import org.rookery.dashboards.http.ApiException;

/**
 * Where one Parquet table lives ({@code DATA/<name>/}, Hive-partitioned or not) and the DuckDB
 * expression that reads it. A table that is not there yet is an HTTP 503 naming it, and it is
 * looked for again on the next request, since the Spark jobs may write it while the dashboard runs.
 */
public final class TableLocation {
    /** Which command writes each table, for the message when it is missing. */
    private static final Map<String, String> WRITERS = Map.of(
            Tables.GAMES, "./rookery analyze ingest or ./rookery sink writes it",
            Tables.OPENINGS, "./rookery analyze openings writes it",
            Tables.OPENINGS_BREAKDOWN, "./rookery analyze openings writes it",
            Tables.DRAW_RULES, "./rookery analyze draw-rules writes it",
            Tables.ENDGAMES, "./rookery analyze endgames writes it",
            Tables.SPSA, "./rookery tune --data or ./rookery sink writes it");

    private final String name;
    private final Path dir;
    private volatile boolean present;

    public TableLocation(Path dataRoot, String name) {
        this.name = name;
        this.dir = dataRoot.resolve(name);
    }

    public String name() {
        return name;
    }

    public Path dir() {
        return dir;
    }

    /** Whether the table has at least one Parquet file. */
    public boolean exists() {
        if (present) return true;
        if (!Files.isDirectory(dir)) return false;
        try (Stream<Path> files = Files.walk(dir, 8)) {
            present = files.anyMatch(p -> p.getFileName().toString().endsWith(".parquet") && Files.isRegularFile(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return present;
    }

    /** {@code read_parquet('DIR/**}{@code /*.parquet', ...)}; throws a 503 when the table is missing. */
    public String scan() {
        if (!exists()) {
            throw ApiException.unavailable("no '" + name + "' table in the data directory yet (" + WRITERS.getOrDefault(name,
                    "the analyze jobs write it") + ")");
        }
        String glob = dir.toAbsolutePath() + "/**/*.parquet";
        return "read_parquet('" + glob.replace("'", "''") + "', hive_partitioning = true, union_by_name = true)";
    }
}
