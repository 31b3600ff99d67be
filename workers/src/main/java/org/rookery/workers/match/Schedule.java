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

    /**
     * How many games the settings schedule, computed without making them. A knockout's count is the
     * least it can take (cutechess's: every encounter decided in {@code -games} games); undecided
     * encounters add games.
     */
    public static long size(MatchSettings s) {
        if (s.tournament() == MatchSettings.Tournament.KNOCKOUT) return (long) Knockout.encounters(s.engines().size()) * s.gamesPerEncounter();
        return (long) s.rounds() * pairings(s).size() * s.gamesPerEncounter();
    }

    /** The games one at a time in playing order, drawing each opening from the book when its game is made. */
    public static Iterator<Game> stream(MatchSettings s) {
        if (s.tournament() == MatchSettings.Tournament.KNOCKOUT) {
            throw new IllegalArgumentException("a knockout's games depend on its results: play it with a Knockout");
        }
        return new Cursor(s, pairings(s));
    }

    /** Every game at once (a submitted match splits them into tasks). */
    public static List<Game> build(MatchSettings s) {
        List<Game> games = new ArrayList<>();
        stream(s).forEachRemaining(games::add);
        return games;
    }

    /** The encounters of one round in schedule order, each {white-first engine, other engine}. */
    static List<int[]> pairings(MatchSettings s) {
        List<int[]> pairings = new ArrayList<>();
        int n = s.engines().size();
        switch (s.tournament()) {
            case GAUNTLET -> {
                // fastchess -seeds N: the first N engines each play the rest (default 1: the classic gauntlet).
                int seeds = Math.max(1, Math.min(s.pairing().seeds(), n - 1));
                for (int i = 0; i < seeds; i++) for (int j = seeds; j < n; j++) pairings.add(new int[] {i, j});
            }
            case ROUND_ROBIN -> {
                for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) pairings.add(new int[] {i, j});
            }
            case PYRAMID -> {
                // cutechess: engine 2 plays engine 1, then 3 plays 1 and 2, ...; the newcomer has White first.
                for (int cur = 1; cur < n; cur++) for (int prev = 0; prev < cur; prev++) pairings.add(new int[] {cur, prev});
            }
            case KNOCKOUT -> throw new IllegalArgumentException("a knockout's pairings depend on its results");
        }
        return pairings;
    }

    /**
     * Which openings games get and which games form a pair, shared by every tournament type: a new
     * opening when the policy says so or after {@code repetitions} games of one; a new game pair at
     * each new opening, after two games, and at each new encounter (every game its own pair when
     * games are not paired).
     */
    static final class OpeningCursor {
        private final MatchSettings s;
        private Opening opening;
        private int used, inPair, pair = -1, lastRound = -1;

        OpeningCursor(MatchSettings s) {
            this.s = s;
        }

        /** Advances to the game {@code gameInEncounter} of an encounter in {@code round}; returns its pair index. */
        int advance(int gameInEncounter, int round, boolean newPlayers) {
            boolean shift = switch (s.pairing().policy()) {
                case DEFAULT -> gameInEncounter == 0 || used >= s.pairing().repetitions();
                case ENCOUNTER -> gameInEncounter == 0 && newPlayers;
                case ROUND -> round != lastRound;
            };
            if (opening == null) shift = true;
            if (shift) {
                opening = s.openings().next();
                used = 0;
            }
            if (pair < 0 || shift || gameInEncounter == 0 || !s.repeat() || inPair == 2) {
                pair++;
                inPair = 0;
            }
            used++;
            inPair++;
            lastRound = round;
            return pair;
        }

        Opening opening() { return opening; }
    }

    /** Rounds, then pairings, then the games of one encounter. */
    private static final class Cursor implements Iterator<Game> {
        private final MatchSettings s;
        private final List<int[]> pairings;
        private final OpeningCursor openings;
        private int round = 1, pairing, game, number;

        Cursor(MatchSettings s, List<int[]> pairings) {
            this.s = s;
            this.pairings = pairings;
            this.openings = new OpeningCursor(s);
        }

        @Override
        public boolean hasNext() {
            return round <= s.rounds() && !pairings.isEmpty() && s.gamesPerEncounter() > 0;
        }

        @Override
        public Game next() {
            if (!hasNext()) throw new NoSuchElementException("the schedule is played out");
            int[] p = pairings.get(pairing);
            // Two engines meet every round: for policy=encounter that is one encounter all match long (cutechess).
            int pair = openings.advance(game, round, pairings.size() > 1 || number == 0);
            boolean swap = !s.noSwap() && game % 2 == 1;
            if (s.reverse()) swap = !swap;
            Game g = new Game(++number, round, pair, swap ? p[1] : p[0], swap ? p[0] : p[1], openings.opening());
            if (++game == s.gamesPerEncounter()) {
                game = 0;
                if (++pairing == pairings.size()) {
                    pairing = 0;
                    round++;
                }
            }
            return g;
        }
    }
}
