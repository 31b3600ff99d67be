package org.rookery.dashboards.data;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The position-keyed explorer table {@code openings}: one row per (position, move, source, speed,
 * rating band, year) with the results of the games that played that move there. Columns read:
 * {@code zobrist} (bigint, Polyglot key of the position before the move, as {@code games.zobrist}),
 * {@code move_uci}, {@code white}, {@code draws}, {@code black}, {@code rating_sum},
 * {@code rating_count} and the {@link Filters} columns. Lookups are fast when the writer sorts
 * rows by {@code zobrist}, since DuckDB then skips row groups by their min/max statistics.
 */
public final class OpeningsTable {
    /**
     * The totals of one move.
     *
     * @param uci the move
     * @param white games White won after it
     * @param draws games drawn
     * @param black games Black won
     * @param ratingSum sum of the games' mean ratings, over the games that have both ratings
     * @param ratingCount number of games with both ratings
     */
    public record MoveRow(String uci, long white, long draws, long black, long ratingSum, long ratingCount) {
        public long games() {
            return white + draws + black;
        }
    }

    private final DuckDb db;
    private final TableLocation table;

    public OpeningsTable(DuckDb db, TableLocation table) {
        this.db = db;
        this.table = table;
    }

    /** Every move played from the position with key {@code zobrist}, most played first. */
    public List<MoveRow> moves(long zobrist, Filters filters) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT move_uci, sum(white) AS w, sum(draws) AS d, sum(black) AS b, "
                + "coalesce(sum(rating_sum), 0) AS rs, coalesce(sum(rating_count), 0) AS rc FROM ")
                .append(table.scan()).append(" WHERE zobrist = ?");
        List<Object> args = new ArrayList<>();
        args.add(zobrist);
        filters.appendWhere(sql, args);
        sql.append(" GROUP BY move_uci ORDER BY w + d + b DESC, move_uci");
        return db.with(c -> Sql.query(c, sql.toString(), args,
                rs -> new MoveRow(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6))));
    }
}
