package org.rookery.dashboards.data;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code endgames} table: per material signature ({@code material}, e.g. {@code KRPvKR},
 * White's pieces first) and {@link Filters} columns, the games that reached it ({@code games}) and
 * their results ({@code white}, {@code draws}, {@code black}); where endgame tables cover the
 * signature, {@code tb_wins} counts games that entered it with a table win for one side and
 * {@code tb_wins_not_won} those of them that side did not win (both null where no table exists).
 */
public final class EndgamesTable {
    private final DuckDb db;
    private final TableLocation table;

    public EndgamesTable(DuckDb db, TableLocation table) {
        this.db = db;
        this.table = table;
    }

    /** Signatures with at least {@code minGames} games, most frequent first, at most {@code limit}. */
    public List<Map<String, Object>> signatures(Filters filters, int minGames, int limit) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT material, sum(games) AS games, sum(white) AS white, "
                + "sum(draws) AS draws, sum(black) AS black, sum(tb_wins) AS tb_wins, "
                + "sum(tb_wins_not_won) AS tb_wins_not_won FROM ").append(table.scan()).append(" WHERE true");
        List<Object> args = new ArrayList<>();
        filters.appendWhere(sql, args);
        sql.append(" GROUP BY material HAVING sum(games) >= ? ORDER BY games DESC, material LIMIT ?");
        args.add(minGames);
        args.add(limit);
        return db.with(c -> Sql.query(c, sql.toString(), args, rs -> {
            Map<String, Object> m = new LinkedHashMap<>();
            String material = rs.getString("material");
            m.put("material", material);
            m.put("pieces", material == null ? null : material.replace("v", "").length());
            m.put("games", rs.getLong("games"));
            m.put("white", rs.getLong("white"));
            m.put("draws", rs.getLong("draws"));
            m.put("black", rs.getLong("black"));
            m.put("tb_wins", Sql.longOrNull(rs, "tb_wins"));
            m.put("tb_wins_not_won", Sql.longOrNull(rs, "tb_wins_not_won"));
            return m;
        }));
    }
}
