package org.rookery.jobs.ledger;

import java.io.PrintWriter;
import java.util.Locale;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.Sprt;
import org.rookery.stats.SprtReplay;
import org.rookery.stats.Tally;
import org.rookery.stats.Trinomial;

/**
 * {@code analyze sprt}'s numbers: the match's stored games replayed in the order they were counted,
 * through the same {@link Tally} and {@link Sprt} as the live run, up to a game count; Elo, nElo and
 * LOS of the tested engine (pentanomial once a pair is complete, as the live run reports them), the
 * LLR under the live bounds and under the asked ones, and where each would have stopped.
 */
public final class SprtReport {
    private SprtReport() {
    }

    /** Replays {@code test} over the first {@code asOf} counted games of the tested engine (all when {@code asOf} ≤ 0). */
    public static SprtReplay replay(MatchGames m, Sprt test, long asOf) {
        SprtReplay r = new SprtReplay(test);
        for (MatchGames.Game g : m.games()) {
            if (asOf > 0 && r.tally().games() >= asOf) break;
            double s = g.scoreOf(m.tested());
            if (s < 0) continue;
            r.add(s, g.pairIndex() == null || g.pairIndex() < 0 ? Tally.NO_PAIR : g.pairIndex());
        }
        return r;
    }

    /** The tally of the first {@code asOf} counted games, for the estimates (any test would do; none is needed). */
    public static Tally tally(MatchGames m, long asOf) {
        return replay(m, new Sprt(0.05, 0.05, 0, 1, Sprt.Model.LOGISTIC), asOf).tally();
    }

    /** Prints the report: estimates, then one line per test ({@code live} and {@code asked} may be null). */
    public static void print(MatchGames m, Sprt live, Sprt asked, long asOf, PrintWriter out) {
        Tally t = tally(m, asOf);
        out.printf(Locale.ROOT, "Match %s: %d games of %s counted%s, %d complete pairs%n", m.matchId(), t.games(), m.tested(),
                asOf > 0 ? " (as of game " + asOf + ")" : "", t.pentanomial().pairs());
        if (t.paired()) {
            Pentanomial p = t.pentanomial();
            out.printf(Locale.ROOT, "Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f, LOS: %.2f %%, Ptnml(0-2): [%d, %d, %d, %d, %d]%n",
                    p.elo(), p.eloError(), p.normalizedElo(), p.normalizedEloError(), 100 * p.los(), p.ll(), p.ld(), p.ddWl(),
                    p.wd(), p.ww());
        } else {
            Trinomial w = t.trinomial();
            out.printf(Locale.ROOT, "Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f, LOS: %.2f %%, W/D/L: %d/%d/%d (no complete pair)%n",
                    w.elo(), w.eloError(), w.normalizedElo(), w.normalizedEloError(), 100 * w.los(), w.wins(), w.draws(),
                    w.losses());
        }
        if (live != null) line("Live SPRT", m, live, asOf, out);
        else out.println("Live SPRT: none (the match had no SPRT, or its definition is not in matches)");
        if (asked != null) line("Asked SPRT", m, asked, asOf, out);
    }

    private static void line(String label, MatchGames m, Sprt test, long asOf, PrintWriter out) {
        SprtReplay r = replay(m, test, asOf);
        Sprt.Outcome o = r.outcome();
        out.printf(Locale.ROOT, "%s %s: LLR %.4f (%.4f, %.4f) %s%n", label, describe(test), o == null ? 0.0 : o.llr(),
                test.lowerBound(), test.upperBound(),
                r.stoppedAtGames() < 0 ? "- no bound crossed by game " + r.tally().games()
                        : "- stops at game " + r.stoppedAtGames() + ": " + verdict(r.stopOutcome().decision())
                                + String.format(Locale.ROOT, " (LLR %.4f)", r.stopOutcome().llr()));
    }

    /** The test as fishtest writes bounds: {@code [elo0, elo1]} with α, β and the model. */
    static String describe(Sprt s) {
        return String.format(Locale.ROOT, "[%s, %s] alpha %s beta %s %s", num(s.elo0()), num(s.elo1()), num(s.alpha()),
                num(s.beta()), s.model().name().toLowerCase(Locale.ROOT));
    }

    private static String num(double x) {
        return x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x);
    }

    private static String verdict(Sprt.Decision d) {
        return d == Sprt.Decision.ACCEPT_H1 ? "H1 accepted" : "H0 accepted";
    }
}
