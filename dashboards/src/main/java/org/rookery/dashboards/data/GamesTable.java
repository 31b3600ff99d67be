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
import org.rookery.contract.schema.Games;
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

    /** The columns {@link #gauntletResults} reads besides {@code finished_at}. */
    private static final List<String> GAUNTLET_COLUMNS = List.of(Games.GAME_ID, Games.MATCH_ID, Games.PAIR_INDEX,
            Games.GAME_IN_PAIR, Games.GAME_NUMBER, Games.WHITE, Games.BLACK, Games.WHITE_ENGINE_ID, Games.BLACK_ENGINE_ID,
            Games.RESULT, Games.TERMINATION, Games.PLY_COUNT);

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
            Map<String, Object> g = findWhere(" WHERE " + Games.COLLECTION + " = ? AND " + Games.GAME_ID + " = ?",
                    List.of(gameId.substring(0, slash), gameId));
            if (g != null) return g;
        }
        return findWhere(" WHERE " + Games.GAME_ID + " = ?", List.of(gameId));
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
        String sql = "SELECT " + String.join(", ", GAUNTLET_COLUMNS) + ", strftime(" + Games.FINISHED_AT
                + ", '%Y-%m-%dT%H:%M:%SZ') AS " + Games.FINISHED_AT + " FROM " + table.scan() + " WHERE " + Games.SOURCE
                + " = '" + Games.GAUNTLET + "' AND " + Games.MATCH_ID + " IS NOT NULL";
        return db.with(c -> Sql.query(c, sql, List.of(), rs -> new GameResult(
                rs.getString(Games.GAME_ID), rs.getString(Games.MATCH_ID), Sql.intOrNull(rs, Games.PAIR_INDEX),
                Sql.intOrNull(rs, Games.GAME_IN_PAIR), Sql.longOrNull(rs, Games.GAME_NUMBER),
                GameRow.engine(rs.getString(Games.WHITE_ENGINE_ID), rs.getString(Games.WHITE)),
                GameRow.engine(rs.getString(Games.BLACK_ENGINE_ID), rs.getString(Games.BLACK)),
                rs.getString(Games.RESULT), rs.getString(Games.TERMINATION), Sql.intOrNull(rs, Games.PLY_COUNT),
                rs.getString(Games.FINISHED_AT))));
    }
}
