package org.rookery.jobs.query;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Callable;
import org.rookery.core.cli.ProgressTicker;
import org.rookery.core.cli.UsageError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./rookery sql}: one DuckDB statement over the data root's tables, to the terminal or a file. */
@Command(name = "sql", mixinStandardHelpOptions = true,
        description = {"Run one SQL statement (DuckDB's dialect) over the Parquet tables under DATA.",
            "Every directory holding Parquet files is a view of its name: games, rejected,",
            "draw_rules, openings, endgames, tablebase, ... ('SHOW TABLES' lists them).",
            "Results print as a text table, or go to --out as csv, json lines or parquet.",
            "A run longer than two seconds shows progress on stderr."})
final class SqlCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SQL", description = "the statement, e.g. \"SELECT result, count(*) FROM games GROUP BY 1\"")
    String sql;

    @Option(names = "--data", paramLabel = "DATA", description = "data root (default: ./rookery-data)")
    Path data = Path.of("rookery-data");

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "table (the terminal), csv, json (one object per line) or parquet (default: table, or --out's extension)")
    OutputFormat format;

    @Option(names = "--out", paramLabel = "FILE", description = "write the whole result to FILE (csv, json or parquet) through DuckDB's COPY")
    Path out;

    @Option(names = "--max-rows", paramLabel = "N", description = "rows shown on the terminal (default: 1000); --out writes all")
    long maxRows = 1000;

    @Option(names = "--quiet", description = "No progress lines.")
    boolean quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, SQLException {
        String statement = trimmed(sql);
        if (statement.isEmpty()) throw new UsageError("SQL: the statement is empty");
        if (maxRows < 1) throw new UsageError("--max-rows must be at least 1, not " + maxRows);
        OutputFormat f = format != null ? format : out != null ? OutputFormat.ofFile(out.toString()) : OutputFormat.table;
        if (f == null) throw new UsageError("--out " + out + ": name a .csv, .json or .parquet file, or give --format");
        if (f == OutputFormat.table && out != null) {
            throw new UsageError("--format table prints to the terminal; drop --out, or choose csv, json or parquet");
        }
        if (f != OutputFormat.table && out == null) throw new UsageError("--format " + f + " needs --out FILE");
        if (out != null) OutputFiles.checkParent(out);
        PrintWriter err = spec.commandLine().getErr();
        String query = f == OutputFormat.table ? null : copyable(statement); // refused before any table is opened
        try (DataViews views = DataViews.open(data); Statement s = views.connection().createStatement()) {
            if (f == OutputFormat.table) {
                try (ProgressTicker ticker = ProgressLines.start(err, quiet, t -> "sql: running, " + ProgressLines.elapsed(t, s))) {
                    PrintWriter stdout = endingTicker(spec.commandLine().getOut(), ticker);
                    boolean rows;
                    try {
                        rows = s.execute(statement);
                    } catch (SQLException e) {
                        throw DataViews.badSql(e);
                    }
                    if (rows) {
                        try (ResultSet rs = s.getResultSet()) {
                            if (firstKeyword(statement).equals("EXPLAIN")) TextTable.printPlan(rs, stdout);
                            else TextTable.print(rs, stdout, maxRows);
                        } catch (SQLException e) {
                            throw DataViews.badSql(e);
                        }
                    } else {
                        stdout.println("(done)");
                    }
                    stdout.flush();
                }
                return 0;
            }
            Path file = out.toAbsolutePath();
            try (ProgressTicker ticker = ProgressLines.start(err, quiet,
                    t -> "sql: writing " + out + ", " + ProgressLines.elapsed(t, s))) {
                s.execute("COPY (\n" + query + "\n) TO " + DataViews.literal(file.toString()) + " (" + f.copyOptions + ")");
            } catch (SQLException e) {
                throw DataViews.badSql(e);
            }
            err.println("sql: wrote " + out + " (" + f + ", " + Files.size(file) + " bytes)");
            return 0;
        }
    }

    /**
     * {@code stdout}, ending the ticker before its first character: from there on the rows themselves
     * show progress, and on a terminal the ticker's rewritten line would run into the table.
     */
    private static PrintWriter endingTicker(PrintWriter stdout, ProgressTicker ticker) {
        return new PrintWriter(new Writer() {
            @Override
            public void write(char[] text, int offset, int length) {
                if (length > 0) ticker.close();
                stdout.write(text, offset, length);
            }

            @Override
            public void flush() {
                stdout.flush();
            }

            @Override
            public void close() {
                stdout.flush();
            }
        });
    }

    /** Statements whose rows DuckDB takes as a subquery only when wrapped in {@code SELECT * FROM (...)}. */
    private static final java.util.Set<String> WRAPPED = java.util.Set.of("SHOW", "DESCRIBE", "SUMMARIZE");
    /** Statements COPY (...) takes as they are. */
    private static final java.util.Set<String> QUERIES = java.util.Set.of("SELECT", "WITH", "FROM", "VALUES", "TABLE", "(");

    /**
     * The statement as COPY's query; the newlines around it keep a trailing {@code --} comment from
     * swallowing COPY's closing parenthesis.
     */
    static String copyable(String statement) {
        String first = firstKeyword(statement);
        if (QUERIES.contains(first)) return statement;
        if (WRAPPED.contains(first)) return "SELECT * FROM (\n" + statement + "\n)";
        throw new UsageError("--out takes a query (SELECT, WITH, FROM, VALUES, SHOW, DESCRIBE or SUMMARIZE), not " + first
            + ": print it to the terminal without --out");
    }

    /** The statement's first keyword, upper case, after any comments ({@code (} for a parenthesised query). */
    static String firstKeyword(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                break;
            }
        }
        if (i < n && sql.charAt(i) == '(') return "(";
        int start = i;
        while (i < n && Character.isLetter(sql.charAt(i))) i++;
        return sql.substring(start, i).toUpperCase(java.util.Locale.ROOT);
    }

    /** The statement without the trailing semicolons COPY (...) would refuse. */
    static String trimmed(String sql) {
        String t = sql.strip();
        while (t.endsWith(";")) t = t.substring(0, t.length() - 1).strip();
        return t;
    }
}
