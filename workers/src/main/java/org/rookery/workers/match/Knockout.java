package org.rookery.workers.match;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A single-elimination tournament as cutechess-cli's man page defines {@code -tournament knockout}
 * and {@code -seeds N}: the bracket is the next power of two; the first N engines are seeded in their
 * order and the rest drawn at random ({@code -srand}); seed k sits where a seeded bracket puts rank k
 * (1 and 2 meet only in the final), and the byes go to the top seeds. An encounter plays
 * {@code -games} games and goes on until one engine leads: with an odd count, by any margin;
 * with an even one, after an even number of games. Winners meet in bracket order in the next round.
 *
 * <p>The games depend on results, so this is the schedule's iterator for a knockout: {@link #hasNext()}
 * waits while no game can be made until a running one ends, and {@link #finished} takes each result.
 */
public final class Knockout implements Iterator<Schedule.Game> {
    /** One encounter of a round: {@code second} is -1 for a bye. Scores are in half points. */
    static final class Encounter {
        final int first, second;
        int firstScore, secondScore, started, running;

        Encounter(int first, int second) {
            this.first = first;
            this.second = second;
        }

        boolean bye() { return second < 0; }

        int leader() { return bye() || firstScore >= secondScore ? first : second; }
    }

    private final MatchSettings s;
    private final Schedule.OpeningCursor openings;
    private final List<List<Encounter>> rounds = new ArrayList<>();
    private final Map<Integer, Encounter> byGame = new HashMap<>();
    private final Consumer<String> roundReport;
    private Schedule.Game pending;
    private Encounter pendingEncounter;
    private Encounter previous;
    private int number, running;
    private boolean closed, done;

    /**
     * @param roundReport receives the bracket (cutechess's results text) each time a round is complete
     */
    public Knockout(MatchSettings s, Consumer<String> roundReport) {
        this.s = s;
        this.openings = new Schedule.OpeningCursor(s);
        this.roundReport = roundReport;
        rounds.add(firstRound(drawOrder(s.engines().size(), s.pairing().seeds(), s.pairing().drawSeed())));
    }

    /** Encounters a knockout of {@code n} engines has when each is decided in its first games. */
    static int encounters(int n) {
        return Math.max(0, n - 1);
    }

    /** Engines by rank: the seeded ones in their order, then the others in a random order. */
    static List<Integer> drawOrder(int n, int seeds, long seed) {
        List<Integer> ranked = new ArrayList<>();
        int k = Math.min(seeds, n);
        for (int i = 0; i < k; i++) ranked.add(i);
        List<Integer> rest = new ArrayList<>();
        for (int i = k; i < n; i++) rest.add(i);
        SplittableRandom rnd = new SplittableRandom(seed);
        while (!rest.isEmpty()) ranked.add(rest.remove(rnd.nextInt(rest.size())));
        return ranked;
    }

    /** Where rank {@code rank} (1-based) stands in a seeded bracket of {@code size} places (0-based). */
    static int bracketPlace(int rank, int size) {
        int place = 0;
        while (rank > 1) {
            size /= 2;
            if (rank % 2 == 0) {
                // An even rank goes to the other half of the bracket, as the (rank/2)-th there.
                place += size;
                rank /= 2;
            } else {
                rank = rank / 2 + 1;
            }
        }
        return place;
    }

    /** The first round's encounters for engines in rank order: byes fill the bracket beside the top seeds. */
    static List<Encounter> firstRound(List<Integer> ranked) {
        int size = 1;
        while (size < ranked.size()) size *= 2;
        int[] places = new int[size];
        java.util.Arrays.fill(places, -1);
        int byes = 0;
        for (int rank = 1; rank <= size; rank++) {
            int place = bracketPlace(rank, size);
            if (rank <= ranked.size()) {
                places[place] = ranked.get(rank - 1);
            } else {
                // The bye takes the place beside the next top seed; whoever stood there moves to the bye's place.
                int beside = bracketPlace(++byes, size) + 1;
                places[place] = places[beside];
                places[beside] = -1;
            }
        }
        List<Encounter> round = new ArrayList<>();
        for (int i = 0; i < size; i += 2) {
            round.add(places[i] < 0 ? new Encounter(places[i + 1], -1) : new Encounter(places[i], places[i + 1]));
        }
        return round;
    }

    /** Whether the encounter needs another game, counting every running game as won by the leader. */
    boolean needsGame(Encounter e) {
        if (e.bye()) return false;
        int games = s.gamesPerEncounter();
        int lead = Math.max(e.firstScore, e.secondScore) + 2 * e.running;
        if (lead <= games) return true; // nobody has more than half of the encounter's points yet
        int minDiff = games % 2 == 0 ? 3 : 1;
        int maxDiff = Math.abs(e.firstScore - e.secondScore) + 2 * e.running;
        if (maxDiff >= minDiff) return false;
        if (minDiff == 1 || maxDiff == 0) return true;
        // An even encounter that was extended goes on in pairs of games.
        return e.started % 2 != 0;
    }

    @Override
    public synchronized boolean hasNext() {
        while (true) {
            if (closed || done) return false;
            if (pending != null) return true;
            List<Encounter> current = rounds.get(rounds.size() - 1);
            for (Encounter e : current) {
                if (needsGame(e)) {
                    pending = game(e, rounds.size());
                    pendingEncounter = e;
                    return true;
                }
            }
            if (running > 0) {
                try {
                    wait();
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                    return false;
                }
                continue;
            }
            if (roundReport != null) roundReport.accept(results());
            if (current.size() == 1) {
                done = true;
                return false;
            }
            List<Encounter> next = new ArrayList<>();
            for (int i = 0; i < current.size(); i += 2) next.add(new Encounter(current.get(i).leader(), current.get(i + 1).leader()));
            rounds.add(next);
        }
    }

    private Schedule.Game game(Encounter e, int round) {
        int inEncounter = e.started;
        int pair = openings.advance(inEncounter, round, e != previous);
        previous = e;
        // The first-named engine has White in the encounter's first game; colours alternate.
        boolean swap = !s.noSwap() && inEncounter % 2 == 1;
        if (s.reverse()) swap = !swap;
        Schedule.Game g = new Schedule.Game(++number, round, pair, swap ? e.second : e.first, swap ? e.first : e.second,
            openings.opening());
        e.started++;
        return g;
    }

    @Override
    public synchronized Schedule.Game next() {
        if (!hasNext()) throw new NoSuchElementException("the knockout is over");
        Schedule.Game g = pending;
        Encounter e = pendingEncounter;
        pending = null;
        pendingEncounter = null;
        e.running++;
        running++;
        byGame.put(g.number(), e);
        return g;
    }

    /** Counts a finished game of this knockout (its number, colours and result). */
    public synchronized void finished(GameRecord rec) {
        Encounter e = byGame.remove(rec.gameNumber());
        if (e == null) return;
        e.firstScore += (int) Math.round(2 * rec.scoreOf(name(e.first)));
        e.secondScore += (int) Math.round(2 * rec.scoreOf(name(e.second)));
        e.running--;
        running--;
        notifyAll();
    }

    /** Makes waiting callers return: the run is stopping. */
    public synchronized void close() {
        closed = true;
        notifyAll();
    }

    /** The champion's engine index once the final is decided, else -1. */
    public synchronized int champion() {
        List<Encounter> last = rounds.get(rounds.size() - 1);
        return done && last.size() == 1 ? last.get(0).leader() : -1;
    }

    /** The rounds so far, each a list of {first, second (-1: bye), first's half points, second's}. */
    public synchronized List<List<int[]>> bracket() {
        List<List<int[]>> out = new ArrayList<>();
        for (List<Encounter> r : rounds) {
            List<int[]> round = new ArrayList<>();
            for (Encounter e : r) round.add(new int[] {e.first, e.second, e.firstScore, e.secondScore});
            out.add(round);
        }
        return out;
    }

    /**
     * The bracket as cutechess-cli prints a knockout's results: the first round's engines one per
     * line (a blank line between encounters, "bye" for a bye), and each round's winner to the right of
     * its encounter, indented two tabs per round, with the encounter's score; "..." while undecided.
     */
    public synchronized String results() {
        List<String> lines = new ArrayList<>();
        for (Encounter e : rounds.get(0)) {
            lines.add(name(e.first));
            lines.add("");
            lines.add(e.bye() ? "bye" : name(e.second));
            lines.add("");
        }
        lines.remove(lines.size() - 1);
        for (int r = 1; r <= rounds.size(); r++) {
            List<Encounter> round = rounds.get(r - 1);
            for (int x = 0; x < round.size(); x++) {
                Encounter e = round.get(x);
                String winner = needsGame(e) || e.running > 0 ? "..." : name(e.leader());
                StringBuilder text = new StringBuilder("\t".repeat(r * 2)).append(winner);
                if (e.firstScore + e.secondScore > 0) {
                    text.append(" (").append(points(e.firstScore)).append('-').append(points(e.secondScore)).append(')');
                }
                int line = ((1 << r) - 1) + x * (1 << (r + 1));
                if (line < lines.size()) lines.set(line, lines.get(line) + text);
            }
        }
        return String.join("\n", lines);
    }

    private String name(int engine) {
        return s.engines().get(engine).name();
    }

    private static String points(int halfPoints) {
        return halfPoints % 2 == 0 ? Integer.toString(halfPoints / 2) : String.format(Locale.ROOT, "%.1f", halfPoints / 2.0);
    }
}
