package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
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
import org.rookery.core.clock.TimeControl;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.workers.match.MatchRunner;
import org.rookery.workers.match.RunOptions;
import org.rookery.workers.match.RunStateStore;
import org.rookery.workers.match.Schedule;
import org.rookery.workers.uci.EngineConfig;

/**
 * The command lines of {@code cmdlines/peers.txt}, copied from fishtest's worker, the peers' manuals and
 * engines' SPRT scripts (each names its source), read unchanged but for counts, time controls and paths.
 * Each parses, or is pending with the option and the reason named; the slow tests play them against
 * Stockfish, and again with Rookery's built-in engine standing in for the lines' engines, and read the
 * output with the patterns the peers document.
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

    /** Who plays the lines' engines: Stockfish, or Rookery's built-in engine standing in for each of them. */
    enum Players { STOCKFISH, BUILTIN }

    /** Set by a test before its first {@link #argv}: the engine files and engines.json are made for it. */
    Players players = Players.STOCKFISH;

    /** The 3-piece Syzygy tables the repository ships (endgame's test resources), for the Goldfish line's SyzygyPath. */
    static final Path SYZYGY = Path.of("..", "endgame", "src", "test", "resources", "syzygy").toAbsolutePath().normalize();

    /** Polyglot keys from the format's specification (its test vectors): the start, after 1.e4, after 1.e4 d5. */
    static final long START_KEY = 0x463b96181691fc9cL, AFTER_E4_KEY = 0x823c9b50fd114196L, AFTER_E4_D5_KEY = 0x0756b94461c50fb0L;

    /** A Polyglot book of one line, 1.e4 d5 2.e5, sorted by key as the format requires. */
    static void writePolyglotBook(Path file) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(48);
        b.putLong(AFTER_E4_D5_KEY).putShort(polyglotMove(4, 3, 4, 4)).putShort((short) 1).putInt(0); // e4e5
        b.putLong(START_KEY).putShort(polyglotMove(4, 1, 4, 3)).putShort((short) 1).putInt(0); // e2e4
        b.putLong(AFTER_E4_KEY).putShort(polyglotMove(3, 6, 3, 4)).putShort((short) 1).putInt(0); // d7d5
        Files.write(file, b.array());
    }

    /** Polyglot's move field: to-file, to-row, from-file, from-row, three bits each (no promotion). */
    private static short polyglotMove(int fromFile, int fromRow, int toFile, int toRow) {
        return (short) (toFile | toRow << 3 | fromFile << 6 | fromRow << 9);
    }

    /**
     * An engine file of the lines: Stockfish, or an executable that starts the built-in engine with the
     * command line {@code cmd=builtin} itself runs ({@link EngineConfig#commandLine()}), for lines whose
     * cmd= is a literal path or whose engines are told apart by their file names.
     */
    void engineFile(Path file) throws Exception {
        if (players == Players.STOCKFISH) {
            Files.createSymbolicLink(file, STOCKFISH);
            return;
        }
        List<String> cl = new EngineConfig("builtin", EngineConfig.BUILTIN, List.of(), null, java.util.Map.of(), java.util.Map.of(),
            TimeControl.infinite(), 0, 0).commandLine();
        StringBuilder sh = new StringBuilder("#!/bin/sh\nexec");
        for (String w : cl) sh.append(" '").append(w.replace("'", "'\\''")).append('\'');
        Files.writeString(file, sh.append(" \"$@\"\n").toString());
        assertTrue(file.toFile().setExecutable(true), file.toString());
    }

    /** Whether every -engine of the line has a name (name= or conf=), so that cmd=builtin can stand for each cmd. */
    static boolean everyEngineNamed(String line) {
        int engines = 0, named = 0;
        boolean inEngine = false, thisNamed = false;
        for (String w : shellWords(line)) {
            if (w.startsWith("-") && w.length() > 1 && Character.isLetter(w.charAt(1))) {
                if (inEngine && thisNamed) named++;
                inEngine = w.equals("-engine");
                if (inEngine) engines++;
                thisNamed = false;
            } else if (inEngine && (w.startsWith("name=") || w.startsWith("conf="))) {
                thisNamed = true;
            }
        }
        if (inEngine && thisNamed) named++;
        return engines == named;
    }

    List<String> argv(Entry e, int rounds, String tc) throws Exception {
        Path e1 = tmp.resolve("engine-one"), e2 = tmp.resolve("engine-two"), e3 = tmp.resolve("engine-three");
        boolean builtin = players == Players.BUILTIN;
        if (!Files.exists(e1)) {
            engineFile(e1);
            engineFile(e2);
            engineFile(e3);
            writePolyglotBook(tmp.resolve("book.bin"));
            Files.writeString(tmp.resolve("book.epd"), String.join("\n",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
                "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 1 2") + "\n");
            Files.writeString(tmp.resolve("book.pgn"), "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
                + "[Event \"?\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 e6 *\n");
            // cutechess's engines.json (cutechess-engines.json(5)): the conf= names of the lines, on the two engines.
            // With the built-in engine, the conf= entries' command is cmd=builtin (their names tell them apart).
            String c1 = builtin ? EngineConfig.BUILTIN : e1.toString(), c2 = builtin ? EngineConfig.BUILTIN : e2.toString();
            String c3 = builtin ? EngineConfig.BUILTIN : e3.toString();
            Files.writeString(tmp.resolve("engines.json"), "[\n"
                + conf("coalface", c1) + ",\n" + conf("released", c2) + ",\n"
                + conf("Goldfish v2.0.0-rc2", c1) + ",\n" + conf("Goldfish v2.0.0-rc1", c2) + ",\n" + conf("Goldfish v1.13.0", c3)
                + "\n]\n");
        }
        System.setProperty("rookery.enginesJson", tmp.resolve("engines.json").toString());
        // The built-in engine: cmd=builtin where each engine has a name; else the engine files, which start it.
        boolean named = builtin && everyEngineNamed(e.line());
        String line = e.line().replace("{ROUNDS}", String.valueOf(rounds)).replace("{TC}", tc)
            .replace("{E1}", named ? EngineConfig.BUILTIN : e1.toString()).replace("{E2}", named ? EngineConfig.BUILTIN : e2.toString())
            .replace("{FAIRYMAX}", FAIRYMAX.toString()).replace("{BOOK}", tmp.resolve("book.epd").toString())
            .replace("{PGNBOOK}", tmp.resolve("book.pgn").toString()).replace("{POLYBOOK}", tmp.resolve("book.bin").toString())
            .replace("{SYZYGY}", SYZYGY.toString()).replace("{TMP}", tmp.toString());
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

    private static String conf(String name, String command) {
        return "  {\"name\": \"" + name + "\", \"command\": \"" + command + "\", \"protocol\": \"uci\"}";
    }

    @AfterEach
    void forgetEnginesJson() {
        System.clearProperty("rookery.enginesJson");
    }

    /** Whether the line runs here: the CECP lines need fairymax, the Goldfish line the repository's Syzygy tables. */
    static boolean runnable(Entry e) {
        if (e.line().contains("{FAIRYMAX}") && !Files.isExecutable(FAIRYMAX)) {
            System.out.println("skipped (fairymax not installed in /usr/games: apt-get install fairymax): " + e.source());
            return false;
        }
        if (e.line().contains("{SYZYGY}") && !Files.isDirectory(SYZYGY)) {
            System.out.println("skipped (no Syzygy tables at " + SYZYGY + "; run from the workers module of the repository): " + e.source());
            return false;
        }
        return true;
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
        int played = 0;
        for (Entry e : entries()) {
            if (e.pending() != null || !runnable(e)) continue;
            // CECP's level command takes whole seconds of base time: the XBoard lines get 1 s.
            play(e, e.line().contains("proto=xboard") ? "1+0.01" : "0.5+0.01");
            played++;
            if (e.source().startsWith("bsamseth/Goldfish")) goldfishGamesOpenFromTheEnginesBook();
        }
        assertTrue(played >= 12, "lines played: " + played);
    }

    /**
     * The same lines with Rookery's built-in engine for every engine they name ({@code cmd=builtin}, or an
     * engine file that starts it where the line's cmd= is a literal path or its engines are told apart by
     * their file names); the XBoard engine of the CECP line stays fairymax. Options are the lines' own: the
     * built-in engine offers Hash and Threads, but no SyzygyPath, so the Goldfish line is refused in one line
     * naming that option, as any engine without it is.
     */
    @Test
    @Tag("slow")
    void theReadLinesPlayWithTheBuiltInEngineStandingInForTheirEngines() throws Exception {
        players = Players.BUILTIN;
        int played = 0, refused = 0;
        for (Entry e : entries()) {
            if (e.pending() != null || !runnable(e)) continue;
            String tc = e.line().contains("proto=xboard") ? "1+0.01" : "0.5+0.01";
            if (e.line().contains("option.SyzygyPath")) {
                var x = assertThrows(IllegalArgumentException.class, () -> play(e, tc), e.source());
                assertTrue(x.getMessage().contains("has no option \"SyzygyPath\"") && !x.getMessage().contains("\n"), x.getMessage());
                refused++;
                continue;
            }
            // A game lost on time is one more outcome the parsers read; at 0.5+0.01 on a loaded machine the
            // built-in engine loses some (it plays on with 35-80 ms left), so no assertion rests on the clock.
            play(e, tc);
            played++;
        }
        assertEquals(1, refused);
        assertTrue(played >= 11, "lines played: " + played);
    }

    /** Plays one line (one round) and checks its output with the peers' patterns; returns the output. */
    String play(Entry e, String tc) throws Exception {
        ResumeArgs resume = ResumeArgs.of(argv(e, 1, tc), w -> {});
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
        if (p.run().output() != RunOptions.OutputFormat.CUTECHESS && p.run().reportPenta() && p.settings().repeat()
            && p.settings().engines().size() == 2) {
            // fishtest's check on the last results block (fishtest runs two engines): games = 2 x pairs = all games.
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
        return out;
    }

    /**
     * The Goldfish line's engines share a Polyglot book of 1.e4 d5 2.e5 (keys from the format's
     * specification) with bookdepth=6: every game of its three-engine round robin opens with it, and
     * Stockfish plays on from the fourth ply.
     */
    void goldfishGamesOpenFromTheEnginesBook() throws Exception {
        int games = 0;
        try (PgnReader r = new PgnReader(Files.newInputStream(tmp.resolve("match-history.pgn")), "match-history.pgn", x -> {
            throw new AssertionError(x.toString());
        })) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                List<String> sans = g.sans();
                assertTrue(sans.size() > 3, "game " + g.tag("Round") + ": " + sans);
                assertEquals(List.of("e4", "d5", "e5"), sans.subList(0, 3), "game " + g.tag("Round"));
                // "min": the seven-tag roster only, no comments
                assertEquals(7, g.tagCount(), g.tagNames().toString());
                games++;
            }
        }
        assertEquals(6, games, "three engines, round robin, -games 2 -rounds 1");
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
