package org.rookery.workers.match;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rookery.core.rules.Termination;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.Sprt;
import org.rookery.stats.Tally;
import org.rookery.stats.Trinomial;

/**
 * Live and final output in cutechess-cli's format (plus fastchess's pentanomial and nElo lines),
 * so users of those tools read it at a glance. It keeps the first SPRT decision of the match
 * ({@link Sprt#evaluate(Tally)} makes it), so the local runner and {@code rookery status} stop on it.
 */
public final class MatchReport {
    private final PrintStream out;
    private final MatchSettings settings;
    private final Map<String, MatchStats> pairings = new LinkedHashMap<>();
    private final Map<String, Tally> perEngine = new LinkedHashMap<>();
    private final Map<Termination, Integer> terminations = new LinkedHashMap<>();
    private int finished;
    private Sprt.Decision decision = Sprt.Decision.CONTINUE;
    /** Games finished when the SPRT decided (0 while undecided): games after it still count everywhere. */
    private int decidedAfter;
    /** Finished-game count at each pairing's last printed Elo block, so the closing block never repeats it. */
    private final Map<MatchStats, Long> printedAt = new java.util.IdentityHashMap<>();

    public MatchReport(PrintStream out, MatchSettings settings) {
        this.out = out;
        this.settings = settings;
        for (var e : settings.engines()) perEngine.put(e.name(), new Tally());
    }

    private MatchStats pairing(String a, String b) {
        // Keyed by schedule order: the earlier engine is "first", as in cutechess's "Score of A vs B".
        int ia = indexOf(a), ib = indexOf(b);
        String first = ia <= ib ? a : b, second = ia <= ib ? b : a;
        return pairings.computeIfAbsent(first + "\u0000" + second, k -> new MatchStats(first, second));
    }

    private int indexOf(String name) {
        for (int i = 0; i < settings.engines().size(); i++) if (settings.engines().get(i).name().equals(name)) return i;
        return Integer.MAX_VALUE;
    }

    public synchronized void started(Schedule.Game g, int total) {
        out.printf(Locale.ROOT, "Started game %d of %d (%s vs %s)%n", g.number(), total,
            settings.engines().get(g.white()).name(), settings.engines().get(g.black()).name());
    }

    /** Records a finished game, prints its lines, and returns the SPRT decision so far. */
    public synchronized Sprt.Decision finished(GameRecord g) {
        finished++;
        terminations.merge(g.termination(), 1, Integer::sum);
        out.printf(Locale.ROOT, "Finished game %d (%s vs %s): %s {%s}%n", g.gameNumber(), g.white(), g.black(),
            g.result().pgn(), g.reason());
        MatchStats st = pairing(g.white(), g.black());
        st.add(g, settings.repeat());
        for (String player : new String[] {g.white(), g.black()}) perEngine.get(player).add(g.scoreOf(player), Tally.NO_PAIR);
        Trinomial t = st.trinomial();
        out.printf(Locale.ROOT, "Score of %s vs %s: %d - %d - %d  [%.3f] %d%n", st.first(), st.second(),
            t.wins(), t.losses(), t.draws(), t.score(), t.games());
        if (settings.ratingInterval() > 0 && finished % settings.ratingInterval() == 0) printElo(st);
        if (settings.sprt() != null && decision == Sprt.Decision.CONTINUE) {
            decision = st.sprt(settings.sprt()).decision();
            if (decision != Sprt.Decision.CONTINUE) decidedAfter = finished;
        }
        out.flush();
        return decision;
    }

    private void printElo(MatchStats st) {
        printedAt.put(st, st.trinomial().games());
        long[] w = st.asWhite(), b = st.asBlack(), wb = st.whiteVsBlack();
        Trinomial t = st.trinomial();
        out.printf(Locale.ROOT, "...      %s playing White: %d - %d - %d  [%.3f] %d%n", st.first(), w[0], w[1], w[2],
            score(w), w[0] + w[1] + w[2]);
        out.printf(Locale.ROOT, "...      %s playing Black: %d - %d - %d  [%.3f] %d%n", st.first(), b[0], b[1], b[2],
            score(b), b[0] + b[1] + b[2]);
        out.printf(Locale.ROOT, "...      White vs Black: %d - %d - %d  [%.3f] %d%n", wb[0], wb[1], wb[2], score(wb),
            wb[0] + wb[1] + wb[2]);
        out.printf(Locale.ROOT, "Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %.1f %%%n",
            num(t.elo()), num(t.eloError()), num(100 * t.los()), 100 * t.drawRatio());
        Pentanomial p = settings.repeat() ? st.pentanomial() : null;
        // fastchess's totals line, which fishtest reads; only beside a pentanomial covering every game
        // (fishtest checks games = 2 x pairs), as fastchess reports whole rounds only.
        if (p == null || 2L * p.pairs() == t.games()) {
            out.printf(Locale.ROOT, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)%n", t.games(), t.wins(),
                t.losses(), t.draws(), t.wins() + 0.5 * t.draws(), 100 * t.score());
        }
        if (p != null && p.pairs() > 0) {
            out.printf(Locale.ROOT, "Ptnml(0-2): [%d, %d, %d, %d, %d], pairs %d: Elo %s +/- %s, nElo %s +/- %s%n",
                p.ll(), p.ld(), p.ddWl(), p.wd(), p.ww(), p.pairs(), num(p.elo()), num(p.eloError()),
                num(p.normalizedElo()), num(p.normalizedEloError()));
        }
        if (settings.sprt() != null) {
            Sprt s = settings.sprt();
            Sprt.Outcome o = st.sprt(s);
            out.printf(Locale.ROOT, "SPRT: llr %.3f (%.1f%%), lbound %.2f, ubound %.2f%s%n", o.llr(),
                100 * o.llr() / s.upperBound(), s.lowerBound(), s.upperBound(),
                o.decision() == Sprt.Decision.ACCEPT_H1 ? " - H1 was accepted"
                    : o.decision() == Sprt.Decision.ACCEPT_H0 ? " - H0 was accepted" : "");
        }
    }

    private static double score(long[] wld) {
        long n = wld[0] + wld[1] + wld[2];
        return n == 0 ? 0 : (wld[0] + 0.5 * wld[2]) / n;
    }

    private static String num(double v) {
        if (Double.isNaN(v)) return "nan";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /**
     * The closing block: each pairing's Elo (unless the last game just printed it), the SPRT verdict,
     * the termination breakdown, the standings table and fastchess's and cutechess's last line,
     * "Finished match", which fishtest waits for.
     */
    public synchronized void finish(boolean stoppedBySprt) {
        for (MatchStats st : pairings.values()) {
            Trinomial t = st.trinomial();
            if (printedAt.getOrDefault(st, -1L) == t.games()) continue;
            out.printf(Locale.ROOT, "Score of %s vs %s: %d - %d - %d  [%.3f] %d%n", st.first(), st.second(),
                t.wins(), t.losses(), t.draws(), t.score(), t.games());
            printElo(st);
        }
        if (stoppedBySprt && decision != Sprt.Decision.CONTINUE) {
            // The stop only keeps new games from starting: games in flight finish and count above.
            String verdict = decision == Sprt.Decision.ACCEPT_H1 ? "H1" : "H0";
            if (finished < Schedule.size(settings)) {
                out.printf(Locale.ROOT, "SPRT: %s was accepted after %d games; the match stopped early with %d games played%n",
                    verdict, decidedAfter, finished);
            } else {
                out.printf(Locale.ROOT, "SPRT: %s was accepted after %d games; all %d games were played%n",
                    verdict, decidedAfter, finished);
            }
        }
        out.print("Terminations:");
        terminations.forEach((k, v) -> out.print(" " + k.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " " + v + ";"));
        out.println();
        List<String> names = new ArrayList<>(perEngine.keySet());
        names.sort(Comparator.comparingDouble(n -> -points(perEngine.get(n).trinomial())));
        out.printf(Locale.ROOT, "%4s %-28s %7s %7s %7s %7s %7s%s%n", "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw",
            settings.football() ? "  Points" : "");
        int rank = 0;
        for (String n : names) {
            Trinomial t = perEngine.get(n).trinomial();
            out.printf(Locale.ROOT, "%4d %-28s %7s %7s %7d %6.1f%% %6.1f%%%s%n", ++rank, n, num(t.elo()), num(t.eloError()),
                t.games(), 100 * t.score(), 100 * t.drawRatio(),
                settings.football() ? String.format(Locale.ROOT, "  %6d", t.wins() * 3 + t.draws()) : "");
        }
        out.println("Finished match");
        out.flush();
    }

    private double points(Trinomial t) {
        return settings.football() ? 3 * t.wins() + t.draws() : t.wins() + 0.5 * t.draws();
    }

    public synchronized int finishedGames() { return finished; }

    /** The first SPRT decision of the match, or {@code CONTINUE}. */
    public synchronized Sprt.Decision decision() { return decision; }

    /** How many games were finished when the SPRT decided; 0 while it has not. */
    public synchronized int decidedAfter() { return decidedAfter; }

    public synchronized Map<Termination, Integer> terminations() { return Map.copyOf(terminations); }

    /** Per pairing statistics, for tests and the Kafka status command. */
    public synchronized List<MatchStats> pairings() { return List.copyOf(pairings.values()); }
}
