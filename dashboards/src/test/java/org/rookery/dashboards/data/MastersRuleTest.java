package org.rookery.dashboards.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.contract.dimensions.OpeningsBreakdownSql;

/**
 * The contract's SQL for {@code /masters} (what the player explorer and the DuckDB-built breakdown
 * use) keeps a marked collection's games and imported games of two 2200s, never a gauntlet's engine
 * games: the cases the Spark job's {@code masters} is checked on in CollectionKindTest.
 */
class MastersRuleTest {
    @Test
    void importedGamesOfTwo2200sAndMarkedCollectionsOnly() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE g AS SELECT * FROM (VALUES (1, 'other', 'import', 2200, 2300), (2, NULL, 'import', 2200, 2200), "
                    + "(3, 'other', 'gauntlet', 2500, 2500), (4, 'other', 'import', 2199, 2300), (5, 'other', 'import', NULL, 2300), "
                    + "(6, 'masters', 'gauntlet', NULL, NULL)) t(id, collection_kind, source, we, be)");
            List<Integer> kept = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT id FROM g WHERE " + OpeningsBreakdownSql.MASTERS + " ORDER BY id")) {
                while (rs.next()) kept.add(rs.getInt(1));
            }
            assertEquals(List.of(1, 2, 6), kept);
        }
    }
}
