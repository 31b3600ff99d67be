package org.rookery.contract.dimensions;

import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.OpeningsBreakdown;

/**
 * The {@code openings_breakdown} table computed from a {@code games} relation in DuckDB SQL: a
 * second implementation of what {@code analyze openings} writes with Spark (the jobs' test checks
 * that one against a count from the PGN), from the same dimensions ({@link TimeControlClass},
 * {@link GameMonth}) and rules: decided games, the first N plies of {@code zobrist} and
 * {@code moves_uci}, each (position, move) once per game. The dashboard's tests and the synthetic
 * benchmark corpus build their tables with it; the dashboard itself only reads the table.
 */
public final class OpeningsBreakdownSql {
    private OpeningsBreakdownSql() {
    }

    /**
     * Whether a game counts for {@code /masters}: its collection was marked masters at ingest, or it
     * is an imported game (not a gauntlet's) whose players are both rated
     * {@link OpeningsBreakdown#MASTERS_RATING} or more. Over the columns {@code collection_kind} (null
     * read as other), {@code source}, {@code we} and {@code be} (ratings, null when unknown).
     */
    public static final String MASTERS = "(coalesce(collection_kind, '" + Games.KIND_OTHER + "') = '" + Games.KIND_MASTERS
            + "' OR coalesce(source = '" + Games.IMPORT + "' AND we >= " + OpeningsBreakdown.MASTERS_RATING + " AND be >= "
            + OpeningsBreakdown.MASTERS_RATING + ", false))";

    /** The SELECT producing the table's rows, in its column order, from {@code gamesScan}. */
    public static String select(String gamesScan, int plies) {
        String game = "struct_pack(game_id := game_id, mean_rating := mean_rating, date := date, white := white, "
                + "black := black, white_elo := we, black_elo := be, result := result)";
        int n = OpeningsBreakdown.SAMPLE_GAMES;
        return "WITH g AS (SELECT game_id, source, result, date, white, black, coalesce(variant, 'standard') AS variant, "
                + "coalesce(collection_kind, '" + Games.KIND_OTHER + "') AS collection_kind, "
                + "CASE WHEN white_elo > 0 THEN white_elo END AS we, CASE WHEN black_elo > 0 THEN black_elo END AS be, "
                + TimeControlClass.SQL + " AS speed, " + GameMonth.SQL + " AS month, "
                + "CASE WHEN split_part(start_fen, ' ', 2) = 'b' THEN 1 ELSE 0 END AS black_first, "
                + "moves_uci[1:" + plies + "] AS m, zobrist[1:" + plies + "] AS z FROM " + gamesScan
                + " WHERE result IN ('1-0', '0-1', '1/2-1/2')), "
                + "r AS (SELECT *, CASE WHEN we IS NOT NULL AND be IS NOT NULL THEN (we + be) // 2 END AS mean_rating, "
                + MASTERS + " AS masters FROM g), "
                + "o AS (SELECT *, generate_subscripts(m, 1) AS i FROM r), "
                + "p AS (SELECT *, CASE WHEN (i + black_first) % 2 = 1 THEN we ELSE be END AS mover, "
                + "CASE WHEN (i + black_first) % 2 = 1 THEN be ELSE we END AS opponent FROM o "
                + "WHERE z[i] IS NOT NULL AND len(list_filter(range(1, i), j -> z[j] = z[i] AND m[j] = m[i])) = 0) "
                + "SELECT z[i] AS key, m[i] AS uci, mean_rating // " + OpeningsBreakdown.BAND_WIDTH + " * "
                + OpeningsBreakdown.BAND_WIDTH + " AS rating_band, speed, month, source, masters, variant, "
                + "count(*) FILTER (WHERE result = '1-0') AS white_wins, count(*) FILTER (WHERE result = '1/2-1/2') AS draws, "
                + "count(*) FILTER (WHERE result = '0-1') AS black_wins, coalesce(sum(mover), 0)::BIGINT AS mover_rating_sum, "
                + "count(mover) AS mover_rated, coalesce(sum(opponent), 0)::BIGINT AS opponent_rating_sum, "
                + "count(opponent) AS opponent_rated, "
                + "list(" + game + " ORDER BY coalesce(mean_rating, -1) DESC, coalesce(date, '') DESC, game_id DESC)[1:" + n
                + "] AS top_games, "
                + "list(" + game + " ORDER BY coalesce(month, -1) DESC, coalesce(date, '') DESC, game_id DESC)[1:" + n
                + "] AS recent_games "
                + "FROM p GROUP BY ALL ORDER BY key";
    }

}
