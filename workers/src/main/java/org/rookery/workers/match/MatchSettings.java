package org.rookery.workers.match;

import java.nio.file.Path;
import java.util.List;
import org.rookery.stats.Sprt;
import org.rookery.workers.uci.EngineConfig;

/**
 * Everything a local match needs, as {@code rookery gauntlet} (cutechess-cli syntax) describes it.
 *
 * @param engines the engines; in a gauntlet the first plays all the others
 * @param tournament GAUNTLET or ROUND_ROBIN
 * @param rounds {@code -rounds}
 * @param gamesPerEncounter {@code -games}: games each pairing plays per round
 * @param repeat {@code -repeat}: consecutive games of an encounter share an opening (game pairs)
 * @param noSwap {@code -noswap}: never swap colours within an encounter
 * @param reverse {@code -reverse}: swap the schedule's colours
 * @param concurrency games played at once
 * @param openings the opening book
 * @param adjudication resign/draw/maxmoves rules
 * @param sprt the SPRT, or null
 * @param pgnOut file the games are appended to, or null
 * @param pgnOutMinimal write PGN without move comments
 * @param ratingInterval print the Elo block every N games (0 = only at the end)
 * @param recover restart crashed engines instead of forfeiting their remaining games
 * @param event PGN Event tag
 * @param site PGN Site tag
 * @param football score 3/1/0 in the standings instead of 1/½/0
 * @param logDir directory for the engines' stderr logs, or null
 * @param stallTimeoutMs how long a search without clock may take before it counts as a stall
 */
public record MatchSettings(List<EngineConfig> engines, Tournament tournament, int rounds, int gamesPerEncounter,
                            boolean repeat, boolean noSwap, boolean reverse, int concurrency, OpeningBook openings,
                            Adjudication adjudication, Sprt sprt, Path pgnOut, boolean pgnOutMinimal, int ratingInterval,
                            boolean recover, String event, String site, boolean football, Path logDir,
                            long stallTimeoutMs) {
    /** Pairing schemes. */
    public enum Tournament { GAUNTLET, ROUND_ROBIN }

    public MatchSettings {
        engines = List.copyOf(engines);
    }

    /** The stderr log of an engine's process in one slot, or null without a log directory. */
    public Path engineLog(String engineName, int slot) {
        return logDir == null ? null : logDir.resolve(engineName.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + slot + ".stderr.log");
    }
}
