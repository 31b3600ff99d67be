package org.rookery.dashboards.matches;

import java.util.List;
import java.util.Map;

/**
 * What match statistics need of one gauntlet game, from the {@code games} table or a
 * {@code rookery.games} record.
 *
 * @param gameId the game's id
 * @param matchId the match
 * @param pairIndex the game pair (0-based), or null
 * @param gameInPair 0 or 1, or null
 * @param gameNumber game number in the match, or null
 * @param white the White engine (registry name, else the player name)
 * @param black the Black engine
 * @param result "1-0", "0-1", "1/2-1/2" or "*"
 * @param termination Rookery's termination name in lower case
 * @param plyCount plies played, or null
 * @param finishedAt ISO-8601 time the game ended, or null
 */
public record GameResult(String gameId, String matchId, Integer pairIndex, Integer gameInPair, Long gameNumber,
        String white, String black, String result, String termination, Integer plyCount, String finishedAt) {

    /** Reads the fields of a {@code rookery.games} JSON record; null when it is not a gauntlet game. */
    public static GameResult fromRecord(Map<String, Object> r) {
        Object match = r.get("match_id");
        Object id = r.get("game_id");
        if (!(match instanceof String m) || !(id instanceof String g)) return null;
        String white = str(r.get("white_engine_id"));
        String black = str(r.get("black_engine_id"));
        return new GameResult(g, m, integer(r.get("pair_index")), integer(r.get("game_in_pair")),
                r.get("game_number") instanceof Number n ? n.longValue() : null,
                white != null ? white : str(r.get("white")), black != null ? black : str(r.get("black")),
                str(r.get("result")), str(r.get("termination")), integer(r.get("ply_count")), str(r.get("finished_at")));
    }

    /** The score of {@code engine} in this game (1, ½, 0), or -1 if it did not play or the game has no result. */
    public double scoreOf(String engine) {
        boolean isWhite = engine.equals(white), isBlack = engine.equals(black);
        if (!isWhite && !isBlack) return -1;
        return switch (result == null ? "*" : result) {
            case "1-0" -> isWhite ? 1 : 0;
            case "0-1" -> isWhite ? 0 : 1;
            case "1/2-1/2" -> 0.5;
            default -> -1;
        };
    }

    /** The two engines, White first. */
    public List<String> engines() {
        return List.of(white == null ? "?" : white, black == null ? "?" : black);
    }

    private static String str(Object o) {
        return o == null ? null : o.toString();
    }

    private static Integer integer(Object o) {
        return o instanceof Number n ? n.intValue() : null;
    }
}
