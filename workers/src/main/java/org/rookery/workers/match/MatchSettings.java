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
 * @param pairing {@code -seeds}, {@code -openings policy=} and {@code -repeat N}: how engines are drawn and openings shift
 */
public record MatchSettings(List<EngineConfig> engines, Tournament tournament, int rounds, int gamesPerEncounter,
                            boolean repeat, boolean noSwap, boolean reverse, int concurrency, OpeningBook openings,
                            Adjudication adjudication, Sprt sprt, Path pgnOut, boolean pgnOutMinimal, int ratingInterval,
                            boolean recover, String event, String site, boolean football, Path logDir,
                            long stallTimeoutMs, Pairing pairing) {
    /** Pairing schemes: cutechess-cli's four ({@code -tournament}). */
    public enum Tournament {
        GAUNTLET, ROUND_ROBIN,
        /** Single elimination: encounters until decided, winners meet in the next round (cutechess). */
        KNOCKOUT,
        /** Every engine plays all of its predecessors, in engine order (cutechess). */
        PYRAMID
    }

    /** When a new opening is drawn ({@code -openings policy=}, cutechess-cli's meanings). */
    public enum OpeningPolicy {
        /** At every new encounter, and after each {@code -repeat N} games of one opening. */
        DEFAULT,
        /** Only when a new pair of engines meets: an encounter keeps one opening for all its games. */
        ENCOUNTER,
        /** Only when a new round begins: every encounter of a round plays the same opening. */
        ROUND
    }

    /**
     * @param seeds {@code -seeds N}: in a gauntlet the first N engines each play all the others (fastchess);
     *     in a knockout the first N engines are seeded, the rest drawn at random (cutechess)
     * @param policy {@code -openings policy=}
     * @param repetitions games one opening is played before the next ({@code -repeat N}; 2 for game pairs, 1 without)
     * @param drawSeed seed of the knockout's draw of unseeded engines ({@code -srand})
     */
    public record Pairing(int seeds, OpeningPolicy policy, int repetitions, long drawSeed) {
        public Pairing {
            if (repetitions < 1) throw new IllegalArgumentException("opening repetitions must be at least 1");
            if (seeds < 0) throw new IllegalArgumentException("seeds must be at least 0");
        }

        /** The pairing before these options existed: one gauntlet player, openings in pairs under -repeat. */
        public static Pairing defaults(boolean repeat) {
            return new Pairing(1, OpeningPolicy.DEFAULT, repeat ? 2 : 1, 0);
        }
    }

    public MatchSettings {
        engines = List.copyOf(engines);
        if (pairing == null) pairing = Pairing.defaults(repeat);
    }

    /** Settings with the default pairing ({@link Pairing#defaults}). */
    public MatchSettings(List<EngineConfig> engines, Tournament tournament, int rounds, int gamesPerEncounter,
                         boolean repeat, boolean noSwap, boolean reverse, int concurrency, OpeningBook openings,
                         Adjudication adjudication, Sprt sprt, Path pgnOut, boolean pgnOutMinimal, int ratingInterval,
                         boolean recover, String event, String site, boolean football, Path logDir, long stallTimeoutMs) {
        this(engines, tournament, rounds, gamesPerEncounter, repeat, noSwap, reverse, concurrency, openings, adjudication, sprt,
            pgnOut, pgnOutMinimal, ratingInterval, recover, event, site, football, logDir, stallTimeoutMs, null);
    }

    /** The same settings with another concurrency. */
    public MatchSettings withConcurrency(int n) {
        return new MatchSettings(engines, tournament, rounds, gamesPerEncounter, repeat, noSwap, reverse, n, openings, adjudication,
            sprt, pgnOut, pgnOutMinimal, ratingInterval, recover, event, site, football, logDir, stallTimeoutMs, pairing);
    }

    /** The stderr log of an engine's process in one slot, or null without a log directory. */
    public Path engineLog(String engineName, int slot) {
        return logDir == null ? null : logDir.resolve(engineName.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + slot + ".stderr.log");
    }
}
