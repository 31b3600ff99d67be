package org.rookery.dashboards.data;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.contract.schema.Endgames;
import org.rookery.contract.schema.Games;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Position;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.source.TableSources;

/**
 * The {@code endgames} table that {@code analyze endgames} writes: one row per game that got down
 * to few pieces, with the material {@code signature} at its first such position (stronger side
 * first), {@code pieces}, {@code first_side} ({@code white}/{@code black}), {@code entry_fen},
 * {@code result} and {@code first_side_score}. Outcome rates are counted per signature; where
 * Rookery's endgame tables cover the entry position, its verdict says whether a side entered with
 * a win, and the game's result whether that win was converted. Verdicts are computed once per
 * version of the table files (a probe costs microseconds; reading the rows dominates).
 */
public final class EndgamesTable {
    private static final String SIGNATURE = Endgames.SIGNATURE;
    private static final String PIECES = Endgames.PIECES;
    private final DuckDb db;
    private final TableLocation table;
    private final TableSources tb;
    private String verdictsOf = "";
    private Map<String, long[]> verdicts = Map.of();

    /** {@code tb} may be null: then no signature has table verdicts. */
    public EndgamesTable(DuckDb db, TableLocation table, TableSources tb) {
        this.db = db;
        this.table = table;
        this.tb = tb;
    }

    /** Signatures with at least {@code minGames} games (of at most {@code maxPieces}), most frequent first. */
    public List<Map<String, Object>> signatures(int minGames, int maxPieces, int limit) throws SQLException {
        String score = Endgames.FIRST_SIDE_SCORE;
        String sql = "SELECT " + SIGNATURE + ", min(" + PIECES + ") AS " + PIECES + ", count(*) AS games, "
                + "count(*) FILTER (WHERE " + score + " = 1.0) AS first_side_wins, "
                + "count(*) FILTER (WHERE " + score + " = 0.5) AS draws, "
                + "count(*) FILTER (WHERE " + score + " = 0.0) AS first_side_losses, "
                + "count(*) FILTER (WHERE " + score + " IS NULL) AS unfinished, avg(" + Endgames.PLIES_LEFT
                + ") AS avg_plies_left FROM " + table.scan() + " WHERE " + PIECES + " <= ? GROUP BY " + SIGNATURE
                + " HAVING count(*) >= ? ORDER BY games DESC, " + SIGNATURE + " LIMIT ?";
        Map<String, long[]> tbv = verdicts();
        return db.with(c -> Sql.query(c, sql, List.of(maxPieces, minGames, limit), rs -> {
            Map<String, Object> m = new LinkedHashMap<>();
            String sig = rs.getString(SIGNATURE);
            m.put(SIGNATURE, sig);
            m.put(PIECES, rs.getInt(PIECES));
            m.put("games", rs.getLong("games"));
            m.put("first_side_wins", rs.getLong("first_side_wins"));
            m.put("draws", rs.getLong("draws"));
            m.put("first_side_losses", rs.getLong("first_side_losses"));
            m.put("unfinished", rs.getLong("unfinished"));
            m.put("avg_plies_left", rs.getDouble("avg_plies_left"));
            long[] v = tbv.get(sig);
            m.put("tb_positions", v == null ? null : v[0]);
            m.put("tb_wins", v == null ? null : v[1]);
            m.put("tb_wins_not_won", v == null ? null : v[2]);
            return m;
        }));
    }

    /** Per signature: [entries the tables answer, entries that are a table win for a side, of those not won]. */
    private synchronized Map<String, long[]> verdicts() throws SQLException {
        if (tb == null || tb.maxPieces() == 0) return Map.of();
        String snap = TableSnapshot.of(table.dir());
        if (snap.equals(verdictsOf)) return verdicts;
        String sql = "SELECT " + SIGNATURE + ", " + Endgames.ENTRY_FEN + ", " + Games.RESULT + " FROM " + table.scan()
                + " WHERE " + PIECES + " <= ?";
        List<String[]> rows = db.with(c -> Sql.query(c, sql, List.of(tb.maxPieces()),
                rs -> new String[] {rs.getString(1), rs.getString(2), rs.getString(3)}));
        Map<String, long[]> out = new HashMap<>();
        Position pos = new Position();
        for (String[] r : rows) {
            try {
                pos.setFen(r[1]);
            } catch (FenException | NullPointerException e) {
                continue;
            }
            long probe = tb.probe(pos);
            if (!Probe.found(probe)) continue;
            long[] v = out.computeIfAbsent(r[0], k -> new long[3]);
            v[0]++;
            int dtz = Probe.dtzValue(probe);
            if (dtz == 0) continue;
            int winner = dtz > 0 ? pos.sideToMove() : pos.sideToMove() ^ 1;
            v[1]++;
            boolean won = winner == 0 ? "1-0".equals(r[2]) : "0-1".equals(r[2]);
            if (!won) v[2]++;
        }
        verdicts = out;
        verdictsOf = snap;
        return out;
    }
}
