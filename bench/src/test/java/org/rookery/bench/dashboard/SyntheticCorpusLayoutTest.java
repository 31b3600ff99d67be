package org.rookery.bench.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.Column;
import org.rookery.contract.schema.Openings;
import org.rookery.contract.schema.OpeningsBreakdown;

/**
 * The synthetic corpus builds its {@code openings} table in SQL, not through Spark: its columns must
 * still be the contract's, name for name and type for type, or the dashboard benchmark would measure
 * a table the real pipeline never writes.
 */
class SyntheticCorpusLayoutTest {
    @TempDir
    Path root;

    @Test
    void openingsHasTheContractsColumnsAndTypes() throws Exception {
        long positions = SyntheticCorpus.write(root, 200, 3);
        assertTrue(positions > 200, "200 games reach more than 200 positions: " + positions);
        List<String> written = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("DESCRIBE SELECT * FROM read_parquet('"
                        + root.resolve("openings/*.parquet").toString().replace("'", "''") + "')")) {
            while (rs.next()) written.add(rs.getString("column_name") + " " + normalise(rs.getString("column_type")));
        }
        List<String> expected = new ArrayList<>();
        for (Column col : Openings.SCHEMA.columns()) expected.add(col.name() + " " + normalise(col.type().sql()));
        assertEquals(expected, written);
        List<String> breakdown = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("DESCRIBE SELECT * FROM read_parquet('"
                        + root.resolve("openings_breakdown/*.parquet").toString().replace("'", "''") + "')")) {
            while (rs.next()) breakdown.add(rs.getString("column_name") + " " + normalise(rs.getString("column_type")));
        }
        List<String> want = new ArrayList<>();
        for (Column col : OpeningsBreakdown.SCHEMA.columns()) want.add(col.name() + " " + normalise(col.type().sql()));
        assertEquals(want, breakdown);
    }

    /** DuckDB spells a struct's fields with quotes or spaces depending on version; compare the letters. */
    private static String normalise(String sqlType) {
        return sqlType.replace("\"", "").replaceAll("\\s+", " ").replace("( ", "(").replace(" )", ")").toUpperCase();
    }
}
