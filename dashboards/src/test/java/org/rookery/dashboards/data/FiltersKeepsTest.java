package org.rookery.dashboards.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rookery.dashboards.http.Params;

/**
 * The explorer's filters in Java ({@code keeps*}, what the in-memory roll-up of the busiest
 * positions applies) keep exactly the rows their SQL ({@code appendWhere}) keeps, NULLs included:
 * DuckDB is the oracle, over every combination of the dimension values, for lichess-shaped filters.
 */
class FiltersKeepsTest {
    private static final List<Integer> BANDS = java.util.Arrays.asList(null, 500, 900, 1000, 1100, 1900, 2000, 2100, 2200, 2400, 2500, 2600, 3000);
    private static final List<String> SPEEDS = java.util.Arrays.asList(null, "blitz", "classical", "unknown");
    private static final List<String> SOURCES = java.util.Arrays.asList(null, "import", "gauntlet");
    private static final List<Integer> MONTHS = java.util.Arrays.asList(null, 200100, 200103, 201512, 201600, 201603, 201604, 201612, 202012);
    private static final List<Boolean> MASTERS = java.util.Arrays.asList(null, true, false);
    private static final List<String> VARIANTS = java.util.Arrays.asList(null, "standard", "chess960");

    private record Row(int id, Integer band, String speed, String source, Integer month, Boolean masters, String variant) {
    }

    @Test
    void theJavaPredicatesKeepWhatTheSqlKeeps() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (Integer b : BANDS) for (String sp : SPEEDS) for (String so : SOURCES) for (Integer m : MONTHS) for (Boolean ma : MASTERS)
            for (String v : VARIANTS) rows.add(new Row(rows.size(), b, sp, so, m, ma, v));
        List<Map<String, List<String>>> shapes = List.of(Map.of(), Map.of("ratings", List.of("2500")),
                Map.of("ratings", List.of("0,1000")), Map.of("ratings", List.of("2200,unrated")), Map.of("ratings", List.of("unrated")),
                Map.of("ratings", List.of("1600,1800,2000,2200,2500"), "speeds", List.of("blitz,rapid,classical,unknown"),
                        "since", List.of("2016-03")),
                Map.of("speeds", List.of("Classical")), Map.of("sources", List.of("gauntlet")), Map.of("since", List.of("2016")),
                Map.of("until", List.of("2015")), Map.of("since", List.of("2001-03"), "until", List.of("2016-03")),
                Map.of("variant", List.of("chess960")), Map.of("until", List.of("2016-04"), "ratings", List.of("1000,2500")));
        try (DuckDb db = new DuckDb(1, 1)) {
            db.withOwn(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE t (id INTEGER, rating_band INTEGER, speed VARCHAR, source VARCHAR, month INTEGER, "
                            + "masters BOOLEAN, variant VARCHAR)");
                    StringBuilder insert = new StringBuilder("INSERT INTO t VALUES ");
                    for (Row r : rows) {
                        insert.append(r.id() == 0 ? "" : ", ").append('(').append(r.id()).append(", ").append(r.band()).append(", ")
                                .append(text(r.speed())).append(", ").append(text(r.source())).append(", ").append(r.month()).append(", ")
                                .append(r.masters()).append(", ").append(text(r.variant())).append(')');
                    }
                    s.execute(insert.toString());
                }
                return null;
            });
            int checked = 0;
            for (Map<String, List<String>> shape : shapes) {
                for (boolean mastersOnly : List.of(false, true)) {
                    Filters f = Filters.explorer(new Params(shape, ""), mastersOnly);
                    StringBuilder sql = new StringBuilder("SELECT id FROM t WHERE true");
                    List<Object> args = new ArrayList<>();
                    f.appendWhere(sql, args);
                    List<Integer> ids = db.with(c -> Sql.query(c, sql.toString(), args, (ResultSet rs) -> rs.getInt(1)));
                    Set<Integer> bySql = new TreeSet<>(ids);
                    Set<Integer> byJava = new TreeSet<>();
                    for (Row r : rows) {
                        if (f.keepsBand(r.band()) && f.keepsSpeed(r.speed()) && f.keepsSource(r.source()) && f.keepsMonth(r.month())
                                && f.keepsMasters(r.masters()) && f.keepsVariant(r.variant())) {
                            byJava.add(r.id());
                        }
                    }
                    assertEquals(bySql, byJava, "rows kept by " + shape + (mastersOnly ? " on /masters" : ""));
                    assertTrue(bySql.size() < rows.size(), "the filter " + shape + " keeps fewer rows than all (variant at least)");
                    checked += bySql.size();
                }
            }
            assertTrue(checked > 1000, "rows kept over all filters: " + checked);
        }
    }

    private static String text(String s) {
        return s == null ? "NULL" : "'" + s + "'";
    }
}
