package org.rookery.dashboards.data;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.rookery.contract.schema.Spsa;
import org.rookery.dashboards.tune.TunePoint;

/**
 * The {@code spsa} table ({@code rookery tune --data} or {@code rookery sink} writes it,
 * docs/schema.md): one row per counted pair of a tuning run, read for the tuning pages.
 */
public final class SpsaTable {
    private final DuckDb db;
    private final TableLocation table;

    public SpsaTable(DuckDb db, TableLocation table) {
        this.db = db;
        this.table = table;
    }

    /** Whether any run has been written. */
    public boolean exists() {
        return table.exists();
    }

    /** Every counted pair of {@code runId} (all runs when null), in no particular order. */
    public List<TunePoint> points(String runId) throws SQLException {
        if (!table.exists()) return List.of();
        String sql = "SELECT " + String.join(", ", Spsa.RUN_ID, Spsa.PAIRS, Spsa.PARAMETERS, Spsa.COUNTED, Spsa.ITERATION, Spsa.RESULT,
                Spsa.THETA_BEFORE, Spsa.THETA_AFTER) + " FROM " + table.scan() + (runId == null ? "" : " WHERE " + Spsa.RUN_ID + " = ?");
        return db.with(c -> Sql.query(c, sql, runId == null ? List.of() : List.of(runId), SpsaTable::point));
    }

    private static TunePoint point(ResultSet rs) throws SQLException {
        long counted = rs.getLong(4);
        return new TunePoint(rs.getString(1), rs.getInt(2), strings(rs.getArray(3)), rs.wasNull() ? 0 : counted, rs.getInt(5),
                rs.getInt(6), doubles(rs.getArray(7)), doubles(rs.getArray(8)));
    }

    private static List<String> strings(Array a) throws SQLException {
        List<String> out = new ArrayList<>();
        for (Object o : (Object[]) a.getArray()) out.add(String.valueOf(o));
        return out;
    }

    private static List<Double> doubles(Array a) throws SQLException {
        List<Double> out = new ArrayList<>();
        for (Object o : (Object[]) a.getArray()) out.add(((Number) o).doubleValue());
        return out;
    }
}
