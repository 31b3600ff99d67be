package org.rookery.dashboards.matches;

import java.util.List;
import java.util.Map;
import org.rookery.contract.ContractException;
import org.rookery.contract.games.GameCodec;
import org.rookery.contract.games.GameRow;
import org.rookery.dashboards.http.Json;

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

    /**
     * Reads a {@code rookery.games} record (as a parsed JSON map) through the contract's codec; null
     * when it is not a gauntlet game. A record the codec cannot read is a {@link ContractException}.
     */
    public static GameResult fromRecord(Map<String, Object> r) {
        return of(GameCodec.fromJson(Json.MAPPER.valueToTree(r)));
    }

    /** The result-bearing fields of a game; null when it is not a gauntlet game (no match id). */
    public static GameResult of(GameRow g) {
        if (g.matchId() == null || g.gameId() == null) return null;
        return new GameResult(g.gameId(), g.matchId(), g.pairIndex(), g.gameInPair(), g.gameNumber(), g.whiteEngine(),
                g.blackEngine(), g.result(), g.termination(), g.plyCount(), g.finishedAt());
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
}
