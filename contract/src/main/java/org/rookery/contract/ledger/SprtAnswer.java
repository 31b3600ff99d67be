package org.rookery.contract.ledger;

import org.rookery.stats.Pentanomial;
import org.rookery.stats.Sprt;
import org.rookery.stats.SprtReplay;
import org.rookery.stats.Tally;
import org.rookery.stats.Trinomial;

/**
 * The numbers of a stored match's SPRT asked again, the one computation behind {@code analyze sprt}'s
 * text and the dashboard's {@code /api/matches/{id}/sprt}: the estimates over the first {@code asOf}
 * counted games (pentanomial once a pair is complete, as the live run reports them, W/D/L before), and
 * the replay of the live and of the asked test.
 *
 * @param live the live test replayed, or null when the match had none (or its definition was not kept)
 * @param asked the asked test replayed, or null when nothing was asked
 */
public record SprtAnswer(MatchGames match, long asOf, Tally tally, Estimates estimates, Line live, Line asked) {
    /** Elo, its 95% error, nElo and its error, LOS, from the pentanomial ({@code paired}) or the W/D/L. */
    public record Estimates(boolean paired, double elo, double eloError, double nElo, double nEloError, double los) {
    }

    /**
     * One test over the games: the LLR after the last counted game, and where a bound was first crossed.
     *
     * @param stoppedAtGames the game count of the first crossing, or -1 when no bound was crossed
     * @param stop the outcome at that game, or null
     */
    public record Line(Sprt test, double llr, long games, long stoppedAtGames, Sprt.Outcome stop) {
        static Line of(SprtReplay r) {
            Sprt.Outcome o = r.outcome();
            return new Line(r.test(), o == null ? 0.0 : o.llr(), r.tally().games(), r.stoppedAtGames(), r.stopOutcome());
        }
    }

    /** The answer for {@code match} over its first {@code asOf} counted games (all when ≤ 0), {@code asked} may be null. */
    public static SprtAnswer of(MatchGames match, Sprt asked, long asOf) {
        Tally t = match.tally(asOf);
        Estimates e;
        if (t.paired()) {
            Pentanomial p = t.pentanomial();
            e = new Estimates(true, p.elo(), p.eloError(), p.normalizedElo(), p.normalizedEloError(), p.los());
        } else {
            Trinomial w = t.trinomial();
            e = new Estimates(false, w.elo(), w.eloError(), w.normalizedElo(), w.normalizedEloError(), w.los());
        }
        Sprt live = match.liveTest();
        return new SprtAnswer(match, asOf, t, e, live == null ? null : Line.of(match.replay(live, asOf)),
                asked == null ? null : Line.of(match.replay(asked, asOf)));
    }
}
