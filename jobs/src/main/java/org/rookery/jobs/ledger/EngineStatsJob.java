package org.rookery.jobs.ledger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.stream.Stream;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.rookery.contract.games.GameRow;
import org.rookery.contract.schema.EngineStats;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.Tables;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.query.DataViews;

/**
 * {@code analyze matches}: the {@code engine_stats} table from the gauntlet games under a data root.
 * Every game is replayed (core) to give each engine move its phase ({@link GamePhase}) and the game
 * its final phase; the moves' per-ply statistics and the games' endings go into two DuckDB tables,
 * which one aggregation turns into a row per match, engine and phase (and {@code all}), written as
 * Parquet to {@code DATA/engine_stats/}. Moves without statistics (book moves) are not counted.
 */
public final class EngineStatsJob {
    private EngineStatsJob() {
    }

    /** What a run wrote: gauntlet games read, engine moves counted, rows written, games whose moves stopped replaying. */
    public record Summary(long games, long moves, long rows, long replayErrors) {
    }

    /** Reads the games through {@code views}, writes {@code data/engine_stats/}. */
    public static Summary run(DataViews views, Path data) throws IOException {
        if (!views.has(Tables.GAMES)) throw new UsageError("--data: no games table under " + data);
        long games = 0, moves = 0, errors = 0;
        try (DuckDBConnection w = ((DuckDBConnection) views.connection()).duplicate(); Statement ws = w.createStatement()) {
            ws.execute("CREATE TEMP TABLE ledger_moves (match_id VARCHAR, engine VARCHAR, phase VARCHAR, nps BIGINT, depth INTEGER,"
                    + " seldepth INTEGER, time_ms BIGINT, latency_ms BIGINT)");
            ws.execute("CREATE TEMP TABLE ledger_ends (match_id VARCHAR, engine VARCHAR, phase VARCHAR, plies INTEGER,"
                    + " time_loss BOOLEAN, crash BOOLEAN, stall BOOLEAN, illegal BOOLEAN)");
            Position pos = new Position();
            Uci uci = new Uci();
            try (DuckDBAppender am = w.createAppender("temp", "main", "ledger_moves");
                 DuckDBAppender ae = w.createAppender("temp", "main", "ledger_ends");
                 Statement s = views.connection().createStatement();
                 ResultSet r = s.executeQuery(select())) {
                while (r.next()) {
                    games++;
                    String match = r.getString(1);
                    String[] engine = {GameRow.engine(r.getString(4), r.getString(2)), GameRow.engine(r.getString(5), r.getString(3))};
                    String result = r.getString(6), termination = r.getString(7);
                    Object[] uciMoves = array(r, 9);
                    Object[][] stats = {array(r, 10), array(r, 11), array(r, 12), array(r, 13), array(r, 14)};
                    pos.setFen(r.getString(8) == null ? Position.START_FEN : r.getString(8));
                    int plies = 0;
                    for (int i = 0; uciMoves != null && i < uciMoves.length; i++) {
                        int move;
                        try {
                            move = uci.parse(pos, (String) uciMoves[i]);
                        } catch (RuntimeException e) { // NotationException, or a malformed move text
                            errors++;
                            break;
                        }
                        Long nps = number(stats[2], i), time = number(stats[3], i), latency = number(stats[4], i);
                        Long depth = number(stats[0], i), seldepth = number(stats[1], i);
                        if (nps != null || time != null || depth != null) {
                            moves++;
                            am.beginRow().append(match).append(engine[pos.sideToMove()]).append(GamePhase.of(pos));
                            appendLong(am, nps);
                            appendInt(am, depth);
                            appendInt(am, seldepth);
                            appendLong(am, time);
                            appendLong(am, latency);
                            am.endRow();
                        }
                        pos.makeMove(move);
                        plies++;
                    }
                    String endPhase = GamePhase.of(pos);
                    for (int side = Piece.WHITE; side <= Piece.BLACK; side++) {
                        boolean lost = side == Piece.WHITE ? "0-1".equals(result) : "1-0".equals(result);
                        ae.beginRow().append(match).append(engine[side]).append(endPhase)
                                .append(r.getObject(15) == null ? plies : r.getInt(15))
                                .append(lost && "time_forfeit".equals(termination)).append(lost && "disconnect".equals(termination))
                                .append(lost && "stall".equals(termination)).append(lost && "illegal_move".equals(termination))
                                .endRow();
                    }
                }
            }
            Path out = data.resolve(Tables.ENGINE_STATS);
            deleteTree(out);
            Files.createDirectories(out);
            String file = out.resolve("part-0.parquet").toAbsolutePath().toString().replace("'", "''");
            ws.execute("COPY (" + aggregate() + ") TO '" + file + "' (FORMAT PARQUET)");
            long rows;
            try (ResultSet c = ws.executeQuery("SELECT count(*) FROM read_parquet('" + file + "')")) {
                c.next();
                rows = c.getLong(1);
            }
            return new Summary(games, moves, rows, errors);
        } catch (SQLException e) {
            throw new IOException("analyze matches: " + DataViews.firstLine(e), e);
        }
    }

    private static String select() {
        return "SELECT " + String.join(", ", Games.MATCH_ID, Games.WHITE, Games.BLACK, Games.WHITE_ENGINE_ID,
                Games.BLACK_ENGINE_ID, Games.RESULT, Games.TERMINATION, Games.START_FEN, Games.MOVES_UCI, Games.DEPTH,
                Games.SELDEPTH, Games.NPS, Games.TIME_MS, Games.LATENCY_MS, Games.PLY_COUNT) + " FROM " + Tables.GAMES
                + " WHERE " + Games.MATCH_ID + " IS NOT NULL";
    }

    /** One row per (match, engine, phase) and per (match, engine) as {@code all}, in the table's column order. */
    private static String aggregate() {
        String key = "coalesce(phase, '" + EngineStats.ALL + "')";
        String m = "SELECT match_id, engine, " + key + " AS phase, count(*) AS moves,"
                + " avg(nps) AS nps_mean, quantile_cont(nps, 0.1) AS nps_p10, quantile_cont(nps, 0.5) AS nps_p50,"
                + " quantile_cont(nps, 0.9) AS nps_p90, avg(depth) AS depth_mean, quantile_cont(depth, 0.5) AS depth_p50,"
                + " avg(seldepth) AS seldepth_mean, quantile_cont(seldepth, 0.5) AS seldepth_p50,"
                + " avg(time_ms) AS time_ms_mean, quantile_cont(time_ms, 0.5) AS time_ms_p50,"
                + " quantile_cont(time_ms, 0.9) AS time_ms_p90, avg(latency_ms) AS latency_ms_mean,"
                + " quantile_cont(latency_ms, 0.5) AS latency_ms_p50, quantile_cont(latency_ms, 0.99) AS latency_ms_p99"
                + " FROM ledger_moves GROUP BY GROUPING SETS ((match_id, engine, phase), (match_id, engine))";
        String e = "SELECT match_id, engine, " + key + " AS phase, count(*) AS games, avg(plies) AS avg_plies,"
                + " count(*) FILTER (WHERE time_loss) AS time_losses, count(*) FILTER (WHERE crash) AS crashes,"
                + " count(*) FILTER (WHERE stall) AS stalls, count(*) FILTER (WHERE illegal) AS illegal_moves"
                + " FROM ledger_ends GROUP BY GROUPING SETS ((match_id, engine, phase), (match_id, engine))";
        return "SELECT coalesce(m.match_id, e.match_id) AS match_id, coalesce(m.engine, e.engine) AS engine,"
                + " coalesce(m.phase, e.phase) AS phase, coalesce(m.moves, 0) AS moves, coalesce(e.games, 0) AS games,"
                + " e.avg_plies, coalesce(e.time_losses, 0) AS time_losses, coalesce(e.crashes, 0) AS crashes,"
                + " coalesce(e.stalls, 0) AS stalls, coalesce(e.illegal_moves, 0) AS illegal_moves,"
                + " m.nps_mean, m.nps_p10, m.nps_p50, m.nps_p90, m.depth_mean, m.depth_p50, m.seldepth_mean, m.seldepth_p50,"
                + " m.time_ms_mean, m.time_ms_p50, m.time_ms_p90, m.latency_ms_mean, m.latency_ms_p50, m.latency_ms_p99"
                + " FROM (" + m + ") m FULL OUTER JOIN (" + e + ") e"
                + " ON m.match_id = e.match_id AND m.engine = e.engine AND m.phase = e.phase"
                + " ORDER BY 1, 2, 3"; // "all" sorts before the phases
    }

    private static Object[] array(ResultSet r, int col) throws SQLException {
        Array a = r.getArray(col);
        return a == null ? null : (Object[]) a.getArray();
    }

    private static Long number(Object[] a, int i) {
        return a == null || i >= a.length || a[i] == null ? null : ((Number) a[i]).longValue();
    }

    private static void appendLong(DuckDBAppender a, Long v) throws SQLException {
        if (v == null) a.appendNull();
        else a.append(v.longValue());
    }

    private static void appendInt(DuckDBAppender a, Long v) throws SQLException {
        if (v == null) a.appendNull();
        else a.append((int) v.longValue());
    }

    /** Deletes {@code dir} and everything below it, if it exists: a table is rewritten whole. */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
