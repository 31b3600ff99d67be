package org.rookery.dashboards.data;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.duckdb.DuckDBConnection;

/**
 * An embedded, in-memory DuckDB that reads the Parquet tables in place, with a small pool of
 * connections to the same database (DuckDB connections are not for concurrent use, but duplicates
 * of one are cheap and share its caches, including the Parquet metadata cache).
 */
public final class DuckDb implements AutoCloseable {
    /** Work done on one pooled connection. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final DuckDBConnection root;
    private final BlockingQueue<Connection> pool;
    private final java.nio.file.Path scratch;

    public DuckDb(int connections, int threads) throws SQLException {
        root = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = root.createStatement()) {
            s.execute("SET threads TO " + threads);
            // Footers are read once per file instead of once per query: the explorer's point
            // lookups then cost a row-group read, not a file open and footer parse.
            s.execute("SET parquet_metadata_cache = true");
            s.execute("SET enable_progress_bar = false");
            // The machine is shared; beyond this DuckDB spills to its own temporary directory.
            s.execute("SET memory_limit = '3GB'");
            scratch = java.nio.file.Paths.get(System.getProperty("java.io.tmpdir"),
                    "rookery-duckdb-" + ProcessHandle.current().pid());
            String tmp = scratch.toString();
            s.execute("SET temp_directory = '" + tmp.replace("'", "''") + "'");
            // The dashboard never fetches remote data; user input never reaches a path, but refuse anyway.
            s.execute("SET autoinstall_known_extensions = false");
            s.execute("SET autoload_known_extensions = false");
        }
        pool = new ArrayBlockingQueue<>(connections);
        for (int i = 0; i < connections; i++) pool.add(root.duplicate());
    }

    /** Runs {@code work} on a free connection, waiting for one if all are busy. */
    public <T> T with(Work<T> work) throws SQLException {
        Connection c;
        try {
            c = pool.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a database connection", e);
        }
        try {
            return work.run(c);
        } finally {
            pool.add(c);
        }
    }

    /**
     * Runs {@code work} on a connection of its own, outside the pool: long work (building the
     * explorer's index) then never holds up the lookups.
     */
    public <T> T withOwn(Work<T> work) throws SQLException {
        try (Connection c = root.duplicate()) {
            return work.run(c);
        }
    }

    /** This process's directory for DuckDB's spill files and for databases built from the tables (their owners delete them). */
    public java.nio.file.Path scratch() {
        return scratch;
    }

    @Override
    public void close() throws SQLException {
        for (Connection c : pool) c.close();
        root.close();
    }
}
