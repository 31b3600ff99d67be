package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.cli.RunLog;

/**
 * cutechess's {@code -debug} ({@code -debug all}), fastchess's {@code -log engine=true} and {@code -pgnout match_line=},
 * played with the built-in engine. The oracle is the transcript itself: the moves the engines said ({@code bestmove}) must
 * be the PGN's moves, and each {@code line="…"} must be the last line the regex finds between that move's {@code go} and
 * {@code bestmove} in the engine's own output.
 */
class EngineTranscriptTest {
    @TempDir
    Path tmp;

    /** cutechess-cli's debug line: {@code <ms> >NAME(ID): line} (sent) or {@code <ms> <NAME(ID): line} (received). */
    static final Pattern DEBUG = Pattern.compile("^(\\d+) ([<>])([AB])\\((\\d+)\\): (.*)$");

    private String play(String extra, Path pgn) throws Exception {
        List<String> a = new ArrayList<>(List.of("-engine", "name=A", "cmd=builtin", "-engine", "name=B", "cmd=builtin",
            "-each", "nodes=400", "-maxmoves", "6", "-rounds", "1", "-games", "2", "-srand", "5", "-concurrency", "1",
            "-log", tmp.resolve("stderr").toString()));
        if (!extra.contains("-pgnout")) a.addAll(List.of("-pgnout", "file=" + pgn, "notation=uci"));
        a.addAll(List.of(extra.trim().split("\\s+")));
        var p = GauntletOptions.parse(a, w -> { });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new MatchRunner(p.settings(), p.run(), new PrintStream(out, true, StandardCharsets.UTF_8), null).run();
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The UCI moves of each game's movetext, in order (comments removed). */
    static List<List<String>> pgnMoves(Path pgn) throws Exception {
        List<List<String>> games = new ArrayList<>();
        for (String game : Files.readString(pgn).split("\n(?=\\[Event )")) {
            String text = game.replaceAll("(?s)\\{[^}]*}", " ").replaceAll("(?m)^\\[.*$", " ");
            List<String> moves = new ArrayList<>();
            for (String t : text.trim().split("\\s+")) if (t.matches("[a-h][1-8][a-h][1-8][qrbn]?")) moves.add(t);
            games.add(moves);
        }
        return games;
    }

    @Test
    void debugPrintsEveryLineAsCutechessAndTheBestmovesAreThePgnsMoves() throws Exception {
        Path pgn = tmp.resolve("g.pgn");
        String out = play("-debug", pgn);
        List<String> debug = out.lines().filter(l -> DEBUG.matcher(l).matches()).toList();
        assertTrue(debug.size() > 40, out);
        // Every line an engine sent or got is there once: the handshake, the game and the quit.
        assertTrue(debug.stream().anyMatch(l -> l.matches("\\d+ >A\\(\\d\\): uci")), out);
        assertTrue(debug.stream().anyMatch(l -> l.matches("\\d+ <A\\(\\d\\): uciok")), out);
        assertTrue(debug.stream().anyMatch(l -> l.matches("\\d+ >B\\(\\d\\): go nodes 400")), out);
        assertTrue(debug.stream().anyMatch(l -> l.matches("\\d+ >B\\(\\d\\): quit")), out);
        assertFalse(debug.stream().anyMatch(l -> l.contains("debug on")), "plain -debug sends no \"debug on\"");
        // One process per engine (concurrency 1): ids 0 and 1, each name with one id; times never go back per engine.
        Map<String, String> idOf = new HashMap<>();
        Map<String, Long> lastMs = new HashMap<>();
        List<String> bestmoves = new ArrayList<>();
        for (String l : debug) {
            Matcher m = DEBUG.matcher(l);
            assertTrue(m.matches());
            String prev = idOf.putIfAbsent(m.group(3), m.group(4));
            assertTrue(prev == null || prev.equals(m.group(4)), l);
            long ms = Long.parseLong(m.group(1));
            assertTrue(ms >= lastMs.getOrDefault(m.group(3), 0L), l);
            lastMs.put(m.group(3), ms);
            if (m.group(2).equals("<") && m.group(5).startsWith("bestmove ")) bestmoves.add(m.group(5).split(" ")[1]);
        }
        assertEquals(Map.of("A", "0", "B", "1"), idOf);
        List<String> played = new ArrayList<>();
        for (List<String> g : pgnMoves(pgn)) played.addAll(g);
        assertEquals(played, bestmoves, "the engines' bestmoves, in the order said, are the PGN's moves");
        assertEquals(24, played.size(), "two games of 6 moves each side (-maxmoves 6)");
    }

    @Test
    void debugAllAlsoSendsDebugOnAfterTheHandshake() throws Exception {
        String out = play("-debug all", tmp.resolve("g.pgn"));
        List<String> a = out.lines().filter(l -> l.matches("\\d+ [<>]A\\(0\\): .*")).map(l -> l.substring(l.indexOf(": ") + 2)).toList();
        int uciok = a.indexOf("uciok"), debugOn = a.indexOf("debug on"), ready = a.indexOf("isready");
        assertTrue(uciok >= 0 && debugOn > uciok && ready > debugOn, a.toString());
    }

    @Test
    void matchLineWritesTheLastMatchingLineOfEachMove() throws Exception {
        Path pgn = tmp.resolve("g.pgn");
        // Two regexes: the second finds a line on every searched move, the first only where depth 2 was reached (not every move, at 400 nodes).
        String out = play("-debug -pgnout file=" + pgn + " notation=uci nodes=true match_line=^info\\sdepth\\s2\\s match_line=nodes\\s\\d+", pgn);
        Pattern depth2 = Pattern.compile("^info\\sdepth\\s2\\s"), nodes = Pattern.compile("nodes\\s\\d+");
        // Expected, from the transcript: per engine move, the last received line each regex finds between go and bestmove.
        List<List<String>> expected = new ArrayList<>();
        Map<String, String[]> open = new HashMap<>();
        for (String l : out.lines().toList()) {
            Matcher m = DEBUG.matcher(l);
            if (!m.matches()) continue;
            String who = m.group(3), text = m.group(5);
            if (m.group(2).equals(">") && text.startsWith("go ")) open.put(who, new String[2]);
            else if (m.group(2).equals("<") && open.containsKey(who)) {
                String[] last = open.get(who);
                if (text.startsWith("bestmove ")) {
                    List<String> e = new ArrayList<>();
                    for (String s : last) if (s != null) e.add(s);
                    expected.add(e);
                    open.remove(who);
                } else {
                    if (depth2.matcher(text).find()) last[0] = text;
                    if (nodes.matcher(text).find()) last[1] = text;
                }
            }
        }
        // Actual, from the PGN comments: the line="…" parts of each move's comment, unwrapped.
        List<List<String>> actual = new ArrayList<>();
        String text = Files.readString(pgn).replace("\n", " ");
        Matcher c = Pattern.compile("\\{([^}]*)}").matcher(text);
        while (c.find()) {
            List<String> lines = new ArrayList<>();
            Matcher q = Pattern.compile("line=\"([^\"]*)\"").matcher(c.group(1));
            while (q.find()) lines.add(q.group(1));
            actual.add(lines);
        }
        assertEquals(24, expected.size(), out);
        // PGN wrapping turns a line's spaces into newlines and back: compare with single spaces.
        assertEquals(expected.stream().map(l -> l.stream().map(s -> s.replaceAll("\\s+", " ")).toList()).toList(),
            actual.stream().map(l -> l.stream().map(s -> s.replaceAll("\\s+", " ")).toList()).toList());
        assertTrue(expected.stream().anyMatch(l -> l.size() == 2) && expected.stream().anyMatch(l -> l.size() == 1), expected.toString());
        // fastchess's order: the tracked keys, then line=, then (last move) the reason.
        assertTrue(text.matches("(?s).*\\{[^}]*n=\\d+, line=\"[^}]*\", Draw by adjudication[^}]*}.*"), text);
    }

    @Test
    void logEngineTrueWritesFastchessEngineLines() throws Exception {
        Path log = tmp.resolve("run.log");
        List<String> argv = new ArrayList<>(List.of("-engine", "name=A", "cmd=builtin", "-engine", "name=B", "cmd=builtin",
            "-each", "nodes=300", "-maxmoves", "3", "-rounds", "1", "-games", "1", "-srand", "5", "-debug",
            "-log", "file=" + log, "engine=true", "level=warn"));
        var p = GauntletOptions.parse(argv, w -> { });
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (RunLog.Tee tee = RunLog.tee(new PrintStream(console, true, StandardCharsets.UTF_8), p.log())) {
            new MatchRunner(p.settings(), p.run().withTranscript(tee.engineTranscript()), tee, null).run();
        }
        List<String> lines = Files.readAllLines(log);
        Pattern engineLine = Pattern.compile("^\\[Engine] \\[\\d\\d:\\d\\d:\\d\\d\\.\\d{6}] <\\d+> ([AB]) (<---|--->) (.*)$");
        List<String> fromLog = new ArrayList<>();
        for (String l : lines) {
            Matcher m = engineLine.matcher(l);
            assertTrue(m.matches() || l.startsWith("[WARN  ]") || l.startsWith("[ERR   ]"), "level=warn keeps only engine lines and warnings: " + l);
            if (m.matches()) fromLog.add(m.group(1) + (m.group(2).equals("<---") ? ">" : "<") + m.group(3));
        }
        // The same conversation as -debug printed on the console, line for line per engine.
        List<String> fromDebug = new ArrayList<>();
        for (String l : console.toString(StandardCharsets.UTF_8).lines().toList()) {
            Matcher m = DEBUG.matcher(l);
            if (m.matches()) fromDebug.add(m.group(3) + m.group(2) + m.group(5));
        }
        for (String who : List.of("A", "B")) {
            assertEquals(fromDebug.stream().filter(s -> s.startsWith(who)).toList(), fromLog.stream().filter(s -> s.startsWith(who)).toList());
        }
        assertTrue(fromLog.contains("A>uci") && fromLog.contains("B<uciok"), fromLog.toString());
    }
}
