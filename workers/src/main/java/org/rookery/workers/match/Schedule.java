package org.rookery.workers.match;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The games of a match in playing order. Every game gets its number, pair and opening in schedule
 * order whoever plays it first, which keeps runs reproducible under {@code -srand}; the games are
 * made one at a time ({@link #stream}), so a long match costs no memory before it is played.
 */
public final class Schedule {
    private Schedule() {}

    /**
     * The most games one match may schedule (docs/cluster.md): beyond this a typo in
     * {@code -rounds} is likelier than a real plan, and a submitted match's tasks are held in memory.
     */
    public static final long MAX_GAMES = 1_000_000;

    /** One scheduled game: engine indexes into {@link MatchSettings#engines()}. */
    public record Game(int number, int round, int pairIndex, int white, int black, Opening opening) {}

    /** How many games the settings schedule, computed without making them. */
    public static long size(MatchSettings s) {
        return (long) s.rounds() * pairings(s).size() * s.gamesPerEncounter();
    }

    /** The games one at a time in playing order, drawing each opening from the book when its game is made. */
    public static Iterator<Game> stream(MatchSettings s) {
        return new Cursor(s, pairings(s));
    }

    /** Every game at once (a submitted match splits them into tasks). */
    public static List<Game> build(MatchSettings s) {
        List<Game> games = new ArrayList<>();
        stream(s).forEachRemaining(games::add);
        return games;
    }

    private static List<int[]> pairings(MatchSettings s) {
        List<int[]> pairings = new ArrayList<>();
        int n = s.engines().size();
        if (s.tournament() == MatchSettings.Tournament.GAUNTLET) {
            for (int j = 1; j < n; j++) pairings.add(new int[] {0, j});
        } else {
            for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) pairings.add(new int[] {i, j});
        }
        return pairings;
    }

    /** Rounds, then pairings, then the games of one encounter. */
    private static final class Cursor implements Iterator<Game> {
        private final MatchSettings s;
        private final List<int[]> pairings;
        private int round = 1, pairing, game, number, pair;
        private Opening opening;

        Cursor(MatchSettings s, List<int[]> pairings) {
            this.s = s;
            this.pairings = pairings;
        }

        @Override
        public boolean hasNext() {
            return round <= s.rounds() && !pairings.isEmpty() && s.gamesPerEncounter() > 0;
        }

        @Override
        public Game next() {
            if (!hasNext()) throw new NoSuchElementException("the schedule is played out");
            int[] p = pairings.get(pairing);
            // A new opening per game, or per pair of games under -repeat.
            if (!s.repeat() || game % 2 == 0) {
                opening = s.openings().next();
                if (game > 0) pair++;
            }
            boolean swap = !s.noSwap() && game % 2 == 1;
            if (s.reverse()) swap = !swap;
            Game g = new Game(++number, round, pair, swap ? p[1] : p[0], swap ? p[0] : p[1], opening);
            if (++game == s.gamesPerEncounter()) {
                game = 0;
                pair++;
                if (++pairing == pairings.size()) {
                    pairing = 0;
                    round++;
                }
            }
            return g;
        }
    }
}
