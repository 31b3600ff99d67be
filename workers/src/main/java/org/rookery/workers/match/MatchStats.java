package org.rookery.workers.match;

import org.rookery.stats.Pentanomial;
import org.rookery.stats.Sprt;
import org.rookery.stats.Tally;
import org.rookery.stats.Trinomial;

/**
 * Running results of one pairing (first engine vs second), from the first engine's side: W/D/L,
 * by colour, and game-pair (pentanomial) counts once both games of a pair are in.
 */
public final class MatchStats {
    private final String first, second;
    private final Tally all = new Tally();
    /** The first engine's games with White; its Black games are the rest. */
    private final Tally asWhite = new Tally();
    /** First-arrived score of each open pair, to tell a won-and-lost pair (WL) from two draws (DD). */
    private final java.util.Map<Integer, Double> openPairs = new java.util.HashMap<>();
    private long winLossPairs;

    public MatchStats(String first, String second) {
        this.first = first;
        this.second = second;
    }

    public String first() { return first; }

    public String second() { return second; }

    /** Adds a finished game of this pairing; {@code pairIndex} groups the two games of a pair. */
    public synchronized void add(GameRecord g, boolean pairs) {
        double s = g.scoreOf(first);
        all.add(s, pairs ? g.pairIndex() : Tally.NO_PAIR);
        if (g.white().equals(first)) asWhite.add(s, Tally.NO_PAIR);
        if (pairs) {
            Double other = openPairs.remove(g.pairIndex());
            if (other == null) openPairs.put(g.pairIndex(), s);
            else if (other + s == 1.0 && other != 0.5) winLossPairs++;
        }
    }

    /** Complete pairs with one win and one loss (fastchess's {@code penta_WL}); the rest of DD+WL are two draws. */
    public synchronized long winLossPairs() { return winLossPairs; }

    /** The SPRT's LLR and decision for the pairing so far. */
    public synchronized Sprt.Outcome sprt(Sprt test) { return test.evaluate(all); }

    public synchronized Trinomial trinomial() { return all.trinomial(); }

    public synchronized Pentanomial pentanomial() { return all.pentanomial(); }

    public synchronized long games() { return all.games(); }

    public synchronized long[] asWhite() {
        Trinomial w = asWhite.trinomial();
        return new long[] {w.wins(), w.losses(), w.draws()};
    }

    public synchronized long[] asBlack() {
        Trinomial t = all.trinomial(), w = asWhite.trinomial();
        return new long[] {t.wins() - w.wins(), t.losses() - w.losses(), t.draws() - w.draws()};
    }

    /** White's results over all games of the pairing: {white wins, black wins, draws}. */
    public synchronized long[] whiteVsBlack() {
        Trinomial t = all.trinomial(), w = asWhite.trinomial();
        long blackWinsAsFirst = t.wins() - w.wins(), blackLossesAsFirst = t.losses() - w.losses();
        return new long[] {w.wins() + blackLossesAsFirst, w.losses() + blackWinsAsFirst, t.draws()};
    }
}
