package org.rookery.dashboards.data;

import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.rookery.contract.schema.Matches;
import org.rookery.dashboards.http.Json;

/**
 * The {@code matches} table that {@code rookery sink} writes (docs/schema.md): one row per match
 * with {@code match_id} and {@code definition}, the JSON text of its {@code rookery.matches} record.
 * It gives finished matches their SPRT bounds when no broker is running; without it (no sink ran)
 * matches show no SPRT.
 */
public final class MatchesTable {
    private final DuckDb db;
    private final TableLocation table;

    public MatchesTable(DuckDb db, TableLocation table) {
        this.db = db;
        this.table = table;
    }

    /** Every readable definition; a malformed one is skipped with a warning, not fatal. */
    public List<MatchDefinition> definitions() throws SQLException {
        if (!table.exists()) return List.of();
        String sql = "SELECT " + Matches.MATCH_ID + ", " + Matches.DEFINITION + " FROM " + table.scan();
        List<String[]> rows = db.with(c -> Sql.query(c, sql, List.of(), rs -> new String[] {rs.getString(1), rs.getString(2)}));
        List<MatchDefinition> out = new ArrayList<>();
        for (String[] r : rows) {
            try {
                JsonNode n = Json.MAPPER.readTree(r[1]);
                out.add(MatchDefinitionCodec.read(r[0], n));
            } catch (Exception e) {
                System.err.println("rookery dashboard: skipping the definition of match " + r[0] + ": " + e.getMessage());
            }
        }
        return out;
    }
}
