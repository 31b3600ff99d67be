package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.workers.match.RunState;
import org.rookery.workers.match.Schedule;

/**
 * Resume as fastchess's {@code -config file=} promises it, and more: a gauntlet killed with SIGKILL at
 * random moments, several times, and resumed each time, ends with every scheduled game exactly once in
 * the PGN, with the opening and colours the schedule gave it, and result counts that match the PGN. Each
 * {@code -autosaveinterval} is killed: 1 (every game saved), 3 (a resumed run starts from the last multiple
 * of 3 saved, and replays the games written after it), and 0 (docs/gauntlet.md: saved only when the run
 * ends, "a kill -9 then replays the run from its start, without duplicates"). Each run is first killed
 * before its first "Started game", when its state may not have been saved yet: it is then started again
 * with its own command line, as a user would.
 */
@Tag("slow")
class ResumeKillTest {
    @TempDir Path tmp;

    static final Pattern TOTALS = Pattern.compile("Games: (\\d+), Wins: (\\d+), Losses: (\\d+), Draws: (\\d+)");
    static final Pattern RESUMING = Pattern.compile("^Resuming from (\\d+) games", Pattern.MULTILINE);
    static final Pattern FINISHED = Pattern.compile("^Finished game \\d+ ", Pattern.MULTILINE);
    static final int CONCURRENCY = 2;

    @Test
    void killNineAtRandomMomentsLosesAndDuplicatesNoGame() throws Exception {
        killNineAndResume(1, 17);
    }

    @Test
    void killNineWithAutosaveEveryThreeGamesReplaysOnlyTheGamesAfterTheLastSave() throws Exception {
        killNineAndResume(3, 23);
    }

    @Test
    void killNineWithAutosaveZeroReplaysTheRunFromItsStart() throws Exception {
        killNineAndResume(0, 29);
    }

    private void killNineAndResume(int autosave, long seed) throws Exception {
        Path book = tmp.resolve("book.epd");
        Files.writeString(book, String.join("\n", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", "rnbqkbnr/pppppppp/8/8/6P1/8/PPPPPP1P/RNBQKB1R b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR b KQkq - 0 1") + "\n");
        String java = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("java.class.path");
        String args = "args=-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp " + cp + " org.rookery.workers.testengines.FakeEngine slow:15";
        List<String> options = new ArrayList<>();
        for (String name : new String[] {"A", "B"}) options.addAll(List.of("-engine", "name=" + name, "cmd=" + java, args));
        options.addAll(GauntletOptionsTest.split("-each tc=30+1 -rounds 6 -games 2 -concurrency " + CONCURRENCY + " -maxmoves 30 -srand 11 "
            + "-pgnout " + tmp.resolve("games.pgn") + " -epdout " + tmp.resolve("end.epd") + " -openings file=" + book
            + " order=random"));
        Path stateFile = tmp.resolve("state.json");
        List<String> resumeOptions = List.of("-autosaveinterval", String.valueOf(autosave), "-config", "outname=" + stateFile);
        // What the schedule gives each game: (round, white) -> opening FEN.
        GauntletOptions.Parsed parsed = GauntletOptions.parse(options, w -> {});
        Map<String, String> expected = new HashMap<>();
        for (Schedule.Game g : Schedule.build(parsed.settings())) {
            expected.put(g.round() + "/" + parsed.settings().engines().get(g.white()).name(), g.opening().fen());
        }
        int total = expected.size();

        Random rnd = new Random(seed);
        String lastOutput = "";
        boolean finished = false, killedBeforeStart = false;
        int kills = 0, earlyDelayMs = 800;
        List<String> story = new ArrayList<>();
        for (int attempt = 0; attempt < 14 && !finished; attempt++) {
            List<String> cmd = new ArrayList<>(List.of(java, "-cp", cp, "org.rookery.workers.cli.WorkersMain", "gauntlet"));
            // No state yet (killed before its first save): the user runs the command line again.
            boolean resumed = Files.exists(stateFile);
            int before = saved(stateFile);
            // -config file= alone, as a user resumes: the saved state keeps the run's -autosaveinterval.
            if (resumed) cmd.addAll(List.of("-config", "file=" + stateFile));
            else {
                cmd.addAll(options);
                cmd.addAll(resumeOptions);
            }
            Path log = tmp.resolve("run" + attempt + ".log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean kill = kills < 5;
            boolean early = kill && !killedBeforeStart;
            if (early) {
                // Kill before the first game starts (while the JVM starts, the engines start, or the state is first saved).
                p.waitFor(rnd.nextInt(earlyDelayMs), TimeUnit.MILLISECONDS);
            } else {
                // Kill at a random moment once games are being played (the machine's load decides when that is).
                for (int i = 0; kill && i < 600 && p.isAlive() && !Files.readString(log).contains("Started game"); i++) Thread.sleep(100);
            }
            if (kill && (early || !p.waitFor(rnd.nextInt(4000), TimeUnit.MILLISECONDS)) && p.isAlive()) {
                p.destroyForcibly(); // SIGKILL: no shutdown hook, no final save
                assertTrue(p.waitFor(10, TimeUnit.SECONDS), "run " + attempt + " outlived SIGKILL");
                kills++;
                String out = Files.readString(log);
                boolean started = out.contains("Started game");
                if (early && started) earlyDelayMs = Math.max(50, earlyDelayMs / 2); // too late: sooner next time
                if (early && !started) killedBeforeStart = true;
                int after = saved(stateFile), played = count(FINISHED, out);
                story.add("run " + attempt + (resumed ? " resumed from " + before : " fresh") + ", killed after " + played
                    + " finished games" + (started ? "" : " and before Started game") + ", state then holds "
                    + (after < 0 ? "nothing (not saved)" : after + " games"));
                if (resumed) resumedFrom(out, before, story);
                checkSaved(autosave, Math.max(0, before), after, played, story);
                continue;
            }
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "run " + attempt + " did not finish");
            lastOutput = Files.readString(log);
            finished = lastOutput.contains("Finished match");
            story.add("run " + attempt + (resumed ? " resumed from " + before : " fresh") + ", finished");
            if (resumed) resumedFrom(lastOutput, before, story);
            // The last run plays exactly the games its state did not hold.
            assertEquals(total - Math.max(0, before), count(FINISHED, lastOutput), "games the last run played: " + story + "\n" + lastOutput);
            // -autosaveinterval 0: every killed run left the state it started with, none: the last run played them all.
            if (autosave == 0) assertTrue(before <= 0, "-autosaveinterval 0 replays from the start: " + story);
        }
        assertTrue(finished, story + "\n" + lastOutput);
        assertTrue(kills >= 3, "the runs were killed only " + kills + " times: " + story);
        assertTrue(killedBeforeStart, "no run was killed before its first Started game: " + story);
        System.out.println("ResumeKillTest, -autosaveinterval " + autosave + ": " + String.join("; ", story));

        // The PGN: every scheduled game once, with its opening and colours.
        Set<String> seen = new HashSet<>();
        int wins = 0, losses = 0, draws = 0;
        try (PgnReader r = new PgnReader(Files.newInputStream(tmp.resolve("games.pgn")), "games.pgn", e -> {
            throw new AssertionError(e.toString());
        })) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                String key = g.tag("Round") + "/" + g.tag("White");
                assertTrue(seen.add(key), "game " + key + " is in the PGN twice: " + story);
                assertEquals(expected.get(key), g.tag("FEN"), "game " + key + " has another opening");
                // A's results (A is the first engine: "Score of A vs B").
                boolean aWhite = g.tag("White").equals("A");
                switch (g.result()) {
                    case "1-0" -> { if (aWhite) wins++; else losses++; }
                    case "0-1" -> { if (aWhite) losses++; else wins++; }
                    default -> draws++;
                }
            }
        }
        assertEquals(total, seen.size(), "games in the PGN: " + story);
        assertEquals(total, Files.readAllLines(tmp.resolve("end.epd")).size(), "lines in the EPD");
        RunState state = RunState.load(stateFile);
        assertEquals(total, state.games().size());
        assertEquals(total, state.games().stream().map(RunState.Finished::number).distinct().count());
        // The resumed run counts every game once: its closing totals equal the PGN's results.
        Matcher m = null;
        for (String l : lastOutput.lines().toList()) {
            Matcher x = TOTALS.matcher(l);
            if (x.find()) m = x;
        }
        assertTrue(m != null, lastOutput);
        assertEquals(List.of(total, wins, losses, draws), List.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
            Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4))), lastOutput);
        assertTrue(new File(stateFile.toString()).length() > 0);
    }

    /** Games the state file holds, or -1 when there is none. */
    private static int saved(Path stateFile) throws Exception {
        return Files.exists(stateFile) ? RunState.load(stateFile).games().size() : -1;
    }

    /** A resumed run says it continues from the games its state holds (when it lived to print the line). */
    private static void resumedFrom(String out, int before, List<String> story) {
        Matcher m = RESUMING.matcher(out);
        if (m.find()) assertEquals(before, Integer.parseInt(m.group(1)), "the Resuming line: " + story);
    }

    /**
     * What a run killed with SIGKILL left saved, against what it started from: every N finished games are
     * saved (N = autosave), so the state grows by a multiple of N, at least the multiples its printed
     * "Finished game" lines reach, at most one more game per slot (a game is saved before its line is
     * printed); 0 saves only at the end, so the state is the one it started with. A run killed before its
     * first save leaves none, and then had finished no game.
     */
    private static void checkSaved(int autosave, int before, int after, int played, List<String> story) {
        if (after < 0) {
            assertEquals(0, played, "games finished, yet no state saved: " + story);
            return;
        }
        int added = after - before;
        String why = "-autosaveinterval " + autosave + ": " + story;
        if (autosave == 0) {
            assertEquals(0, added, why);
            return;
        }
        assertEquals(0, added % autosave, why);
        assertTrue(added >= autosave * (played / autosave) && added <= autosave * ((played + CONCURRENCY) / autosave), why);
    }

    private static int count(Pattern p, String out) {
        Matcher m = p.matcher(out);
        int n = 0;
        while (m.find()) n++;
        return n;
    }
}
