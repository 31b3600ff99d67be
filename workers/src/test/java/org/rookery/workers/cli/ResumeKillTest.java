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
 * the PGN, with the opening and colours the schedule gave it, and result counts that match the PGN.
 */
@Tag("slow")
class ResumeKillTest {
    @TempDir Path tmp;

    static final Pattern TOTALS = Pattern.compile("Games: (\\d+), Wins: (\\d+), Losses: (\\d+), Draws: (\\d+)");

    @Test
    void killNineAtRandomMomentsLosesAndDuplicatesNoGame() throws Exception {
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
        options.addAll(GauntletOptionsTest.split("-each tc=30+1 -rounds 6 -games 2 -concurrency 2 -maxmoves 30 -srand 11 "
            + "-pgnout " + tmp.resolve("games.pgn") + " -epdout " + tmp.resolve("end.epd") + " -openings file=" + book
            + " order=random"));
        List<String> resumeOptions = List.of("-autosaveinterval", "1", "-config", "outname=" + tmp.resolve("state.json"));
        // What the schedule gives each game: (round, white) -> opening FEN.
        GauntletOptions.Parsed parsed = GauntletOptions.parse(options, w -> {});
        Map<String, String> expected = new HashMap<>();
        for (Schedule.Game g : Schedule.build(parsed.settings())) {
            expected.put(g.round() + "/" + parsed.settings().engines().get(g.white()).name(), g.opening().fen());
        }
        int total = expected.size();

        Random rnd = new Random(17);
        String lastOutput = "";
        boolean finished = false;
        int kills = 0;
        for (int attempt = 0; attempt < 12 && !finished; attempt++) {
            List<String> cmd = new ArrayList<>(List.of(java, "-cp", cp, "org.rookery.workers.cli.WorkersMain", "gauntlet"));
            if (attempt == 0) {
                cmd.addAll(options);
                cmd.addAll(resumeOptions);
            }
            else cmd.addAll(List.of("-config", "file=" + tmp.resolve("state.json")));
            Path log = tmp.resolve("run" + attempt + ".log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean kill = kills < 5;
            // Kill at a random moment once games are being played (the machine's load decides when that is).
            for (int i = 0; kill && i < 600 && p.isAlive() && !Files.readString(log).contains("Started game"); i++) Thread.sleep(100);
            if (kill && !p.waitFor(rnd.nextInt(4000), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly(); // SIGKILL: no shutdown hook, no final save
                p.waitFor(10, TimeUnit.SECONDS);
                kills++;
                continue;
            }
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "run " + attempt + " did not finish");
            lastOutput = Files.readString(log);
            finished = lastOutput.contains("Finished match");
        }
        assertTrue(finished, lastOutput);
        assertTrue(kills >= 3, "the runs were killed only " + kills + " times");

        // The PGN: every scheduled game once, with its opening and colours.
        Set<String> seen = new HashSet<>();
        int wins = 0, losses = 0, draws = 0;
        try (PgnReader r = new PgnReader(Files.newInputStream(tmp.resolve("games.pgn")), "games.pgn", e -> {
            throw new AssertionError(e.toString());
        })) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                String key = g.tag("Round") + "/" + g.tag("White");
                assertTrue(seen.add(key), "game " + key + " is in the PGN twice");
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
        assertEquals(total, seen.size(), "games in the PGN");
        assertEquals(total, Files.readAllLines(tmp.resolve("end.epd")).size(), "lines in the EPD");
        RunState state = RunState.load(tmp.resolve("state.json"));
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
        assertTrue(new File(tmp.resolve("state.json").toString()).length() > 0);
    }
}
