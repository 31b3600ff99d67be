package org.rookery.core.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.core.tools.ExternalTools;

/**
 * pgn-extract as an independent oracle: it must read everything our writer produces without a
 * single complaint, and agree with our replay on which games contain a threefold repetition.
 */
class PgnExtractOracleTest {
    @TempDir Path tmp;

    static Path pgnExtract() {
        Path p = ExternalTools.locate("pgn-extract");
        Assumptions.assumeTrue(p != null, ExternalTools.installHint("pgn-extract") + "; oracle test skipped");
        return p;
    }

    /** Random legal games, biased towards shuffling pieces so that repetitions happen. */
    static Path writeGames(Path file, int games, long seed) throws Exception {
        SplittableRandom rnd = new SplittableRandom(seed);
        San san = new San();
        int[] moves = new int[Position.MAX_MOVES];
        try (Writer w = new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8); PgnWriter pw = new PgnWriter(w)) {
            for (int g = 0; g < games; g++) {
                PgnGame game = new PgnGame();
                game.setTag("Event", "oracle \"quoted\" \\ test");
                game.setTag("Site", "?");
                game.setTag("Date", "2026.11.30");
                game.setTag("Round", String.valueOf(g + 1));
                game.setTag("White", "Ã©lan");
                game.setTag("Black", "b");
                Position p = new Position();
                Outcome end = null;
                int lastMove = 0;
                for (int ply = 0; ply < 300 && end == null; ply++) {
                    int n = p.generateLegal(moves, 0);
                    int m = moves[rnd.nextInt(n)];
                    // Half the time replay the move before last (a knight or king shuffle), to provoke repetitions.
                    if (ply > 4 && rnd.nextInt(3) == 0) {
                        int back = p.moveAt(p.ply() - 2);
                        int cand = org.rookery.core.board.Move.of(org.rookery.core.board.Move.to(back), org.rookery.core.board.Move.from(back), 0);
                        for (int i = 0; i < n; i++) if (moves[i] == cand) m = cand;
                    }
                    game.addPly(san.toSan(p, m));
                    if (rnd.nextInt(8) == 0) game.setComment(ply, "a {comment} [%clk 0:00:" + (10 + ply % 50) + "]");
                    if (rnd.nextInt(20) == 0) game.addNag(ply, 1 + rnd.nextInt(6));
                    p.makeMove(m);
                    lastMove = m;
                    end = GameRules.automaticOutcome(p);
                    if (end == null) end = GameRules.claimableDraw(p);
                }
                String result = end == null ? "*" : end.result().pgn();
                game.setTag("Result", result);
                game.setResult(result);
                pw.write(game);
            }
        }
        return file;
    }

    static String run(Path tool, Path log, String... args) throws Exception {
        String[] cmd = new String[args.length + 3];
        cmd[0] = tool.toString();
        cmd[1] = "-l";
        cmd[2] = log.toString();
        System.arraycopy(args, 0, cmd, 3, args.length);
        Process pr = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(pr.waitFor(2, TimeUnit.MINUTES));
        return out;
    }

    /** Writes 300 games from {@code seed} to {@code name}.pgn and lets pgn-extract copy them to {@code name}-out.pgn with {@code flags}. */
    private Path extract(String name, long seed, String... flags) throws Exception {
        Path tool = pgnExtract();
        Path file = writeGames(tmp.resolve(name + ".pgn"), 300, seed);
        Path out = tmp.resolve(name + "-out.pgn");
        String[] args = java.util.stream.Stream.of(List.of("-s"), List.of(flags), List.of("-o", out.toString(), file.toString()))
            .flatMap(List::stream).toArray(String[]::new);
        run(tool, tmp.resolve("log.txt"), args);
        return out;
    }

    @Test
    void pgnExtractReadsOurPgnWithoutComplaint() throws Exception {
        Path out = extract("ours", 5);
        Path log = tmp.resolve("log.txt");
        String complaints = Files.exists(log) ? Files.readString(log) : "";
        assertEquals("", complaints.strip(), "pgn-extract complained");
        long games = Files.readAllLines(out).stream().filter(l -> l.startsWith("[Event ")).count();
        assertEquals(300, games, "pgn-extract kept every game");
    }

    /**
     * The same games, the same verdicts, with every disagreement explained. pgn-extract treats the
     * en-passant target square after any double pawn push as part of the position, even when no
     * en-passant capture is possible; FIDE (9.2.3) and Rookery count it only when a capture is
     * legal. So a position first reached by a double push and later repeated twice is a threefold
     * for us but not for pgn-extract. The test models pgn-extract's rule exactly and demands
     * agreement with it, and demands that our FIDE verdicts differ only in those games.
     */
    @Test
    void repetitionVerdictsAgreeWithPgnExtract() throws Exception {
        Path out = extract("rep", 9, "--repetition");
        Path file = tmp.resolve("rep.pgn");
        java.util.Set<String> theirs = new java.util.TreeSet<>();
        for (String l : Files.readAllLines(out)) if (l.startsWith("[Round \"")) theirs.add(l.substring(8, l.length() - 2));
        java.util.Set<String> ours = new java.util.TreeSet<>(), modelOfTheirs = new java.util.TreeSet<>();
        GameReplay replay = new GameReplay();
        try (PgnReader r = new PgnReader(Files.newInputStream(file), "rep.pgn", e -> { throw new AssertionError(e.toString()); })) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                assertTrue(replay.replay(g), replay.error());
                if (replay.facts().threefoldPly() >= 0) ours.add(g.tag("Round"));
                if (pgnExtractStyleThreefold(replay)) modelOfTheirs.add(g.tag("Round"));
            }
        }
        assertTrue(ours.size() > 20, "the corpus should contain repetitions, found " + ours.size());
        assertEquals(theirs, modelOfTheirs, "pgn-extract's verdicts follow the modelled rule exactly");
        java.util.Set<String> onlyOurs = new java.util.TreeSet<>(ours);
        onlyOurs.removeAll(theirs);
        assertTrue(ours.containsAll(theirs), "pgn-extract never finds a repetition that FIDE's rule misses");
        assertTrue(!onlyOurs.isEmpty(), "this corpus is known to contain the en-passant cases");
    }

    /** Threefold with pgn-extract's notion of position: any double push marks an en-passant square. */
    static boolean pgnExtractStyleThreefold(GameReplay replay) {
        Position p = new Position();
        java.util.Map<Long, Integer> seen = new java.util.HashMap<>();
        seen.merge(p.key(), 1, Integer::sum);
        for (int i = 0; i < replay.plies(); i++) {
            int m = replay.move(i);
            p.makeMove(m);
            long k = p.key();
            if (org.rookery.core.board.Move.flags(m) == org.rookery.core.board.Move.DOUBLE_PUSH && p.epSquare() < 0) {
                k ^= 0x9E3779B97F4A7C15L * (1 + org.rookery.core.board.Move.to(m) % 8); // a phantom en-passant file
            }
            if (seen.merge(k, 1, Integer::sum) >= 3) return true;
        }
        return false;
    }
}
