package org.rookery.dashboards.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** JDBC values from DuckDB become plain JSON-ready values, struct columns included. */
class GamesTablePlainTest {
    @Test
    void structBecomesObjectOfItsFields() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(
                 "SELECT {'threefold_ply': 41, 'fifty_ply': NULL, 'keys': [1, 2]} AS facts, [3, 4] AS plies")) {
            rs.next();
            Object facts = GamesTable.plain(rs.getObject("facts"));
            Map<?, ?> m = (Map<?, ?>) facts;
            assertEquals(List.of("threefold_ply", "fifty_ply", "keys"), List.copyOf(m.keySet()));
            assertEquals(41, ((Number) m.get("threefold_ply")).intValue());
            assertEquals(null, m.get("fifty_ply"));
            assertEquals(List.of(1, 2), ((List<?>) m.get("keys")).stream().map(o -> ((Number) o).intValue()).toList());
            assertEquals(List.of(3, 4), ((List<?>) GamesTable.plain(rs.getObject("plies"))).stream()
                .map(o -> ((Number) o).intValue()).toList());
        }
    }
}
