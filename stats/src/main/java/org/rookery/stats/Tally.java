package org.rookery.stats;

import java.util.HashMap;
import java.util.Map;

/**
 * Running results of one engine, game by game: W/D/L, and game-pair (pentanomial) counts once
 * both games of a pair are in. The local runner, {@code rookery status} and the dashboard all
 * count with it, so a match reads the same wherever it is shown.
 *
 * <p>The two games of a pair may arrive in either order (workers on Kafka finish them in any
 * order); a pair whose second game has not arrived counts in W/D/L only. Not thread-safe: the
 * owner synchronizes, as {@code MatchReport} does.
 */
public final class Tally {
    /** The pair index of a game that belongs to no pair (a schedule without repeated openings). */
    public static final int NO_PAIR = -1;

    private long wins, draws, losses;
    /** Pairs by their total for this engine ×2: [LL, LD, DD or WL, WD, WW]. */
    private final long[] pairs = new long[5];
    /** Score of the first-arrived game of each pair still waiting for its partner, by pair index. */
    private final Map<Integer, Double> open = new HashMap<>();

    /**
     * Adds a finished game.
     *
     * @param score     this engine's score: 1, ½ or 0
     * @param pairIndex the game's pair (0 or more), or {@link #NO_PAIR}
     * @throws IllegalArgumentException for any other score or pair index
     */
    public void add(double score, int pairIndex) {
        if (score != 0 && score != 0.5 && score != 1) {
            throw new IllegalArgumentException("a game scores 1, 0.5 or 0, not " + score);
        }
        if (pairIndex < NO_PAIR) throw new IllegalArgumentException("pair index " + pairIndex + " is negative");
        if (score == 1) wins++;
        else if (score == 0) losses++;
        else draws++;
        if (pairIndex == NO_PAIR) return;
        Double other = open.remove(pairIndex);
        if (other == null) open.put(pairIndex, score);
        else pairs[(int) Math.round(2 * (other + score))]++;
    }

    /** Games added. */
    public long games() {
        return wins + draws + losses;
    }

    /** W/D/L over every game added. */
    public Trinomial trinomial() {
        return new Trinomial(wins, draws, losses);
    }

    /** The complete pairs. */
    public Pentanomial pentanomial() {
        return new Pentanomial(pairs[0], pairs[1], pairs[2], pairs[3], pairs[4]);
    }

    /**
     * Whether a pair is complete: then estimates and the SPRT use the pentanomial, as fishtest
     * and fastchess do; before, the trinomial.
     */
    public boolean paired() {
        return pentanomial().pairs() > 0;
    }

    /** Pairs with one game in and the other not yet. */
    public int unfinishedPairs() {
        return open.size();
    }
}
