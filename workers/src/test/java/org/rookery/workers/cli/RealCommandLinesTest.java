package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.workers.match.MatchRunner;
import org.rookery.workers.match.RunOptions;
import org.rookery.workers.match.RunStateStore;
import org.rookery.workers.match.Schedule;

/**
 * The command lines of {@code cmdlines/peers.txt}, copied from fishtest's worker, the peers' manuals and
 * engines' SPRT scripts (each names its source), read unchanged but for counts, time controls and paths.
 * Each parses, or is pending with the option and the reason named; the slow test plays them against
 * Stockfish and reads the output with the patterns the peers document.
 */
class RealCommandLinesTest {
    static final Path STOCKFISH = Path.of("/usr/games/stockfish");
    /** The XBoard engine the CECP lines run (cutechess's examples name sloppy, Atak). */
    static final Path FAIRYMAX = Path.of("/usr/games/fairymax");
    /** OpenBench / fishtest: one line per game (see ParserFormatsTest). */
    static final Pattern FINISHED_GAME = Pattern.compile("^Finished game (\\d+) \\((.+) vs (.+)\\): (1-0|0-1|1/2-1/2|\\*) \\{(.+)\\}$");
    static final Pattern FISHTEST_WLD = Pattern.compile(
        "Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points: ([0-9.]+) \\(");
    static final Pattern FISHTEST_PTNML = Pattern.compile("Ptnml\\(0-2\\): \\[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\\]");

    @TempDir Path tmp;

    /** One command line of the file. */
    record Entry(String source, String pending, String line) {}

    static List<Entry> entries() throws Exception {
        List<Entry> out = new ArrayList<>();
        String source = null, pending = null;
        try (var in = RealCommandLinesTest.class.getResourceAsStream("/cmdlines/peers.txt")) {
            assertNotNull(in, "cmdlines/peers.txt is missing");
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
                if (l.startsWith("# source: ")) source = l.substring(10);
                else if (l.startsWith("# pending: ")) pending = l.substring(11);
                else if (!l.isBlank() && !l.startsWith("#")) {
                    assertNotNull(source, "a command line without its source: " + l);
                    out.add(new Entry(source, pending, l));
                    source = null;
                    pending = null;
                }
            }
        }
        return out;
    }

    List<String> argv(Entry e, int rounds, String tc) throws Exception {
        Path e1 = tmp.resolve("engine-one"), e2 = tmp.resolve("engine-two");
        if (!Files.exists(e1)) {
            Files.createSymbolicLink(e1, STOCKFISH);
            Files.createSymbolicLink(e2, STOCKFISH);
            Files.writeString(tmp.resolve("book.epd"), String.join("\n",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
                "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 1 2") + "\n");
            Files.writeString(tmp.resolve("book.pgn"), "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
                + "[Event \"?\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 e6 *\n");
            // cutechess's engines.json (cutechess-engines.json(5)): the conf= names of the lines, on the two engines.
            Files.writeString(tmp.resolve("engines.json"), "[\n"
                + conf("coalface", e1) + ",\n" + conf("released", e2) + ",\n"
                + conf("Goldfish v2.0.0-rc2", e1) + ",\n" + conf("Goldfish v2.0.0-rc1", e2) + "\n]\n");
        }
        System.setProperty("rookery.enginesJson", tmp.resolve("engines.json").toString());
        String line = e.line().replace("{ROUNDS}", String.valueOf(rounds)).replace("{TC}", tc).replace("{E1}", e1.toString())
            .replace("{E2}", e2.toString()).replace("{FAIRYMAX}", FAIRYMAX.toString()).replace("{BOOK}", tmp.resolve("book.epd").toString())
            .replace("{PGNBOOK}", tmp.resolve("book.pgn").toString()).replace("{TMP}", tmp.toString());
        return shellWords(line);
    }

    /** The words a POSIX shell makes of {@code line}: blanks separate, '...' and "..." quote (the scripts' own quoting). */
    static List<String> shellWords(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        char quote = 0;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) quote = 0;
                else cur.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any) out.add(cur.toString());
                cur.setLength(0);
                any = false;
            } else {
                cur.append(c);
                any = true;
            }
        }
        assertEquals(0, quote, "unbalanced quote in " + line);
        if (any) out.add(cur.toString());
        return out;
    }

    private static String conf(String name, Path command) {
        return "  {\"name\": \"" + name + "\", \"command\": \"" + command + "\", \"protocol\": \"uci\"}";
    }

    @AfterEach
    void forgetEnginesJson() {
        System.clearProperty("rookery.enginesJson");
    }

    /** Whether the line runs here: the CECP lines need fairymax (the skip says how to install it). */
    static boolean runnable(Entry e) {
        if (!e.line().contains("{FAIRYMAX}") || Files.isExecutable(FAIRYMAX)) return true;
        System.out.println("skipped (fairymax not installed in /usr/games: apt-get install fairymax): " + e.source());
        return false;
    }

    @Test
    void everyLineIsReadOrPendingWithItsReason() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(STOCKFISH), "stockfish not installed in /usr/games (apt-get install stockfish): skipped");
        List<Entry> all = entries();
        assertTrue(all.size() >= 9, "entries: " + all.size());
        int read = 0;
        for (Entry e : all) {
            if (!runnable(e)) continue;
            List<String> warnings = new ArrayList<>();
            ResumeArgs resume = ResumeArgs.of(argv(e, 2, "1+0.01"), warnings::add);
            if (e.pending() != null) {
                String option = e.pending().split(" ")[0];
                var x = assertThrows(IllegalArgumentException.class, () -> GauntletOptions.parse(resume.argv(), warnings::add),
                    e.source());
                assertTrue(x.getMessage().contains(option.replace("=", "")), e.source() + ": " + x.getMessage());
            } else {
                GauntletOptions.parse(resume.argv(), warnings::add);
                read++;
            }
        }
        assertTrue(read >= 7, "read " + read);
        // The CECP and engines.json lines are among those read (unless fairymax is missing for the CECP ones).
        assertTrue(all.stream().filter(x -> x.line().contains("conf=")).count() >= 2, "conf= lines");
        assertTrue(all.stream().filter(x -> x.line().contains("proto=xboard")).count() >= 2, "proto=xboard lines");
    }

    @Test
    @Tag("slow")
    void theReadLinesPlayAgainstStockfishAndTheirOutputParses() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(STOCKFISH), "stockfish not installed in /usr/games (apt-get install stockfish): skipped");
        for (Entry e : entries()) {
            if (e.pending() != null || !runnable(e)) continue;
            // CECP's level command takes whole seconds of base time: the XBoard lines get 1 s.
            ResumeArgs resume = ResumeArgs.of(argv(e, 1, e.line().contains("proto=xboard") ? "1+0.01" : "0.5+0.01"), w -> {});
            GauntletOptions.Parsed p = GauntletOptions.parse(resume.argv(), w -> {});
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            RunStateStore state = new RunStateStore(tmp.resolve("state-" + Integer.toHexString(e.line().hashCode()) + ".json"),
                ResumeArgs.toSave(resume.argv(), p.seed()), resume.autosaveInterval(), null);
            new MatchRunner(p.settings(), p.run(), new PrintStream(bytes, true, StandardCharsets.UTF_8), null, state).run();
            String out = bytes.toString(StandardCharsets.UTF_8);
            List<String> lines = out.lines().toList();
            long games = Schedule.size(p.settings());
            assertEquals(games, lines.stream().filter(l -> FINISHED_GAME.matcher(l).matches()).count(), e.source() + "\n" + out);
            assertTrue(lines.contains("Finished match"), e.source() + "\n" + out);
            if (p.run().output() != RunOptions.OutputFormat.CUTECHESS && p.run().reportPenta() && p.settings().repeat()) {
                // fishtest's check on the last results block: games = 2 x pairs = all games.
                Matcher wld = null, ptnml = null;
                for (String l : lines) {
                    Matcher a = FISHTEST_WLD.matcher(l), b = FISHTEST_PTNML.matcher(l);
                    if (a.find()) wld = a;
                    if (b.find()) ptnml = b;
                }
                assertNotNull(wld, e.source() + "\n" + out);
                assertNotNull(ptnml, e.source() + "\n" + out);
                int pairs = 0;
                for (int i = 1; i <= 5; i++) pairs += Integer.parseInt(ptnml.group(i));
                assertEquals(games, Long.parseLong(wld.group(1)), e.source());
                assertEquals(games, 2L * pairs, e.source());
            }
        }
    }

    /**
     * OpenBench's client reads the runner's stdout as worker.py's run_and_parse_runner() does: each line
     * decoded as ASCII and stripped, reading stops at the first empty line, and every line holding
     * "Finished game" goes to MatchRunner.update_results(): game number = third token, result = seventh,
     * crashes / time losses / illegal moves from the text after the first ':', games paired as
     * (g, g+1) for odd g into the pentanomial (LL DL DD DW WW, from the first game's White) and trinomial (LDW).
     */
    @Test
    @Tag("slow")
    void openBenchsClientLineRunsAndItsParserReadsEveryPair() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(STOCKFISH), "stockfish not installed in /usr/games (apt-get install stockfish): skipped");
        Entry e = entries().stream().filter(x -> x.source().startsWith("AndyGrant/OpenBench")).findFirst().orElseThrow();
        ResumeArgs resume = ResumeArgs.of(argv(e, 1, "0.5+0.01"), w -> {});
        GauntletOptions.Parsed p = GauntletOptions.parse(resume.argv(), w -> {});
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RunStateStore state = new RunStateStore(tmp.resolve("openbench-config.json"), ResumeArgs.toSave(resume.argv(), p.seed()),
            resume.autosaveInterval(), null);
        new MatchRunner(p.settings(), p.run(), new PrintStream(bytes, true, StandardCharsets.UTF_8), null, state).run();
        byte[] raw = bytes.toByteArray();
        for (int i = 0; i < raw.length; i++) assertTrue(raw[i] >= 0, "a non-ASCII byte at " + i + ": OpenBench decodes as ASCII");
        java.util.Map<Integer, String> open = new java.util.HashMap<>();
        int[] trinomial = new int[3], pentanomial = new int[5];
        int finished = 0, crashes = 0;
        java.util.Map<String, Integer> lookup = java.util.Map.of("0-1", 0, "1/2-1/2", 1, "1-0", 2);
        for (String line : new String(raw, StandardCharsets.US_ASCII).split("\n", -1)) {
            line = line.strip();
            if (line.isEmpty()) break; // worker.py: "if not line: break"
            if (!line.contains("Finished game")) continue;
            finished++;
            String reason = line.split(":")[1];
            if (reason.contains("disconnect") || reason.contains("stalls")) crashes++;
            String[] tokens = line.split("\\s+");
            int game = Integer.parseInt(tokens[2]);
            open.put(game, tokens[6]);
            int first = game % 2 == 1 ? game : game - 1, second = first + 1;
            if (!open.containsKey(first) || !open.containsKey(second)) continue;
            int r1 = lookup.get(open.remove(first)), r2 = lookup.get(open.remove(second));
            pentanomial[r1 + 2 - r2]++;
            trinomial[r1]++;
            trinomial[2 - r2]++;
        }
        long games = Schedule.size(p.settings());
        String out = new String(raw, StandardCharsets.US_ASCII);
        assertEquals(games, finished, "every game is read before any empty line\n" + out);
        assertEquals(0, crashes, out);
        assertTrue(open.isEmpty(), "every game found its pair: " + open);
        assertEquals(games, 2L * java.util.Arrays.stream(pentanomial).sum(), out);
        assertEquals(games, java.util.Arrays.stream(trinomial).sum(), out);
        // The trinomial, from Engine-dev's side, against the PGN the run wrote.
        int devWins = 0, devLosses = 0, draws = 0;
        String white = null, black = null;
        for (String l : Files.readAllLines(tmp.resolve("PGNs/1.2.3.0.pgn"))) {
            if (l.startsWith("[White ")) white = l.split("\"")[1];
            if (l.startsWith("[Black ")) black = l.split("\"")[1];
            if (l.startsWith("[Result ")) {
                String r = l.split("\"")[1];
                if (r.equals("1/2-1/2")) draws++;
                else if (r.equals("1-0") == "Engine-dev".equals(white)) devWins++;
                else devLosses++;
            }
        }
        assertTrue(white != null && black != null);
        assertEquals(List.of(devLosses, draws, devWins), List.of(trinomial[0], trinomial[1], trinomial[2]), out);
    }
}
