package org.rookery.dashboards.data;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.rookery.contract.dimensions.GameMonth;
import org.rookery.contract.dimensions.OpeningsBreakdownSql;
import org.rookery.contract.dimensions.TimeControlClass;

/**
 * One player's games through a position, read from {@code games} on demand as lichess's player
 * explorer indexes a player when asked: the decided games where {@code white} (or {@code black})
 * is the player, human or gauntlet engine, over their first {@link #PLIES} plies, each move from a
 * position once per game, the rules of {@code analyze openings}.
 */
public final class PlayerOpenings {
    /** Plies of each game looked at: {@code analyze openings}'s default. */
    public static final int PLIES = 30;

    /**
     * One game reaching the position.
     *
     * @param game the game, with the move it played there
     * @param playerRating the player's rating, or null
     * @param opponentRating the opponent's rating, or null
     */
    public record Occurrence(OpeningsTable.GameRow game, Integer playerRating, Integer opponentRating) {
    }

    private final DuckDb db;
    private final TableLocation games;

    public PlayerOpenings(DuckDb db, TableLocation games) {
        this.db = db;
        this.games = games;
    }

    /** The player's games (as {@code white} or not) that reached the position {@code key} under the filters. */
    public List<Occurrence> reaching(String player, boolean white, long key, Filters filters) throws SQLException {
        String side = white ? "white" : "black";
        List<Object> args = new ArrayList<>();
        args.add(player);
        StringBuilder sql = new StringBuilder("WITH g AS (SELECT game_id, result, date, white, black, "
                + "CASE WHEN white_elo > 0 THEN white_elo END AS we, CASE WHEN black_elo > 0 THEN black_elo END AS be, source, "
                + "coalesce(variant, 'standard') AS variant, collection_kind, " + TimeControlClass.SQL + " AS speed, " + GameMonth.SQL + " AS month, "
                + "moves_uci[1:" + PLIES + "] AS m, zobrist[1:" + PLIES + "] AS z FROM " + games.scan()
                + " WHERE result IN ('1-0', '0-1', '1/2-1/2') AND " + side + " = ?), "
                + "r AS (SELECT *, CASE WHEN we IS NOT NULL AND be IS NOT NULL THEN (we + be) // 2 END AS mean_rating, "
                + OpeningsBreakdownSql.MASTERS + " AS masters FROM g), "
                + "o AS (SELECT *, generate_subscripts(m, 1) AS i, mean_rating // 100 * 100 AS rating_band FROM r) "
                + "SELECT m[i] AS uci, game_id, mean_rating, date, month, white, black, we, be, result FROM o "
                + "WHERE z[i] = ? AND len(list_filter(range(1, i), j -> z[j] = z[i] AND m[j] = m[i])) = 0");
        args.add(key);
        filters.appendWhere(sql, args);
        return db.with(c -> Sql.query(c, sql.toString(), args, rs -> {
            Integer we = Sql.intOrNull(rs, "we"), be = Sql.intOrNull(rs, "be");
            OpeningsTable.GameRow g = new OpeningsTable.GameRow(rs.getString("uci"), rs.getString("game_id"),
                    Sql.intOrNull(rs, "mean_rating"), rs.getString("date"), Sql.intOrNull(rs, "month"), rs.getString("white"),
                    rs.getString("black"), we, be, rs.getString("result"));
            return new Occurrence(g, white ? we : be, white ? be : we);
        }));
    }

    /** The latest first, as the explorer lists recent games. */
    public static void sortRecent(List<OpeningsTable.GameRow> games) {
        games.sort(OpeningsTable.RECENT);
    }
}
