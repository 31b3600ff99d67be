package org.rookery.workers.match;

import java.util.ArrayList;
import java.util.List;

/**
 * The games of a match in playing order, built up front so every game knows its number, pair and
 * opening before any is played (which keeps runs reproducible under {@code -srand}).
 */
public final class Schedule {
    private Schedule() {}

    /** One scheduled game: engine indexes into {@link MatchSettings#engines()}. */
    public record Game(int number, int round, int pairIndex, int white, int black, Opening opening) {}

    /** How many games the schedule of {@code s} holds, without building it. */
    public static long size(MatchSettings s) {
        long n = s.engines().size();
        long pairings = s.tournament() == MatchSettings.Tournament.GAUNTLET ? n - 1 : n * (n - 1) / 2;
        return pairings * s.rounds() * s.gamesPerEncounter();
    }

    public static List<Game> build(MatchSettings s) {
        List<int[]> pairings = new ArrayList<>();
        int n = s.engines().size();
        if (s.tournament() == MatchSettings.Tournament.GAUNTLET) {
            for (int j = 1; j < n; j++) pairings.add(new int[] {0, j});
        } else {
            for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) pairings.add(new int[] {i, j});
        }
        List<Game> games = new ArrayList<>();
        int number = 0, pair = 0;
        for (int round = 1; round <= s.rounds(); round++) {
            for (int[] p : pairings) {
                Opening opening = null;
                for (int g = 0; g < s.gamesPerEncounter(); g++) {
                    // A new opening per game, or per pair of games under -repeat.
                    boolean newPair = !s.repeat() || g % 2 == 0;
                    if (newPair) {
                        opening = s.openings().next();
                        if (g > 0) pair++;
                    }
                    boolean swap = !s.noSwap() && g % 2 == 1;
                    if (s.reverse()) swap = !swap;
                    int white = swap ? p[1] : p[0], black = swap ? p[0] : p[1];
                    games.add(new Game(++number, round, pair, white, black, opening));
                }
                pair++;
            }
        }
        return games;
    }
}
