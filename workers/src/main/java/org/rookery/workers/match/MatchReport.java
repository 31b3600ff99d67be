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

    private final RunOptions run;
    /** Per engine, how its games ended ("Win: White mates"), for cutechess's outcome block. */
    private final Map<String, java.util.TreeMap<String, Integer>> outcomes = new LinkedHashMap<>();
    /** fastchess output: complete pairs of each pairing after its previous game, to see a pair close. */
    private final Map<MatchStats, Long> pairsAtLastGame = new java.util.IdentityHashMap<>();
    /** fastchess output: per engine, games lost on time and by a crash or stall (its closing player table). */
    private final Map<String, Integer> timeouts = new LinkedHashMap<>(), crashes = new LinkedHashMap<>();
    private final long startedNanos = System.nanoTime();
    /** Per engine, cutechess's outcome classes ("Draw: repetition", "Loss: time") for {@code -resultformat}'s columns. */
    private final Map<String, Map<String, Integer>> outcomeClasses = new LinkedHashMap<>();
    /** Per engine, {wins, draws, losses} as White then as Black, for {@code -resultformat}'s per-colour columns. */
    private final Map<String, long[]> byColour = new LinkedHashMap<>();
    /** Per engine, {moves with a reported time, sum of latency ms, largest latency ms}, for {@code -show-latency}. */
    private final Map<String, long[]> latency = new LinkedHashMap<>();

    public MatchReport(PrintStream out, MatchSettings settings) {
        this(out, settings, RunOptions.DEFAULTS);
    }

    /** A report in the console format {@code run.output()} asks for. */
    public MatchReport(PrintStream out, MatchSettings settings, RunOptions run) {
        this.out = out;
        this.settings = settings;
        this.run = run;
        for (var e : settings.engines()) {
            perEngine.put(e.name(), new Tally());
            outcomes.put(e.name(), new java.util.TreeMap<>());
            outcomeClasses.put(e.name(), new java.util.HashMap<>());
            latency.put(e.name(), new long[] {0, 0, Long.MIN_VALUE});
            byColour.put(e.name(), new long[6]);
        }
    }

    /** The console format. */
    public RunOptions.OutputFormat format() { return run.output(); }

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

    /** Counts the game for {@code -resultformat}'s outcome and per-colour columns and {@code -show-latency}. */
    private void classify(GameRecord g) {
        for (String player : new String[] {g.white(), g.black()}) {
            Map<String, Integer> c = outcomeClasses.get(player);
            if (c != null) c.merge(ResultFormat.outcomeKey(g, player), 1, Integer::sum);
        }
        countColour(g.white(), 0, g.scoreOf(g.white()));
        countColour(g.black(), 3, g.scoreOf(g.black()));
        for (int i = 0; i < g.moves().size(); i++) {
            MoveRecord m = g.moves().get(i);
            long ms = m.latencyMs();
            if (ms < 0) continue;
            // The side to move alternates from the start position's side.
            boolean whiteMoved = (i % 2 == 0) == g.startFen().contains(" w ");
            long[] l = latency.get(whiteMoved ? g.white() : g.black());
            if (l == null) continue;
            l[0]++;
            l[1] += ms;
            l[2] = Math.max(l[2], ms);
        }
    }

    private void countColour(String player, int at, double score) {
        long[] c = byColour.get(player);
        if (c != null) c[at + (score == 1.0 ? 0 : score == 0.5 ? 1 : 2)]++;
    }

    /** The standings in -resultformat's columns, ranked by points (cutechess: by score). */
    private void printResultTable(ResultFormat format) {
        List<String> names = new ArrayList<>(perEngine.keySet());
        names.sort(Comparator.comparingDouble(n -> -points(perEngine.get(n).trinomial())));
        List<ResultFormat.Player> ranked = new ArrayList<>();
        for (String n : names) {
            long[] c = byColour.get(n);
            ranked.add(new ResultFormat.Player(n, perEngine.get(n).trinomial(), new Trinomial(c[0], c[1], c[2]),
                new Trinomial(c[3], c[4], c[5]), outcomeClasses.get(n), timeControlOf(n)));
        }
        for (String l : format.lines(ranked)) out.println(l);
    }

    private String timeControlOf(String name) {
        for (var e : settings.engines()) if (e.name().equals(name)) return e.timeControl().toString();
        return "?";
    }

    /** fastchess -show-latency: per engine, the mean and largest measured-minus-reported move time. */
    private void printLatency() {
        for (var e : latency.entrySet()) {
            long[] l = e.getValue();
            if (l[0] == 0) {
                out.printf(Locale.ROOT, "Latency of %s: no move with a reported time%n", e.getKey());
            } else {
                out.printf(Locale.ROOT, "Latency of %s: mean %.1f ms, max %d ms over %d moves%n", e.getKey(), (double) l[1] / l[0], l[2], l[0]);
            }
        }
    }

    /** Prints a block of lines as they are (a knockout's bracket after each round). */
    public synchronized void block(String text) {
        out.println();
        out.println(text);
        out.println();
        out.flush();
    }

    public synchronized void started(Schedule.Game g, int total) {
        out.printf(Locale.ROOT, "Started game %d of %d (%s vs %s)%n", g.number(), total,
            settings.engines().get(g.white()).name(), settings.engines().get(g.black()).name());
    }

    /** Counts a game a resumed run played before (its saved result), printing nothing, as fastchess restores its stats. */
    public synchronized void restore(GameRecord g) {
        finished++;
        terminations.merge(g.termination(), 1, Integer::sum);
        MatchStats st = pairing(g.white(), g.black());
        st.add(g, settings.repeat());
        for (String player : new String[] {g.white(), g.black()}) perEngine.get(player).add(g.scoreOf(player), Tally.NO_PAIR);
        countOutcome(g);
        classify(g);
        pairsAtLastGame.put(st, st.pentanomial().pairs());
        if (settings.sprt() != null && decision == Sprt.Decision.CONTINUE) {
            decision = st.sprt(settings.sprt()).decision();
            if (decision != Sprt.Decision.CONTINUE) decidedAfter = finished;
        }
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
        countOutcome(g);
        classify(g);
        Trinomial t = st.trinomial();
        switch (run.output()) {
            case ROOKERY -> {
                printScore(st);
                if (settings.ratingInterval() > 0 && finished % settings.ratingInterval() == 0) printElo(st);
            }
            case CUTECHESS -> {
                if (run.scoreInterval() > 0 && finished % run.scoreInterval() == 0) printScore(st);
                if (settings.ratingInterval() > 0 && finished % settings.ratingInterval() == 0) printCutechessElo(st);
                if (run.outcomeInterval() > 0 && finished % run.outcomeInterval() == 0) printOutcomes();
            }
            case FASTCHESS -> {
                // fastchess counts the rating interval in completed pairs under -report penta=true, else in games.
                int ri = settings.ratingInterval();
                boolean penta = run.reportPenta() && settings.repeat();
                boolean pairClosed = penta && wholePairs(st) && st.pentanomial().pairs() > pairsAtLastGame.getOrDefault(st, 0L);
                if (ri > 0 && (penta ? pairClosed && st.pentanomial().pairs() % ri == 0 : finished % ri == 0)
                        && finished < Schedule.size(settings)) {
                    printFastchess(st);
                }
                pairsAtLastGame.put(st, st.pentanomial().pairs());
                if (g.termination() == Termination.TIME_FORFEIT) timeouts.merge(loser(g), 1, Integer::sum);
                if (g.termination() == Termination.DISCONNECT || g.termination() == Termination.STALL) crashes.merge(loser(g), 1, Integer::sum);
            }
        }
        if (settings.sprt() != null && decision == Sprt.Decision.CONTINUE) {
            decision = st.sprt(settings.sprt()).decision();
            if (decision != Sprt.Decision.CONTINUE) decidedAfter = finished;
        }
        out.flush();
        return decision;
    }

    /**
     * cutechess's three by-colour lines under a pairing's score (its resultsForSides): the first
     * engine's results as White and as Black, and White's against Black's. Both console formats that
     * print them share this one definition.
     */
    private void printByColour(MatchStats st) {
        printedAt.put(st, st.trinomial().games());
        byColourLine("...      " + st.first() + " playing White: ", st.asWhite());
        byColourLine("...      " + st.first() + " playing Black: ", st.asBlack());
        byColourLine("...      White vs Black: ", st.whiteVsBlack());
    }

    private void byColourLine(String label, long[] wld) {
        out.printf(Locale.ROOT, "%s%d - %d - %d  [%.3f] %d%n", label, wld[0], wld[1], wld[2], score(wld), wld[0] + wld[1] + wld[2]);
    }

    private void printElo(MatchStats st) {
        printByColour(st);
        Trinomial t = st.trinomial();
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

    private void printScore(MatchStats st) {
        Trinomial t = st.trinomial();
        out.printf(Locale.ROOT, "Score of %s vs %s: %d - %d - %d  [%.3f] %d%n", st.first(), st.second(),
            t.wins(), t.losses(), t.draws(), t.score(), t.games());
    }

    /** Whether every finished game of the pairing is in a complete pair (what fastchess and fishtest report). */
    private boolean wholePairs(MatchStats st) {
        return !settings.repeat() || 2L * st.pentanomial().pairs() == st.trinomial().games();
    }

    private void countOutcome(GameRecord g) {
        if (g.result() == org.rookery.core.rules.Result.DRAW) {
            for (String p : new String[] {g.white(), g.black()}) outcomes.get(p).merge(g.reason(), 1, Integer::sum);
            return;
        }
        boolean whiteWon = g.result() == org.rookery.core.rules.Result.WHITE_WINS;
        outcomes.get(whiteWon ? g.white() : g.black()).merge("Win: " + g.reason(), 1, Integer::sum);
        outcomes.get(whiteWon ? g.black() : g.white()).merge("Loss: " + g.reason(), 1, Integer::sum);
    }

    /** cutechess-cli's outcome block: per player, each way its games ended and how often, sorted. */
    private void printOutcomes() {
        outcomes.forEach((player, counts) -> {
            if (counts.isEmpty()) return;
            out.println("Player: " + player);
            counts.forEach((k, v) -> out.println("   \"" + k + "\": " + v));
        });
    }

    /** cutechess-cli's rating block: by colour, the Elo line with cutechess's own LOS and margin, and the SPRT line. */
    private void printCutechessElo(MatchStats st) {
        printByColour(st);
        Trinomial t = st.trinomial();
        out.printf(Locale.ROOT, "Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%%n",
            num(t.elo()), num(t.cutechessEloError()), num(100 * t.los()), num(100 * t.drawRatio()));
        Sprt s = settings.sprt();
        if (s == null) {
            // cutechess prints the line without a test, with infinite bounds.
            out.println("SPRT: llr 0 (0.0%), lbound -inf, ubound inf");
        } else {
            Sprt.Outcome o = st.sprt(s);
            double pct = 100 * o.llr() / (o.llr() < 0 ? s.lowerBound() : s.upperBound());
            out.printf(Locale.ROOT, "SPRT: llr %s (%s%%), lbound %s, ubound %s%s%n", g3(o.llr()), num(pct), g3(s.lowerBound()),
                g3(s.upperBound()), o.decision() == Sprt.Decision.ACCEPT_H1 ? " - H1 was accepted"
                    : o.decision() == Sprt.Decision.ACCEPT_H0 ? " - H0 was accepted" : "");
        }
    }

    /** fastchess's results block (its output_fastchess.hpp), pentanomial unless {@code -report penta=false}. */
    private void printFastchess(MatchStats st) {
        printedAt.put(st, st.trinomial().games());
        Trinomial t = st.trinomial();
        Pentanomial p = st.pentanomial();
        boolean penta = run.reportPenta() && settings.repeat();
        out.println("--------------------------------------------------");
        out.printf(Locale.ROOT, "Results of %s vs %s (%s, %s, %s%s):%n", st.first(), st.second(),
            pairOf(st, FastchessLabels::time), pairOf(st, e -> FastchessLabels.option(e, "Threads", "t")),
            pairOf(st, e -> FastchessLabels.option(e, "Hash", "MB")), run.bookName() == null ? "" : ", " + run.bookName());
        double elo = penta ? p.elo() : t.elo(), err = penta ? p.eloError() : t.eloError();
        double nelo = penta ? p.normalizedElo() : t.normalizedElo(), nerr = penta ? p.normalizedEloError() : t.normalizedEloError();
        out.printf(Locale.ROOT, "Elo: %s +/- %s, nElo: %s +/- %s%n", f2(elo), f2(err), f2(nelo), f2(nerr));
        if (penta) {
            double pairsRatio = (double) (p.ww() + p.wd()) / (p.ld() + p.ll());
            out.printf(Locale.ROOT, "LOS: %s %%, DrawRatio: %s %%, PairsRatio: %s%n", f2(100 * p.los()),
                f2(100 * p.evenPairRatio()), f2(pairsRatio));
        } else {
            out.printf(Locale.ROOT, "LOS: %s %%, DrawRatio: %s %%%n", f2(100 * t.fastchessLos()), f2(100 * t.drawRatio()));
        }
        out.printf(Locale.ROOT, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%s %%)%n", t.games(), t.wins(),
            t.losses(), t.draws(), t.wins() + 0.5 * t.draws(), f2(100 * t.score()));
        if (penta) {
            long wl = st.winLossPairs(), dd = p.ddWl() - wl;
            out.printf(Locale.ROOT, "Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: %s%n", p.ll(), p.ld(), p.ddWl(), p.wd(), p.ww(),
                f2((double) wl / dd));
        }
        Sprt s = settings.sprt();
        if (s != null) {
            double llr = penta ? s.llr(p) : s.llr(t);
            // fastchess's fraction: of the upper bound when positive, -llr/lower (negative) when not.
            double fraction = llr >= 0 ? llr / s.upperBound() : -llr / s.lowerBound();
            out.printf(Locale.ROOT, "LLR: %s (%s%%) (%s, %s) [%s, %s]%n", f2(llr), f1(100 * fraction), f2(s.lowerBound()),
                f2(s.upperBound()), f2(s.elo0()), f2(s.elo1()));
        }
        out.println("--------------------------------------------------");
    }

    /** fastchess's "a - b" when the two engines of the pairing differ, else the one value. */
    private String pairOf(MatchStats st, java.util.function.Function<org.rookery.workers.uci.EngineConfig, String> f) {
        var es = settings.engines();
        String a = f.apply(es.get(indexOf(st.first()))), b = f.apply(es.get(indexOf(st.second())));
        return a.equals(b) ? a : a + " - " + b;
    }

    /** Two decimals, with C's nan / inf / -inf for what is not finite (as fastchess's fmt prints them). */
    static String f2(double v) {
        if (Double.isNaN(v)) return "nan";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String f1(double v) {
        if (Double.isNaN(v)) return "nan";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String loser(GameRecord g) {
        return g.result() == org.rookery.core.rules.Result.WHITE_WINS ? g.black() : g.white();
    }

    /** Three significant digits without trailing zeros, as cutechess prints the SPRT numbers (Qt's 'g', 3). */
    static String g3(double v) {
        if (Double.isNaN(v)) return "nan";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        if (v == 0) return "0";
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
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
        if (run.output() == RunOptions.OutputFormat.CUTECHESS) {
            for (MatchStats st : pairings.values()) {
                if (printedAt.getOrDefault(st, -1L) == st.trinomial().games()) continue;
                printScore(st);
                printCutechessElo(st);
            }
            boolean knockout = settings.tournament() == MatchSettings.Tournament.KNOCKOUT;
            if ((settings.engines().size() > 2 && !knockout) || run.resultFormat() != null) {
                // cutechess prints a tournament of more than two players as its results table (a knockout as its bracket).
                printResultTable(run.resultFormat() != null ? run.resultFormat() : ResultFormat.DEFAULT);
            }
            out.println();
            printOutcomes();
            out.println("Finished match");
            out.flush();
            return;
        }
        if (run.output() == RunOptions.OutputFormat.FASTCHESS) {
            for (MatchStats st : pairings.values()) {
                if (printedAt.getOrDefault(st, -1L) != st.trinomial().games()) printFastchess(st);
            }
            if (stoppedBySprt && decision != Sprt.Decision.CONTINUE) {
                Sprt s = settings.sprt();
                out.printf(Locale.ROOT, "SPRT ([%s, %s]) completed - %s was accepted%n", f2(s.elo0()), f2(s.elo1()),
                    decision == Sprt.Decision.ACCEPT_H1 ? "H1" : "H0");
            }
            java.util.Set<String> tracked = new java.util.LinkedHashSet<>(timeouts.keySet());
            tracked.addAll(crashes.keySet());
            if (!tracked.isEmpty()) {
                out.println();
                for (String player : tracked) {
                    out.println("Player: " + player);
                    out.println("  Timeouts: " + timeouts.getOrDefault(player, 0));
                    out.println("  Crashed: " + crashes.getOrDefault(player, 0));
                }
                out.println();
            }
            out.println("Finished match");
            long secs = (System.nanoTime() - startedNanos) / 1_000_000_000L;
            out.printf(Locale.ROOT, "Total Time: %02d:%02d:%02d (hours:minutes:seconds)%n%n", secs / 3600, (secs / 60) % 60, secs % 60);
            out.flush();
            return;
        }
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
        if (run.showLatency()) printLatency();
        out.print("Terminations:");
        terminations.forEach((k, v) -> out.print(" " + k.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " " + v + ";"));
        out.println();
        if (run.resultFormat() != null) {
            printResultTable(run.resultFormat());
            out.println("Finished match");
            out.flush();
            return;
        }
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
