package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.workers.uci.EngineConfig;

/**
 * cutechess-cli's knockout and pyramid, fastchess's gauntlet seeds and cutechess's opening policies,
 * each schedule checked against one derived by hand from the definitions (cutechess-cli(6): "knockout
 * Single-elimination tournament", "pyramid Every engine plays against all of its predecessors",
 * "-seeds n Set the first n engines as seeds", "policy ... encounter: a new opening is used for any new
 * pair of players, round shifts when a new round begins").
 */
class TournamentsTest {
    @TempDir Path tmp;

    static MatchSettings settings(int engines, MatchSettings.Tournament t, int rounds, int games, MatchSettings.Pairing pairing,
                                  OpeningBook book) {
        List<EngineConfig> list = new ArrayList<>();
        for (int i = 0; i < engines; i++) {
            list.add(new EngineConfig("e" + i, EngineConfig.BUILTIN, List.of(), null, Map.of(), Map.of(), TimeControl.infinite(), 0, 1));
        }
        return new MatchSettings(list, t, rounds, games, games >= 2, false, false, 1, book, Adjudication.NONE, null, null, false, 0,
            false, "t", "s", false, null, 1000, pairing);
    }

    static String shape(Schedule.Game g) {
        return g.round() + ":" + g.white() + "v" + g.black();
    }

    /** A knockout played to its end with {@code result} deciding each game from (white, black). */
    static List<Schedule.Game> playOut(Knockout k, MatchSettings s, BiFunction<Integer, Integer, Result> result) {
        List<Schedule.Game> games = new ArrayList<>();
        while (k.hasNext()) {
            Schedule.Game g = k.next();
            games.add(g);
            k.finished(record(s, g, result.apply(g.white(), g.black())));
        }
        return games;
    }

    static GameRecord record(MatchSettings s, Schedule.Game g, Result r) {
        return new GameRecord(g.number(), g.pairIndex(), g.round(), s.engines().get(g.white()).name(), s.engines().get(g.black()).name(),
            g.opening(), g.opening().fen(), r, r == Result.DRAW ? Termination.ADJUDICATION : Termination.CHECKMATE, "x", List.of(),
            0, 0, TimeControl.infinite(), TimeControl.infinite(), "");
    }

    static Result lowerIndexWins(int white, int black) {
        return white < black ? Result.WHITE_WINS : Result.BLACK_WINS;
    }

    @Test
    void seededBracketPlacesRanksAndGivesByesToTheTopSeeds() {
        // Rank r's place in a bracket of 8: 1→0, 2→4, 3→2, 4→6, 5→1, 6→5, 7→3, 8→7 (1 and 2 in opposite halves,
        // 1 and 3 in opposite quarters, ...).
        int[] places = new int[8];
        for (int r = 1; r <= 8; r++) places[r - 1] = Knockout.bracketPlace(r, 8);
        assertEquals(List.of(0, 4, 2, 6, 1, 5, 3, 7), java.util.Arrays.stream(places).boxed().toList());
        // Five engines, all seeded: three byes, to ranks 1, 2 and 3; ranks 4 and 5 play.
        List<Knockout.Encounter> first = Knockout.firstRound(List.of(0, 1, 2, 3, 4));
        assertEquals(List.of("0-bye", "2-bye", "1-bye", "3-4"),
            first.stream().map(e -> e.first + "-" + (e.bye() ? "bye" : String.valueOf(e.second))).toList());
    }

    @Test
    void unseededEnginesAreDrawnAtRandomAndSeedsKeepTheirPlace() {
        List<Integer> order = Knockout.drawOrder(8, 3, 42);
        assertEquals(List.of(0, 1, 2), order.subList(0, 3));
        assertEquals(new HashSet<>(List.of(3, 4, 5, 6, 7)), new HashSet<>(order.subList(3, 8)));
        assertEquals(order, Knockout.drawOrder(8, 3, 42), "-srand repeats the draw");
        boolean differs = false;
        for (long seed = 1; seed < 20 && !differs; seed++) differs = !Knockout.drawOrder(8, 3, seed).equals(order);
        assertTrue(differs, "the unseeded engines are drawn, not kept in order");
    }

    @Test
    void knockoutOfFiveSeededEnginesPlaysTheHandDerivedSchedule() {
        MatchSettings s = settings(5, MatchSettings.Tournament.KNOCKOUT, 1, 2,
            new MatchSettings.Pairing(5, MatchSettings.OpeningPolicy.DEFAULT, 2, 1), OpeningBook.startPosition());
        Knockout k = new Knockout(s, null);
        List<String> shapes = playOut(k, s, TournamentsTest::lowerIndexWins).stream().map(TournamentsTest::shape).toList();
        // Round 1: 3 v 4 (the others have byes), colours swapped. Round 2: 0 v 2 and 1 v 3 (bracket order:
        // the winners of places 0-1 and 2-3 meet, then 4-5 and 6-7). Final: 0 v 1.
        assertEquals(List.of("1:3v4", "1:4v3", "2:0v2", "2:2v0", "2:1v3", "2:3v1", "3:0v1", "3:1v0"), shapes);
        assertEquals(0, k.champion());
        assertEquals(Schedule.size(s), shapes.size(), "every encounter decided in its two games: cutechess's count");
    }

    @Test
    void aTiedEvenEncounterGoesOnInPairsUntilSomeoneLeads() {
        MatchSettings s = settings(2, MatchSettings.Tournament.KNOCKOUT, 1, 2,
            new MatchSettings.Pairing(2, MatchSettings.OpeningPolicy.DEFAULT, 2, 1), OpeningBook.startPosition());
        Knockout k = new Knockout(s, null);
        // Draw, draw (1-1: tied), e0 wins (2-1 after an odd count: one more game), draw (2.5-1.5): decided.
        Result[] script = {Result.DRAW, Result.DRAW, null, Result.DRAW};
        int[] n = {0};
        List<Schedule.Game> games = playOut(k, s, (w, b) -> {
            Result r = script[n[0]++];
            return r != null ? r : w == 0 ? Result.WHITE_WINS : Result.BLACK_WINS;
        });
        assertEquals(4, games.size());
        assertEquals(0, k.champion());
        assertEquals(List.of(5, 3), List.of(k.bracket().get(0).get(0)[2], k.bracket().get(0).get(0)[3]), "half points");
        // An odd encounter is decided by any lead: one draw, then a win ends it.
        MatchSettings odd = settings(2, MatchSettings.Tournament.KNOCKOUT, 1, 1,
            new MatchSettings.Pairing(2, MatchSettings.OpeningPolicy.DEFAULT, 1, 1), OpeningBook.startPosition());
        int[] m = {0};
        List<Schedule.Game> oddGames = playOut(new Knockout(odd, null), odd,
            (w, b) -> m[0]++ == 0 ? Result.DRAW : w == 1 ? Result.WHITE_WINS : Result.BLACK_WINS);
        assertEquals(2, oddGames.size());
    }

    @Test
    void aRunningGameCountsForTheLeaderSoNoSuperfluousGameStarts() {
        MatchSettings s = settings(2, MatchSettings.Tournament.KNOCKOUT, 1, 1,
            new MatchSettings.Pairing(2, MatchSettings.OpeningPolicy.DEFAULT, 1, 1), OpeningBook.startPosition());
        Knockout k = new Knockout(s, null);
        Schedule.Game g1 = k.next();
        // With game 1 running, a second game cannot be needed: hasNext() waits until game 1 ends.
        Thread finisher = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException ignored) {
                return;
            }
            k.finished(record(s, g1, Result.WHITE_WINS));
        });
        finisher.start();
        assertFalse(k.hasNext(), "decided by game 1: no second game");
        assertEquals(0, k.champion());
    }

    @Test
    void theBracketPrintsAsCutechessPrintsAKnockout() {
        MatchSettings s = settings(3, MatchSettings.Tournament.KNOCKOUT, 1, 2,
            new MatchSettings.Pairing(3, MatchSettings.OpeningPolicy.DEFAULT, 2, 1), OpeningBook.startPosition());
        List<String> reports = new ArrayList<>();
        Knockout k = new Knockout(s, reports::add);
        // Round 1: e1 beats e2 twice (e0 has the bye); final: e0 wins then draws.
        int[] finalGames = {0};
        playOut(k, s, (w, b) -> {
            if (w + b == 3) return lowerIndexWins(w, b);
            return finalGames[0]++ == 0 ? lowerIndexWins(w, b) : Result.DRAW;
        });
        assertEquals(2, reports.size(), "one report per finished round");
        assertEquals(String.join("\n", "e0", "\t\te0", "bye", "\t\t\t\te0 (1.5-0.5)", "e1", "\t\te1 (2-0)", "e2"), reports.get(1));
        assertEquals(String.join("\n", "e0", "\t\te0", "bye", "", "e1", "\t\te1 (2-0)", "e2"), reports.get(0));
    }

    @Test
    void pyramidPlaysEachEngineAgainstAllItsPredecessors() {
        MatchSettings s = settings(4, MatchSettings.Tournament.PYRAMID, 1, 2,
            MatchSettings.Pairing.defaults(true), OpeningBook.startPosition());
        assertEquals(List.of("1:1v0", "1:0v1", "1:2v0", "1:0v2", "1:2v1", "1:1v2", "1:3v0", "1:0v3", "1:3v1", "1:1v3", "1:3v2", "1:2v3"),
            Schedule.build(s).stream().map(TournamentsTest::shape).toList());
        assertEquals(12, Schedule.size(s));
    }

    @Test
    void gauntletSeedsAreTheEnginesThatPlayTheRest() {
        MatchSettings s = settings(4, MatchSettings.Tournament.GAUNTLET, 1, 1,
            new MatchSettings.Pairing(2, MatchSettings.OpeningPolicy.DEFAULT, 1, 0), OpeningBook.startPosition());
        assertEquals(List.of("1:0v2", "1:0v3", "1:1v2", "1:1v3"), Schedule.build(s).stream().map(TournamentsTest::shape).toList());
    }

    OpeningBook tenOpenings() throws Exception {
        Path book = tmp.resolve("ten.epd");
        StringBuilder sb = new StringBuilder();
        String[] first = {"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4"};
        for (int i = 0; i < 10; i++) {
            char file = first[i].charAt(0);
            int rank = first[i].charAt(1) - '0';
            char[] r2 = "PPPPPPPP".toCharArray();
            r2[file - 'a'] = '1';
            String row2 = compress(new String(r2));
            char[] row = "11111111".toCharArray();
            row[file - 'a'] = 'P';
            String moved = compress(new String(row));
            String fen = "rnbqkbnr/pppppppp/8/8/" + (rank == 4 ? moved : "8") + "/" + (rank == 3 ? moved : "8") + "/" + row2
                + "/RNBQKBNR b KQkq - 0 1";
            sb.append(fen).append('\n');
        }
        Files.writeString(book, sb.toString());
        return OpeningBook.load(book, "epd", false, 0, 1, 0, w -> { throw new AssertionError(w); });
    }

    private static String compress(String row) {
        StringBuilder out = new StringBuilder();
        int empty = 0;
        for (char c : row.toCharArray()) {
            if (c == '1') empty++;
            else {
                if (empty > 0) out.append(empty);
                empty = 0;
                out.append(c);
            }
        }
        if (empty > 0) out.append(empty);
        return out.toString();
    }

    /** The opening of each game as the index of its first appearance: "0 0 1 1 ..." */
    static List<Integer> openingOrder(List<Schedule.Game> games) {
        List<Opening> seen = new ArrayList<>();
        List<Integer> out = new ArrayList<>();
        for (Schedule.Game g : games) {
            int i = seen.indexOf(g.opening());
            if (i < 0) {
                seen.add(g.opening());
                i = seen.size() - 1;
            }
            out.add(i);
        }
        return out;
    }

    @Test
    void openingPoliciesShiftWhereCutechessSays() throws Exception {
        // Three engines, round-robin, -games 4 -repeat 2, two rounds: 3 encounters a round.
        MatchSettings def = settings(3, MatchSettings.Tournament.ROUND_ROBIN, 2, 4,
            new MatchSettings.Pairing(1, MatchSettings.OpeningPolicy.DEFAULT, 2, 0), tenOpenings());
        assertEquals(List.of(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 0, 0, 1, 1),
            openingOrder(Schedule.build(def)).stream().map(i -> i % 10).toList());
        // encounter: one opening for all games of an encounter, a new one for each new pair of engines.
        MatchSettings enc = settings(3, MatchSettings.Tournament.ROUND_ROBIN, 2, 4,
            new MatchSettings.Pairing(1, MatchSettings.OpeningPolicy.ENCOUNTER, Integer.MAX_VALUE, 0), tenOpenings());
        assertEquals(List.of(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5), openingOrder(Schedule.build(enc)));
        // round: every encounter of a round plays the round's opening.
        MatchSettings round = settings(3, MatchSettings.Tournament.ROUND_ROBIN, 2, 4,
            new MatchSettings.Pairing(1, MatchSettings.OpeningPolicy.ROUND, Integer.MAX_VALUE, 0), tenOpenings());
        List<Integer> r = openingOrder(Schedule.build(round));
        assertEquals(java.util.Collections.nCopies(12, 0), r.subList(0, 12));
        assertEquals(java.util.Collections.nCopies(12, 1), r.subList(12, 24));
        // Two engines meet in every round, so under encounter they keep one opening all match (cutechess).
        MatchSettings two = settings(2, MatchSettings.Tournament.GAUNTLET, 3, 2,
            new MatchSettings.Pairing(1, MatchSettings.OpeningPolicy.ENCOUNTER, Integer.MAX_VALUE, 0), tenOpenings());
        assertEquals(java.util.Collections.nCopies(6, 0), openingOrder(Schedule.build(two)));
        // Pairs stay pairs of two games whatever the policy: the pentanomial counts them.
        assertEquals(List.of(0, 0, 1, 1, 2, 2), Schedule.build(two).stream().map(Schedule.Game::pairIndex).toList());
    }

    @Test
    @org.junit.jupiter.api.Tag("slow")
    void aKnockoutOfBuiltinEnginesPlaysToItsChampionAndPrintsItsRounds() throws Exception {
        List<EngineConfig> engines = new ArrayList<>();
        int[] levels = {20, 1, 10};
        for (int i = 0; i < 3; i++) {
            engines.add(new EngineConfig("L" + levels[i], EngineConfig.BUILTIN, List.of("--level", String.valueOf(levels[i])), null,
                Map.of(), Map.of(), TimeControl.infinite(), 0, 2));
        }
        MatchSettings s = new MatchSettings(engines, MatchSettings.Tournament.KNOCKOUT, 1, 2, true, false, false, 2,
            OpeningBook.startPosition(), new Adjudication(3, 400, false, 0, 0, 0, 40, null, 0, false, null), null, null, false, 0, false,
            "ko", "here", false, tmp.resolve("logs"), 30_000, new MatchSettings.Pairing(3, MatchSettings.OpeningPolicy.DEFAULT, 2, 7));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<GameRecord> played = new MatchRunner(s, new PrintStream(bytes, true, StandardCharsets.UTF_8), null).run();
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(played.size() >= 4, out);
        assertEquals(played.size(), out.lines().filter(l -> l.startsWith("Finished game ")).count(), out);
        // First round: L20 has the bye, L1 plays L10; the bracket is printed after each round, the last before "Finished match".
        assertTrue(out.contains("L20\n\t\tL20\nbye\n"), out);
        List<String> lines = out.lines().toList();
        assertEquals("Finished match", lines.get(lines.size() - 1), out);
        for (GameRecord g : played) {
            if (g.round() == 1) assertEquals(Set2.of("L1", "L10"), Set2.of(g.white(), g.black()), "round 1 is L1 v L10");
            else assertTrue(g.white().equals("L20") || g.black().equals("L20"), "the final has the bye's engine");
        }
        assertNotEquals(-1, out.indexOf("\t\t\t\t"), "the final's winner column: " + out);
    }

    /** Order-free pair of names. */
    record Set2(java.util.Set<String> names) {
        static Set2 of(String a, String b) { return new Set2(java.util.Set.of(a, b)); }
    }
}
