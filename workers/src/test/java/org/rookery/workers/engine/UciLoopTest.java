package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;

class UciLoopTest {
    private static final String AFTER_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

    /** The move of a {@code bestmove} line, checked legal in {@code fen} (throws otherwise). */
    private static String legalBestMove(String line, String fen) {
        String[] w = line.split(" ");
        assertEquals("bestmove", w[0], line);
        new Uci().parse(Position.fromFen(fen), w[1]);
        return w[1];
    }

    private static boolean has(List<String> lines, String prefix) {
        return lines.stream().anyMatch(l -> l.startsWith(prefix));
    }

    @Test
    void handshakeIdentifiesAndListsOptions() {
        try (UciHarness e = new UciHarness()) {
            e.send("uci");
            List<String> lines = e.until("uciok");
            assertTrue(lines.get(0).matches("id name Rookery( \\S+)?"), lines.get(0));
            assertTrue(has(lines, "id author "));
            assertTrue(lines.contains("option name Hash type spin default 16 min 1 max 1024"), lines.toString());
            assertTrue(lines.contains("option name Threads type spin default 1 min 1 max 1"));
            assertTrue(lines.contains("option name Skill Level type spin default 20 min 0 max 20"));
            assertTrue(has(lines, "option name Move Overhead type spin default 30 min 0 max "));
            e.send("isready");
            assertEquals(List.of("readyok"), e.until("readyok"));
        }
    }

    /** UCI_Chess960: offered, and castling read and answered king-takes-rook (f1h1, where f1g1 is a king step). */
    @Test
    void chess960CastlingIsKingTakesRook() {
        try (UciHarness e = new UciHarness()) {
            e.send("uci");
            assertTrue(e.until("uciok").contains("option name UCI_Chess960 type check default false"));
            String fen = "1r3k1r/8/8/8/8/8/8/1R3K1R w HBhb - 0 1";
            e.send("setoption name UCI_Chess960 value true", "position fen " + fen, "go depth 1 searchmoves f1h1");
            assertEquals("bestmove f1h1", e.last(e.until("bestmove .*")).split(" ponder")[0]);
            e.send("position fen " + fen + " moves f1h1", "d");
            assertEquals("info string fen 1r3k1r/8/8/8/8/8/8/1R3RK1 b hb - 1 1", e.last(e.until("info string fen .*")));
            // The standard start under UCI_Chess960 is start position 518: castling rights by rook file.
            e.send("position startpos", "d");
            assertEquals("info string fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", e.last(e.until("info string fen .*")));
            e.send("setoption name UCI_Chess960 value false", "position startpos", "d");
            assertEquals("info string fen " + org.rookery.core.board.Position.START_FEN, e.last(e.until("info string fen .*")));
        }
    }

    @Test
    void positionWithMovesThenGoDepth() {
        try (UciHarness e = new UciHarness()) {
            e.send("uci", "isready", "ucinewgame", "position startpos moves e2e4 e7e5", "go depth 5");
            List<String> lines = e.until("bestmove .*");
            assertTrue(has(lines, "info depth 5 "), lines.toString());
            assertFalse(has(lines, "info depth 6 "));
            legalBestMove(e.last(lines), AFTER_E4_E5);
            e.send("d");
            assertEquals("info string fen " + AFTER_E4_E5, e.last(e.until("info string fen .*")));
        }
    }

    @Test
    void isreadyIsAnsweredDuringSearchAndStopEndsIt() {
        try (UciHarness e = new UciHarness()) {
            e.send("position startpos", "go infinite");
            e.until("info depth 3 .*");
            e.send("isready");
            List<String> beforeReady = e.until("readyok");
            assertFalse(has(beforeReady, "bestmove"), "an infinite search must not end by itself");
            e.send("stop");
            legalBestMove(e.last(e.until("bestmove .*")), Position.START_FEN);
        }
    }

    @Test
    void illegalMoveKeepsThePositionAfterTheLastLegalMove() {
        try (UciHarness e = new UciHarness()) {
            e.send("position startpos moves e2e4 e7e5 e1e3 g1f3");
            assertTrue(e.last(e.until("info string .*")).startsWith("info string illegal move 'e1e3'"));
            e.send("d");
            assertEquals("info string fen " + AFTER_E4_E5, e.last(e.until("info string fen .*")));
            e.send("position fen this is not a fen");
            assertTrue(e.last(e.until("info string .*")).startsWith("info string invalid FEN"));
            e.send("d");
            assertEquals("info string fen " + AFTER_E4_E5, e.last(e.until("info string fen .*")), "an invalid FEN changes nothing");
            e.send("go depth 2");
            legalBestMove(e.last(e.until("bestmove .*")), AFTER_E4_E5);
        }
    }

    @Test
    void garbageIsIgnoredAndTheEngineKeepsWorking() {
        try (UciHarness e = new UciHarness()) {
            e.send("", "   ", "hello world", "\u0000\u00ff\ufffd", "position", "position sideways");
            e.send("setoption name Foo Bar value 3", "setoption name Hash value lots", "setoption name Threads value 4", "setoption");
            e.send("xyzzy isready");
            List<String> lines = e.until("readyok");
            assertTrue(lines.contains("info string unknown command: hello world"), lines.toString());
            assertTrue(lines.contains("info string unknown option 'Foo Bar' ignored"), lines.toString());
            assertTrue(has(lines, "info string option Hash needs a whole number"), lines.toString());
            assertTrue(has(lines, "info string option Threads value 4 out of range 1..1"), lines.toString());
            assertEquals(9, lines.size(), "one info string for each of the 8 bad lines, then readyok: " + lines);
            e.send("go depth banana");
            assertTrue(e.last(e.until("info string .*")).contains("go depth needs a number"));
            e.send("stop");
            legalBestMove(e.last(e.until("bestmove .*")), Position.START_FEN);
            e.send("position startpos moves e2e4", "go depth 1");
            legalBestMove(e.last(e.until("bestmove .*")), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
            assertNull(e.failure());
        }
    }

    @Test
    void noLegalMoveAnswersNullMove() {
        try (UciHarness e = new UciHarness()) {
            e.send("position fen R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1", "go depth 3");
            List<String> mated = e.until("bestmove .*");
            assertEquals("bestmove 0000", e.last(mated));
            assertTrue(has(mated, "info depth 0 seldepth 0 multipv 1 score mate 0 "), mated.toString());
            e.send("position fen k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "go wtime 1000 btime 1000");
            List<String> stalemate = e.until("bestmove .*");
            assertEquals("bestmove 0000", e.last(stalemate));
            assertTrue(has(stalemate, "info depth 0 seldepth 0 multipv 1 score cp 0 "), stalemate.toString());
        }
    }

    @Test
    void optionNamesAreCaseInsensitiveAndSkillLevelCapsDepth() {
        try (UciHarness e = new UciHarness()) {
            e.send("setoption name skill LEVEL value 0", "setoption name hash value 1", "setoption name MOVE overhead value 10");
            e.send("position startpos", "go depth 8");
            List<String> lines = e.until("bestmove .*");
            assertFalse(has(lines, "info string"), lines.toString());
            assertTrue(has(lines, "info depth 1 "));
            assertFalse(has(lines, "info depth 2 "), "level 0 searches one ply: " + lines);
        }
    }

    @Test
    void nodeLimitIsObeyedInReports() {
        try (UciHarness e = new UciHarness()) {
            e.send("position startpos", "go nodes 3000");
            List<String> lines = e.until("bestmove .*");
            for (String l : lines) {
                if (!l.startsWith("info depth")) continue;
                String[] w = l.split(" ");
                for (int i = 0; i < w.length; i++) {
                    if (w[i].equals("nodes")) assertTrue(Long.parseLong(w[i + 1]) <= 3000, l);
                }
            }
            legalBestMove(e.last(lines), Position.START_FEN);
        }
    }

    @Test
    void ponderWaitsForPonderhit() {
        try (UciHarness e = new UciHarness()) {
            e.send("position startpos moves e2e4 e7e5", "go ponder wtime 3000 btime 3000");
            e.until("info depth 2 .*");
            e.send("isready");
            assertFalse(has(e.until("readyok"), "bestmove"), "no bestmove while pondering");
            e.send("ponderhit");
            legalBestMove(e.last(e.until("bestmove .*")), AFTER_E4_E5);
        }
    }

    @Test
    void aNewPositionStopsASearchTheGuiForgotToStop() {
        try (UciHarness e = new UciHarness()) {
            e.send("position startpos", "go infinite");
            e.until("info depth 2 .*");
            e.send("position startpos moves d2d4", "d");
            List<String> lines = e.until("info string fen .*");
            assertEquals(1, lines.stream().filter(l -> l.startsWith("bestmove")).count(), lines.toString());
            legalBestMove(lines.stream().filter(l -> l.startsWith("bestmove")).findFirst().orElseThrow(), Position.START_FEN);
            assertEquals("info string fen rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", e.last(lines));
        }
    }

    @Test
    void commandLineDefaultsBoundGoWithoutLimits() {
        EngineSettings depth3 = new EngineSettings(3, 0, 20, 1, 0, 30);
        try (UciHarness e = new UciHarness(depth3)) {
            e.send("position startpos", "go");
            List<String> plain = e.until("bestmove .*");
            assertTrue(has(plain, "info depth 3 ") && !has(plain, "info depth 4 "), plain.toString());
            e.send("go infinite");
            List<String> infinite = e.until("bestmove .*");
            assertTrue(has(infinite, "info depth 3 ") && !has(infinite, "info depth 4 "), infinite.toString());
            e.send("go depth 5");
            assertTrue(has(e.until("bestmove .*"), "info depth 5 "), "the go command's own depth wins");
        }
    }

    @Test
    void movetimeSearchAnswersOnItsOwn() {
        try (UciHarness e = new UciHarness()) {
            e.send("position startpos", "go movetime 150");
            List<String> lines = e.until("bestmove .*");
            assertTrue(has(lines, "info depth 1 "));
            legalBestMove(e.last(lines), Position.START_FEN);
        }
    }

    @Test
    void quitAndEndOfInputEndTheLoop() {
        UciHarness quitting = new UciHarness();
        quitting.send("position startpos", "go infinite");
        quitting.until("info depth 1 .*");
        quitting.send("quit");
        assertTrue(quitting.joined(UciHarness.TIMEOUT_SECONDS * 1000), "quit during a search ends the loop");
        assertNull(quitting.failure());

        UciHarness eof = new UciHarness();
        eof.send("isready");
        eof.until("readyok");
        assertTrue(eof.endInputAndJoin(), "end of input ends the loop");
        assertNull(eof.failure());
    }

    @Test
    void endOfInputLetsABoundedSearchFinishButStopsAnInfiniteOne() {
        UciHarness bounded = new UciHarness();
        bounded.send("position startpos", "go depth 6");
        assertTrue(bounded.endInputAndJoin());
        List<String> lines = bounded.drain();
        assertTrue(has(lines, "info depth 6 "), lines.toString());
        legalBestMove(lines.get(lines.size() - 1), Position.START_FEN);

        UciHarness infinite = new UciHarness();
        infinite.send("position startpos", "go infinite");
        infinite.until("info depth 1 .*");
        assertTrue(infinite.endInputAndJoin(), "an infinite search must not keep the engine alive");
        List<String> rest = infinite.drain();
        legalBestMove(rest.get(rest.size() - 1), Position.START_FEN);
    }
}
