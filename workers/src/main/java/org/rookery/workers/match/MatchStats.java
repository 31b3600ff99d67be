package org.rookery.workers.match;

import java.util.HashMap;
import java.util.Map;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.Trinomial;

/**
 * Running results of one pairing (first engine vs second), from the first engine's side: W/D/L,
 * by colour, and game-pair (pentanomial) counts once both games of a pair are in.
 */
public final class MatchStats {
    private final String first, second;
    private long wins, draws, losses;
    private long whiteWins, whiteDraws, whiteLosses;
    private final long[] ptnml = new long[5];
    private final Map<Integer, Double> openPairs = new HashMap<>();

    public MatchStats(String first, String second) {
        this.first = first;
        this.second = second;
    }

    public String first() { return first; }

    public String second() { return second; }

    /** Adds a finished game of this pairing; {@code pairIndex} groups the two games of a pair. */
    public synchronized void add(GameRecord g, boolean pairs) {
        double s = g.scoreOf(first);
        boolean firstWhite = g.white().equals(first);
        if (s == 1) wins++;
        else if (s == 0) losses++;
        else draws++;
        if (firstWhite) {
            if (s == 1) whiteWins++;
            else if (s == 0) whiteLosses++;
            else whiteDraws++;
        }
        if (pairs) {
            Double other = openPairs.remove(g.pairIndex());
            if (other == null) openPairs.put(g.pairIndex(), s);
            else ptnml[(int) Math.round(2 * (other + s))]++;
        }
    }

    public synchronized Trinomial trinomial() { return new Trinomial(wins, draws, losses); }

    public synchronized Pentanomial pentanomial() { return new Pentanomial(ptnml[0], ptnml[1], ptnml[2], ptnml[3], ptnml[4]); }

    public synchronized long games() { return wins + draws + losses; }

    public synchronized long[] asWhite() { return new long[] {whiteWins, whiteLosses, whiteDraws}; }

    public synchronized long[] asBlack() {
        return new long[] {wins - whiteWins, losses - whiteLosses, draws - whiteDraws};
    }

    /** White's results over all games of the pairing: {white wins, black wins, draws}. */
    public synchronized long[] whiteVsBlack() {
        long blackWinsAsFirst = wins - whiteWins, blackLossesAsFirst = losses - whiteLosses;
        return new long[] {whiteWins + blackLossesAsFirst, whiteLosses + blackWinsAsFirst, draws};
    }
}
