package org.rookery.jobs.query;

import java.io.PrintWriter;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints a result set as an aligned text table, streaming: the column widths come from the first
 * {@value #SAMPLE} rows (held while measuring), later rows are padded to those widths, and a cell
 * longer than {@value #MAX_CELL} characters is cut with "…" so one long PGN cannot widen the table.
 */
final class TextTable {
    static final int SAMPLE = 200;
    static final int MAX_CELL = 60;

    private TextTable() {
    }

    /** Prints at most {@code maxRows} rows of {@code rs}; returns the rows printed. */
    static long print(ResultSet rs, PrintWriter out, long maxRows) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        int[] width = new int[n];
        String[] header = new String[n];
        for (int c = 0; c < n; c++) {
            header[c] = cell(md.getColumnLabel(c + 1));
            width[c] = header[c].length();
        }
        List<String[]> sample = new ArrayList<>();
        boolean more = true;
        while (sample.size() < Math.min(SAMPLE, maxRows) && (more = rs.next())) {
            String[] row = row(rs, n);
            for (int c = 0; c < n; c++) width[c] = Math.max(width[c], row[c].length());
            sample.add(row);
        }
        boolean[] right = new boolean[n];
        for (int c = 0; c < n; c++) right[c] = numeric(md.getColumnType(c + 1));
        out.println(line(header, width, new boolean[n]));
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < n; c++) rule.append(c == 0 ? "" : "-+-").append("-".repeat(width[c]));
        out.println(rule);
        long printed = 0;
        for (String[] row : sample) {
            out.println(line(row, width, right));
            printed++;
        }
        while (more && printed < maxRows && rs.next()) {
            out.println(line(row(rs, n), width, right));
            printed++;
        }
        boolean cut = more && printed == maxRows && rs.next();
        out.println("(" + printed + (printed == 1 ? " row" : " rows")
                + (cut ? "; more not shown: raise --max-rows, or write them all with --out FILE" : "") + ")");
        return printed;
    }

    /**
     * Prints an EXPLAIN result whole: its plan is one multi-line cell (DuckDB's {@code explain_value}) that a
     * table cut to {@value #MAX_CELL} characters would lose. Each row's last column, as it is.
     */
    static void printPlan(ResultSet rs, PrintWriter out) throws SQLException {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            String plan = rs.getString(n);
            out.println(plan == null ? "NULL" : plan);
        }
    }

    private static String[] row(ResultSet rs, int n) throws SQLException {
        String[] row = new String[n];
        for (int c = 0; c < n; c++) {
            Object v = rs.getObject(c + 1);
            row[c] = v == null ? "NULL" : cell(v instanceof java.sql.Array a ? arrayText(a) : v.toString());
        }
        return row;
    }

    private static String arrayText(java.sql.Array a) throws SQLException {
        Object[] items = (Object[]) a.getArray();
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < items.length && sb.length() <= MAX_CELL; i++) sb.append(i == 0 ? "" : ", ").append(items[i]);
        return sb.append(']').toString();
    }

    /** One line of text, cut to the cell width. */
    private static String cell(String text) {
        String t = text.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
        return t.length() <= MAX_CELL ? t : t.substring(0, MAX_CELL - 1) + "…";
    }

    private static String line(String[] cells, int[] width, boolean[] right) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            if (c > 0) sb.append(" | ");
            String v = cells[c].length() > width[c] ? cells[c].substring(0, width[c] - 1) + "…" : cells[c];
            String pad = " ".repeat(width[c] - v.length());
            sb.append(right[c] ? pad + v : v + (c == cells.length - 1 ? "" : pad));
        }
        return sb.toString();
    }

    private static boolean numeric(int sqlType) {
        return switch (sqlType) {
            case java.sql.Types.TINYINT, java.sql.Types.SMALLINT, java.sql.Types.INTEGER, java.sql.Types.BIGINT,
                    java.sql.Types.FLOAT, java.sql.Types.REAL, java.sql.Types.DOUBLE, java.sql.Types.DECIMAL,
                    java.sql.Types.NUMERIC -> true;
            default -> false;
        };
    }
}
