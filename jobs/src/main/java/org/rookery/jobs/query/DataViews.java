package org.rookery.jobs.query;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.rookery.core.cli.UsageError;

/**
 * An in-memory DuckDB connection with one view per table directory under the data root: every
 * directory whose name is an SQL identifier and that holds Parquet files (at any depth, so
 * Spark's {@code collection=...} partitions are read as a column). Directories added later by new
 * jobs are found the same way, so the list of tables lives in the data, not here.
 */
public final class DataViews implements AutoCloseable {
    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]*");

    private final Connection connection;
    private final List<String> tables;

    private DataViews(Connection connection, List<String> tables) {
        this.connection = connection;
        this.tables = tables;
    }

    /** Opens the views over {@code data}; a missing directory is a usage error naming it. */
    public static DataViews open(Path data) throws IOException {
        if (!Files.isDirectory(data)) throw new UsageError("--data: " + data + " is not a directory");
        List<String> names = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(data)) {
            for (Path d : dirs.sorted().toList()) {
                String name = d.getFileName().toString();
                if (Files.isDirectory(d) && NAME.matcher(name).matches() && holdsParquet(d)) names.add(name);
            }
        }
        try {
            Properties p = new Properties();
            // Without it the JDBC driver materializes the whole result before the first row.
            p.setProperty("jdbc_stream_results", "true");
            Connection c = DriverManager.getConnection("jdbc:duckdb:", p);
            try (Statement s = c.createStatement()) {
                // Bounded memory: a sort (export's ORDER BY, a user's) spills to disk past 1 GB
                // instead of taking DuckDB's default of most of the machine's memory.
                s.execute("SET memory_limit = '1GB'");
                s.execute("SET temp_directory = " + literal(System.getProperty("java.io.tmpdir") + "/rookery-duckdb-"
                        + ProcessHandle.current().pid()));
                // DuckDB keeps a query's progress for the JDBC driver to read (ProgressLines) only
                // with its progress bar on; it prints nothing itself, since it would print on stdout.
                s.execute("SET enable_progress_bar = true");
                s.execute("SET enable_progress_bar_print = false");
                for (String name : names) {
                    String glob = data.resolve(name).toAbsolutePath() + "/**/*.parquet";
                    s.execute("CREATE VIEW \"" + name + "\" AS SELECT * FROM read_parquet(" + literal(glob)
                            + ", union_by_name = true)");
                }
            }
            return new DataViews(c, List.copyOf(names));
        } catch (SQLException e) {
            throw new IOException("cannot open the tables under " + data + ": " + firstLine(e), e);
        }
    }

    private static boolean holdsParquet(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".parquet") && Files.isRegularFile(f));
        }
    }

    /** The connection; its views are the table names. */
    public Connection connection() {
        return connection;
    }

    /** Names of the registered views, sorted. */
    public List<String> tables() {
        return tables;
    }

    /** Whether a view of that name was registered. */
    public boolean has(String table) {
        return tables.contains(table);
    }

    /** An SQL string literal. */
    static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** DuckDB's message without the caret diagram it adds below: the one line a user needs. */
    public static String firstLine(SQLException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage().strip();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl).strip();
    }

    /** The usage error for a statement DuckDB refused. */
    static UsageError badSql(SQLException e) {
        return new UsageError(firstLine(e));
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
