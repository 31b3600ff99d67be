package org.rookery.bench.dashboard;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.contract.schema.Tables;

/**
 * Links the {@code games} and {@code openings_breakdown} files of a data root the analyze jobs wrote
 * (a real corpus) into the benchmark's root beside the synthetic ones, so the dashboard reads both
 * as one table each; prints the real breakdown's size in games per MB.
 */
final class RealTables {
    private RealTables() {
    }

    static void link(Path real, Path root, PrintStream log) throws IOException {
        long games = 0;
        for (String table : List.of(Tables.GAMES, OpeningsBreakdown.SCHEMA.name())) {
            Path from = real.resolve(table);
            if (!Files.isDirectory(from)) {
                throw new IllegalArgumentException(from + " is missing: run 'rookery analyze ingest' and 'analyze openings' on it");
            }
            long bytes = 0;
            try (Stream<Path> files = Files.walk(from)) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".parquet"))::iterator) {
                    Path to = root.resolve(table).resolve("real").resolve(from.relativize(f));
                    Files.createDirectories(to.getParent());
                    Files.createSymbolicLink(to, f.toAbsolutePath());
                    bytes += Files.size(f);
                }
            }
            if (table.equals(Tables.GAMES)) {
                games = count(from);
            } else {
                log.printf("real corpus %s: %,d games -> openings_breakdown %.1f MB (%,.0f games per MB)%n", real, games,
                        bytes / 1e6, games / (bytes / 1e6));
            }
        }
    }

    private static long count(Path games) throws IOException {
        try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); var s = c.createStatement();
                var rs = s.executeQuery("SELECT count(*) FROM read_parquet('" + games.toAbsolutePath().toString().replace("'", "''")
                        + "/**/*.parquet', hive_partitioning = true)")) {
            rs.next();
            return rs.getLong(1);
        } catch (java.sql.SQLException e) {
            throw new IOException("counting " + games + ": " + e.getMessage(), e);
        }
    }
}
