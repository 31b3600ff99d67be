package org.rookery.contract.games;

import java.util.List;

/**
 * One game as the {@code games} table holds it and a {@code rookery.games} record carries it: one
 * component per column of {@link org.rookery.contract.schema.Games#SCHEMA}, in its order, except the
 * opening columns ingest derives from the keys; null where the column is null. {@code variant} is
 * {@code standard} or {@code chess960} (null in records written before it: standard). Timestamps are ISO-8601 strings, as the records carry them. {@link GameCodec}
 * reads and writes the JSON form; {@link GameChecks} says whether a row is a usable game.
 */
public record GameRow(String gameId, String source, String collection, String matchId, Integer pairIndex,
        Integer gameInPair, String sourceFile, Long gameNumber, String event, String site, String date, String round,
        String white, String black, String result, Integer whiteElo, Integer blackElo, String eco, String timeControl,
        String termination, String startFen, int plyCount, List<String> movesUci, List<Long> zobrist,
        List<Long> clockMs, List<Integer> evalCp, List<Integer> evalMate, List<Integer> depth, List<Integer> selDepth,
        List<Long> nodes, List<Long> nps, List<Long> timeMs, List<Long> latencyMs, List<Integer> hashfull, List<Long> tbHits,
        List<String> pv, String whiteEngineId,
        String blackEngineId, String workerId, String startedAt, String finishedAt, String pgn, DrawFacts drawFacts,
        String variant) {

    /** White's engine for standings: the registry name, else the player name (imports have no engine id). */
    public String whiteEngine() {
        return engine(whiteEngineId, white);
    }

    /** Black's engine for standings, as {@link #whiteEngine()}. */
    public String blackEngine() {
        return engine(blackEngineId, black);
    }

    /** The one rule for a side's engine, for readers that hold only those two columns: the engine id, else the player. */
    public static String engine(String engineId, String player) {
        return engineId != null ? engineId : player;
    }

    /** Moves played: the length of {@code moves_uci}, which imports of games without moves leave null. */
    public int moveCount() {
        return movesUci == null ? 0 : movesUci.size();
    }
}
