package org.rookery.dashboards.data;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.contract.games.GameRow;
import org.rookery.dashboards.matches.GameResult;

/**
 * The {@code games} table of {@code docs/schema.md}: whole games for the viewer, and the few
 * columns of every gauntlet game that match statistics need.
 */
public final class GamesTable {
    private static final DateTimeFormatter ISO = DateTimeFormatter.ISO_INSTANT;

    private final DuckDb db;
    private final TableLocation table;

    public GamesTable(DuckDb db, TableLocation table) {
        this.db = db;
        this.table = table;
    }

    public TableLocation location() {
        return table;
    }

    /**
     * One game as a column-name map shaped like a {@code rookery.games} record (arrays as lists,
     * timestamps as ISO-8601 strings), or null. Both id forms start with the game's collection, so
     * the lookup first reads only that partition.
     */
    public Map<String, Object> find(String gameId) throws SQLException {
        int slash = gameId.indexOf('/');
        if (slash > 0) {
            Map<String, Object> g = findWhere(" WHERE collection = ? AND game_id = ?", List.of(gameId.substring(0, slash), gameId));
            if (g != null) return g;
        }
        return findWhere(" WHERE game_id = ?", List.of(gameId));
    }

    private Map<String, Object> findWhere(String where, List<Object> args) throws SQLException {
        String sql = "SELECT * FROM " + table.scan() + where + " LIMIT 1";
        List<Map<String, Object>> rows = db.with(c -> Sql.query(c, sql, args, GamesTable::row));
        return rows.isEmpty() ? null : rows.get(0);
    }

    private static Map<String, Object> row(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 1; i <= md.getColumnCount(); i++) m.put(md.getColumnName(i), plain(rs.getObject(i)));
        return m;
    }

    /** JDBC values as JSON-friendly Java values. */
    static Object plain(Object v) throws SQLException {
        if (v instanceof Array a) {
            Object[] items = (Object[]) a.getArray();
            List<Object> out = new ArrayList<>(items.length);
            for (Object o : items) out.add(plain(o));
            return out;
        }
        if (v instanceof Timestamp t) return ISO.format(t.toInstant());
        if (v instanceof java.time.OffsetDateTime t) return ISO.format(t.toInstant());
        if (v instanceof java.time.LocalDateTime t) return ISO.format(t.toInstant(ZoneOffset.UTC));
        if (v instanceof Object[] arr) return plain(Arrays.asList(arr));
        // A struct column (games.draw_facts) becomes a JSON object of its fields, not DuckDB's dump.
        if (v instanceof org.duckdb.DuckDBStruct s) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : s.getMap().entrySet()) out.put(e.getKey(), plain(e.getValue()));
            return out;
        }
        if (v instanceof java.math.BigInteger b) return b.longValue();
        return v;
    }

    /** The result-bearing columns of every gauntlet game. */
    public List<GameResult> gauntletResults() throws SQLException {
        String sql = "SELECT game_id, match_id, pair_index, game_in_pair, game_number, white, black, white_engine_id, "
                + "black_engine_id, result, termination, ply_count, strftime(finished_at, '%Y-%m-%dT%H:%M:%SZ') AS finished_at FROM "
                + table.scan() + " WHERE source = 'gauntlet' AND match_id IS NOT NULL";
        return db.with(c -> Sql.query(c, sql, List.of(), rs -> new GameResult(
                rs.getString("game_id"), rs.getString("match_id"), Sql.intOrNull(rs, "pair_index"),
                Sql.intOrNull(rs, "game_in_pair"), Sql.longOrNull(rs, "game_number"),
                GameRow.engine(rs.getString("white_engine_id"), rs.getString("white")),
                GameRow.engine(rs.getString("black_engine_id"), rs.getString("black")),
                rs.getString("result"), rs.getString("termination"), Sql.intOrNull(rs, "ply_count"),
                rs.getString("finished_at"))));
    }
}
