package org.rookery.workers.xboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.rules.Termination;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.MatchRunner;
import org.rookery.workers.match.MoveRecord;

/**
 * The exact lines a pondering ({@code ponder}) CECP engine receives in a match, line for line, as
 * cutechess's XboardEngine writes them (cutechess projects/lib/src/xboardengine.cpp and
 * chessengine.cpp): per game {@code new}, {@code force}, {@code level}, {@code post}, {@code hard},
 * {@code computer}, {@code name}, {@code ping}; before each of its turns a {@code ping} (cutechess
 * pings an observing engine in {@code go()}), then {@code time}/{@code otim} and the opponent's
 * {@code usermove} (or {@code go} out of force mode); at the end {@code force}, the opponent's last
 * move if the engine has not seen it, {@code result} and a {@code ping}; {@code ?} only when a search
 * overruns. The expected transcript is rebuilt from the game record, clocks included.
 */
class CecpPonderTranscriptTest {
    @TempDir Path tmp;

    @AfterEach
    void noEngineProcessIsLeftBehind() throws Exception {
        for (int i = 0; i < 50 && ProcessHandle.current().children().anyMatch(ProcessHandle::isAlive); i++) Thread.sleep(100);
        assertEquals(List.of(), ProcessHandle.current().children().filter(ProcessHandle::isAlive)
            .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList());
    }

    private List<GameRecord> run(List<String> engines, String... options) throws Exception {
        List<String> argv = new ArrayList<>(engines);
        argv.addAll(List.of("-pgnout", tmp.resolve("games.pgn").toString(), "-log", tmp.resolve("logs").toString()));
        argv.addAll(List.of(options));
        GauntletOptions.Parsed p = GauntletOptions.parse(argv, w -> { });
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        return new MatchRunner(p.settings(), p.run(), new PrintStream(bytes, true, StandardCharsets.UTF_8), null).run();
    }

    @Test
    void aPonderingEngineGetsHardAndCutechessesPerMoveLines() throws Exception {
        Path t = tmp.resolve("x.txt");
        List<String> engines = new ArrayList<>(CecpMatchTest.cecp("X", "random", t, "ponder"));
        engines.addAll(CecpMatchTest.uci("U", "random"));
        List<GameRecord> games = run(engines, "-each", "tc=10+0.1", "-maxmoves", "4", "-rounds", "1", "-games", "2");
        assertEquals(2, games.size());
        List<String> got = afterCheck(t);
        List<String> want = new ArrayList<>();
        for (GameRecord g : games) {
            assertEquals(Termination.ADJUDICATION, g.termination(), g.reason());
            want.addAll(transcript(g, g.white().equals("X")));
        }
        want.add("quit");
        assertEquals(want.size(), got.size(), "lines\nwant " + want + "\ngot  " + got);
        for (int i = 0; i < want.size(); i++) {
            assertTrue(got.get(i).matches(want.get(i)), "line " + i + ": want /" + want.get(i) + "/, got \"" + got.get(i) + "\"\n" + got);
        }
    }

    /** The transcript's lines from the match's first {@code new} on (after the check before the match, which ends in quit). */
    private static List<String> afterCheck(Path t) throws Exception {
        List<String> all = Files.readAllLines(t);
        List<String> rest = all.subList(all.indexOf("quit") + 1, all.size());
        return rest.subList(rest.indexOf("new"), rest.size());
    }

    /** What X is sent in game {@code g} (regular expressions; ping ids are any number, the clocks exact). */
    private static List<String> transcript(GameRecord g, boolean xWhite) {
        List<String> w = new ArrayList<>(List.of("new", "force", "level 0 0:10 0\\.1", "post", "hard", "computer", "name U", "ping \\d+"));
        List<MoveRecord> m = g.moves();
        long[] clock = {10_000, 10_000}; // ms left, white and black, before each move
        int x = xWhite ? 0 : 1;
        int told = 0;
        boolean force = true;
        for (int ply = 0; ply < m.size(); ply++) {
            int side = ply % 2;
            if (side == x) {
                if (force) {
                    for (; told < ply; told++) w.add("usermove " + m.get(told).uci());
                }
                w.add("ping \\d+");
                w.add("time " + clock[x] / 10);
                w.add("otim " + clock[1 - x] / 10);
                if (force) {
                    w.add("go");
                    force = false;
                } else {
                    w.add("usermove " + m.get(told++).uci());
                }
                told++; // its own move
            }
            clock[side] = m.get(ply).clockMs();
        }
        w.add("force");
        for (; told < m.size(); told++) w.add("usermove " + m.get(told).uci()); // the opponent's last move, as cutechess sends it
        w.add("result 1/2-1/2 \\{Draw by adjudication: maximum number of moves reached}");
        w.add("ping \\d+");
        return w;
    }

    @Test
    void whatAPondererSaysBeforeThePongIsNotTakenForItsMovesThinking() throws Exception {
        List<String> engines = new ArrayList<>(CecpMatchTest.cecp("X", "ponderer", tmp.resolve("x.txt"), "ponder"));
        engines.addAll(CecpMatchTest.uci("U", "random"));
        List<GameRecord> games = run(engines, "-each", "tc=10+0.1", "-maxmoves", "6", "-rounds", "1", "-games", "2");
        int checked = 0;
        for (GameRecord g : games) {
            assertEquals(Termination.ADJUDICATION, g.termination(), g.reason());
            for (int i = g.white().equals("X") ? 0 : 1; i < g.moves().size(); i += 2) {
                MoveRecord m = g.moves().get(i);
                // The "9 -99 50 99999" line came before the pong of the move's ping: its search printed nothing.
                String at = g.white() + " vs " + g.black() + " ply " + i + ": no thinking recorded";
                assertEquals(0, m.depth(), at);
                assertTrue(m.nodes() < 0 && !m.hasScore(), at + ", nodes " + m.nodes());
                checked++;
            }
        }
        assertTrue(checked >= 10, "moves checked: " + checked);
    }

    @Test
    void aSearchThatOverrunsGetsAQuestionMarkAfterItsUsualLines() throws Exception {
        Path t = tmp.resolve("x.txt");
        List<String> engines = new ArrayList<>(CecpMatchTest.cecp("X", "hang:2", t, "ponder"));
        engines.addAll(CecpMatchTest.uci("U", "random"));
        List<GameRecord> games = run(engines, "-each", "st=1", "-rounds", "1", "-games", "1");
        GameRecord g = games.get(0);
        assertEquals(Termination.STALL, g.termination(), g.reason());
        List<String> got = afterCheck(t);
        // st=1: no clock, so no time/otim; the hung second search gets "?" (cutechess's stopThinking) and then the process is killed.
        List<String> want = List.of("new", "force", "st 1", "post", "hard", "computer", "name U", "ping \\d+",
            "ping \\d+", "go", "ping \\d+", "usermove " + g.moves().get(1).uci(), "\\?");
        assertEquals(want.size(), got.size(), got.toString());
        for (int i = 0; i < want.size(); i++) assertTrue(got.get(i).matches(want.get(i)), "line " + i + ": " + got);
    }
}
