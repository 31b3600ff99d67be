package org.rookery.jobs.ledger;

import java.io.PrintWriter;
import java.util.Locale;
import org.rookery.contract.ledger.SprtAnswer;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.Sprt;
import org.rookery.stats.Trinomial;

/**
 * {@code analyze sprt}'s text: the {@link SprtAnswer} (the match's stored games replayed in the order
 * they were counted, through the same {@code Tally} and {@link Sprt} as the live run, computed in
 * {@code contract} so the dashboard gives the same numbers) as the estimates, then one line per test.
 */
public final class SprtReport {
    private SprtReport() {
    }

    /** Prints the answer: estimates, then one line per test (the live and the asked one, when there are). */
    public static void print(SprtAnswer a, PrintWriter out) {
        var t = a.tally();
        var e = a.estimates();
        out.printf(Locale.ROOT, "Match %s: %d games of %s counted%s, %d complete pairs%n", a.match().matchId(), t.games(),
                a.match().tested(), a.asOf() > 0 ? " (as of game " + a.asOf() + ")" : "", t.pentanomial().pairs());
        if (e.paired()) {
            Pentanomial p = t.pentanomial();
            out.printf(Locale.ROOT, "Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f, LOS: %.2f %%, Ptnml(0-2): [%d, %d, %d, %d, %d]%n",
                    e.elo(), e.eloError(), e.nElo(), e.nEloError(), 100 * e.los(), p.ll(), p.ld(), p.ddWl(), p.wd(), p.ww());
        } else {
            Trinomial w = t.trinomial();
            out.printf(Locale.ROOT, "Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f, LOS: %.2f %%, W/D/L: %d/%d/%d (no complete pair)%n",
                    e.elo(), e.eloError(), e.nElo(), e.nEloError(), 100 * e.los(), w.wins(), w.draws(), w.losses());
        }
        if (a.live() != null) line("Live SPRT", a.live(), out);
        else out.println("Live SPRT: none (the match had no SPRT, or its definition is not in matches)");
        if (a.asked() != null) line("Asked SPRT", a.asked(), out);
    }

    private static void line(String label, SprtAnswer.Line l, PrintWriter out) {
        Sprt test = l.test();
        out.printf(Locale.ROOT, "%s %s: LLR %.4f (%.4f, %.4f) %s%n", label, describe(test), l.llr(), test.lowerBound(),
                test.upperBound(), l.stoppedAtGames() < 0 ? "- no bound crossed by game " + l.games()
                        : "- stops at game " + l.stoppedAtGames() + ": " + verdict(l.stop().decision())
                                + String.format(Locale.ROOT, " (LLR %.4f)", l.stop().llr()));
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
