package org.rookery.contract.ledger;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.rookery.contract.ContractException;
import org.rookery.contract.games.GameRow;
import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.Matches;
import org.rookery.core.cli.UsageError;
import org.rookery.stats.Sprt;
import org.rookery.stats.SprtReplay;
import org.rookery.stats.Tally;

/**
 * The stored games of one gauntlet match, in the order the live run counted them, with the match's definition from {@code matches} when the sink kept it: what
 * {@code analyze sprt} and the dashboard's SPRT form replay. Read over JDBC (DuckDB in both readers),
 * from whatever SQL names the two tables: {@code jobs}' views or the dashboard's Parquet scans.
 *
 * <p>That order is {@code record_offset}: a distributed match's games share one partition of
 * {@code rookery.games} ({@link org.rookery.contract.games.GamePartition}), which the watcher applying
 * the SPRT reads in offset order, and a local run's spool is written in the order its report counts.
 * Rows without it (tables written before the column) follow finish time, then game number.
 *
 * @param definition the definition, or null when {@code matches} has none for the match
 * @param tested the engine under test: the definition's first engine, else White of the first game 0 of a pair
 */
public record MatchGames(String matchId, MatchDefinition definition, String tested, List<Game> games) {
    /** One game as the SPRT counts it; {@code pairIndex} is null outside pairs. */
    public record Game(String white, String black, String result, Integer pairIndex, Integer gameInPair, Long gameNumber) {
        /** The score of {@code engine} (1, ½, 0), or -1 when it did not play or the game has no result. */
        public double scoreOf(String engine) {
            boolean w = engine.equals(white), b = engine.equals(black);
            if (!w && !b || result == null) return -1;
            return switch (result) {
                case "1-0" -> w ? 1 : 0;
                case "0-1" -> w ? 0 : 1;
                case "1/2-1/2" -> 0.5;
                default -> -1;
            };
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The games of {@code matchId} (or of the only match in the data when null); a missing match is a usage error.
     *
     * @param games SQL naming the {@code games} table (a view name or a Parquet scan)
     * @param matches SQL naming the {@code matches} table, or null when there is none
     */
    public static MatchGames read(Connection c, String games, String matches, String matchId) throws SQLException {
        String id = matchId != null ? matchId : onlyMatch(c, games);
        MatchDefinition def = matches != null ? definition(c, matches, id) : null;
        List<Game> list = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT " + Games.WHITE + ", " + Games.BLACK + ", "
                + Games.WHITE_ENGINE_ID + ", " + Games.BLACK_ENGINE_ID + ", " + Games.RESULT + ", " + Games.PAIR_INDEX
                + ", " + Games.GAME_IN_PAIR + ", " + Games.GAME_NUMBER + " FROM " + games + " WHERE "
                + Games.MATCH_ID + " = ? ORDER BY " + (hasColumn(c, games, Games.RECORD_OFFSET) ? Games.RECORD_OFFSET
                + " NULLS LAST, " : "") + Games.FINISHED_AT + " NULLS LAST, " + Games.GAME_NUMBER
                + " NULLS LAST, " + Games.PAIR_INDEX + ", " + Games.GAME_IN_PAIR + ", " + Games.GAME_ID)) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    list.add(new Game(GameRow.engine(r.getString(3), r.getString(1)),
                            GameRow.engine(r.getString(4), r.getString(2)), r.getString(5), integer(r, 6), integer(r, 7),
                            r.getObject(8) == null ? null : r.getLong(8)));
                }
            }
        }
        if (list.isEmpty()) throw new UsageError("--match " + id + ": no games of that match under --data");
        return new MatchGames(id, def, tested(def, list), List.copyOf(list));
    }

    /** The engine under test: the definition's first engine, else White of the lowest-numbered game 0 of a pair. */
    public static String tested(MatchDefinition def, List<Game> games) {
        if (def != null && !def.engines().isEmpty()) return def.engines().get(0).name();
        Game first = null;
        for (Game g : games) {
            if (g.gameInPair() != null && g.gameInPair() != 0) continue;
            if (first == null || order(g) < order(first)) first = g;
        }
        return (first != null ? first : games.get(0)).white();
    }

    /** The live test of the definition, or null when the match had no SPRT or its definition was not kept. */
    public Sprt liveTest() {
        return definition == null || definition.sprt() == null ? null : definition.sprt().test();
    }

    /** Replays {@code test} over the first {@code asOf} counted games of the tested engine (all when {@code asOf} ≤ 0). */
    public SprtReplay replay(Sprt test, long asOf) {
        SprtReplay r = new SprtReplay(test);
        for (Game g : games) {
            if (asOf > 0 && r.tally().games() >= asOf) break;
            double s = g.scoreOf(tested);
            if (s < 0) continue;
            r.add(s, g.pairIndex() == null || g.pairIndex() < 0 ? Tally.NO_PAIR : g.pairIndex());
        }
        return r;
    }

    /** The tally of the first {@code asOf} counted games, for the estimates (any test would do; none is needed). */
    public Tally tally(long asOf) {
        return replay(new Sprt(0.05, 0.05, 0, 1, Sprt.Model.LOGISTIC), asOf).tally();
    }

    /** Whether {@code table} has {@code column}: tables written before a column have none, not a null one. */
    private static boolean hasColumn(Connection c, String table, String column) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT * FROM " + table + " LIMIT 0")) {
            var meta = r.getMetaData();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                if (column.equalsIgnoreCase(meta.getColumnName(i))) return true;
            }
            return false;
        }
    }

    private static String onlyMatch(Connection c, String games) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT DISTINCT " + Games.MATCH_ID + " FROM "
                + games + " WHERE " + Games.MATCH_ID + " IS NOT NULL ORDER BY 1 LIMIT 6")) {
            while (r.next()) ids.add(r.getString(1));
        }
        if (ids.isEmpty()) throw new UsageError("--data: the games table holds no gauntlet match");
        if (ids.size() > 1) {
            throw new UsageError("--data holds " + (ids.size() > 5 ? "more than 5" : ids.size()) + " matches ("
                    + String.join(", ", ids.subList(0, Math.min(5, ids.size()))) + "): name one with --match");
        }
        return ids.get(0);
    }

    /** The definition of {@code id} in {@code matches} (SQL naming the table), or null when it has none. */
    public static MatchDefinition definition(Connection c, String matches, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + Matches.DEFINITION + " FROM " + matches + " WHERE "
                + Matches.MATCH_ID + " = ? LIMIT 1")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) return null;
                return MatchDefinitionCodec.read(id, JSON.readTree(r.getString(1)));
            }
        } catch (IOException | ContractException e) {
            throw new UsageError("matches: the definition of " + id + " is unreadable: " + e.getMessage());
        }
    }

    private static long order(Game g) {
        return g.gameNumber() == null ? Long.MAX_VALUE : g.gameNumber();
    }

    private static Integer integer(ResultSet r, int col) throws SQLException {
        Object o = r.getObject(col);
        return o == null ? null : ((Number) o).intValue();
    }
}
