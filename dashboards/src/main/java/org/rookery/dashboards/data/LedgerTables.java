package org.rookery.dashboards.data;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.contract.ledger.MatchGames;
import org.rookery.contract.schema.EngineStats;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.OpeningStats;

/**
 * The engine-testing ledger of one match for its page: {@code engine_stats} ({@code analyze matches})
 * and {@code opening_stats} ({@code analyze books}) rows as written, engine statistics computed from
 * {@code games} when {@code engine_stats} is absent (over all moves together: the split by phase needs
 * the replay {@code analyze matches} does), and the stored games {@code analyze sprt} replays.
 */
public final class LedgerTables {
    /** Most opening rows one answer lists (most pairs first). */
    public static final int MAX_OPENINGS = 200;

    private final DuckDb db;
    private final TableLocation games;
    private final TableLocation matches;
    private final TableLocation engineStats;
    private final TableLocation openingStats;

    public LedgerTables(DuckDb db, TableLocation games, TableLocation matches, TableLocation engineStats,
            TableLocation openingStats) {
        this.db = db;
        this.games = games;
        this.matches = matches;
        this.engineStats = engineStats;
        this.openingStats = openingStats;
    }

    /** Rows and where they came from: {@code source} is the table, {@code computed} or {@code none}. */
    public record Answer(String source, String note, List<Map<String, Object>> rows) {
    }

    /** The match's stored games for the SPRT, read by the same code as {@code analyze sprt} (503 without games). */
    public MatchGames matchGames(String matchId) throws SQLException {
        String g = games.scan();
        return db.with(c -> MatchGames.read(c, g, matches.exists() ? matches.scan() : null, matchId));
    }

    /** {@code engine_stats} of the match, or the statistics computed from its games when the table is absent. */
    public Answer engineStats(String matchId) throws SQLException {
        if (engineStats.exists()) {
            String sql = "SELECT * FROM " + engineStats.scan() + " WHERE " + Games.MATCH_ID + " = ? ORDER BY "
                    + EngineStats.ENGINE + ", CASE " + EngineStats.PHASE + " WHEN '" + EngineStats.ALL + "' THEN 0 WHEN '"
                    + EngineStats.OPENING + "' THEN 1 WHEN '" + EngineStats.MIDDLEGAME + "' THEN 2 ELSE 3 END";
            return new Answer(EngineStats.SCHEMA.name(), null, db.with(c -> Sql.query(c, sql, List.of(matchId), LedgerTables::row)));
        }
        if (!games.exists()) return new Answer("none", "no games table", List.of());
        String scan = games.scan();
        List<String> have = db.with(c -> Sql.query(c, "SELECT column_name FROM (DESCRIBE SELECT * FROM " + scan + ")", List.of(),
                rs -> rs.getString(1)));
        for (String col : List.of(Games.NPS, Games.DEPTH, Games.SELDEPTH, Games.TIME_MS, Games.LATENCY_MS)) {
            if (!have.contains(col)) {
                return new Answer("none", "the games carry no per-move engine statistics (no " + col + " column)", List.of());
            }
        }
        return new Answer("computed", "computed from games: all moves together; ./rookery analyze matches splits them by phase"
                + " and counts time losses, crashes and stalls", db.with(c -> Sql.query(c, computed(scan), List.of(matchId),
                        LedgerTables::row)));
    }

    /** {@code opening_stats} of the match, most pairs first ({@code none} when {@code analyze books} has not run). */
    public Answer openingStats(String matchId) throws SQLException {
        if (!openingStats.exists()) return new Answer("none", "no opening_stats table: ./rookery analyze books writes it", List.of());
        String sql = "SELECT * FROM " + openingStats.scan() + " WHERE " + Games.MATCH_ID + " = ? ORDER BY "
                + OpeningStats.PAIRS + " DESC, " + org.rookery.contract.schema.Openings.GAMES + " DESC LIMIT " + MAX_OPENINGS;
        return new Answer(OpeningStats.SCHEMA.name(), null, db.with(c -> Sql.query(c, sql, List.of(matchId), LedgerTables::row)));
    }

    /**
     * The {@code all} row of {@code engine_stats} per engine, from the per-ply arrays: the mover of ply i
     * (1-based) is White when i is odd and the game starts with White to move; book plies (no wall time)
     * are left out, as {@code analyze matches} leaves them out.
     */
    private static String computed(String scan) {
        String mover = "CASE WHEN (i % 2 = 1) = (coalesce(" + Games.START_FEN + ", '') NOT LIKE '% b %') THEN coalesce("
                + Games.WHITE_ENGINE_ID + ", " + Games.WHITE + ") ELSE coalesce(" + Games.BLACK_ENGINE_ID + ", " + Games.BLACK
                + ") END";
        String plies = "SELECT " + mover + " AS engine, " + Games.NPS + "[i] AS nps, " + Games.DEPTH + "[i] AS depth, "
                + Games.SELDEPTH + "[i] AS seldepth, " + Games.TIME_MS + "[i] AS time_ms, " + Games.LATENCY_MS
                + "[i] AS latency_ms FROM (SELECT *, generate_subscripts(" + Games.TIME_MS + ", 1) AS i FROM " + scan
                + " WHERE " + Games.MATCH_ID + " = ? AND " + Games.TIME_MS + " IS NOT NULL)";
        return "SELECT engine, '" + EngineStats.ALL + "' AS phase, count(*) AS moves, avg(nps) AS nps_mean,"
                + " quantile_cont(nps, 0.1) AS nps_p10, quantile_cont(nps, 0.5) AS nps_p50, quantile_cont(nps, 0.9) AS nps_p90,"
                + " avg(depth) AS depth_mean, quantile_cont(depth, 0.5) AS depth_p50, avg(seldepth) AS seldepth_mean,"
                + " quantile_cont(seldepth, 0.5) AS seldepth_p50, avg(time_ms) AS time_ms_mean,"
                + " quantile_cont(time_ms, 0.5) AS time_ms_p50, quantile_cont(time_ms, 0.9) AS time_ms_p90,"
                + " avg(latency_ms) AS latency_ms_mean, quantile_cont(latency_ms, 0.5) AS latency_ms_p50,"
                + " quantile_cont(latency_ms, 0.99) AS latency_ms_p99"
                + " FROM (" + plies + ") WHERE time_ms IS NOT NULL GROUP BY engine ORDER BY engine";
    }

    private static Map<String, Object> row(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            Object v = rs.getObject(i);
            if (v instanceof Double d && !Double.isFinite(d)) v = null;
            if (v instanceof java.math.BigInteger b) v = b.longValue();
            if (v instanceof java.math.BigDecimal b) v = b.doubleValue();
            out.put(md.getColumnLabel(i), v);
        }
        return out;
    }

    /** The column names of the rows, for tests and the page: those of the tables themselves. */
    public static List<String> openingColumns() {
        return new ArrayList<>(OpeningStats.SCHEMA.names());
    }
}
