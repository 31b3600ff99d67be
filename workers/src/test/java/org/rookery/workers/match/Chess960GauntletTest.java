package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.board.Variant;
import org.rookery.core.notation.Uci;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.rules.Termination;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.uci.EngineConfig;

/**
 * {@code -variant fischerandom} against scripted engines: the {@code frc} fake answers an illegal
 * move unless {@code UCI_Chess960} was set, and castles king-takes-rook whenever it can, so a game
 * that ends normally shows the option really reached it and castling crossed the pipe both ways.
 */
class Chess960GauntletTest {
    @TempDir Path tmp;

    static Path dfrcBook() throws URISyntaxException {
        return Path.of(Chess960GauntletTest.class.getResource("/chess960/dfrc-100.epd").toURI());
    }

    static String fakeEngine(String name, String mode) {
        String java = ProcessHandle.current().info().command().orElse("java");
        return "name=" + name + "|cmd=" + java + "|args=-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "
            + System.getProperty("java.class.path") + " org.rookery.workers.testengines.FakeEngine " + mode;
    }

    /** A gauntlet command line as argv: {@code |} separates an engine's key=value words (args= holds spaces). */
    List<String> argv(String engineA, String engineB, String... rest) {
        List<String> a = new ArrayList<>();
        a.add("-engine");
        a.addAll(List.of(engineA.split("\\|")));
        a.add("-engine");
        a.addAll(List.of(engineB.split("\\|")));
        a.addAll(List.of(rest));
        return a;
    }

    @AfterEach
    void noEngineProcessIsLeftBehind() throws Exception {
        for (int i = 0; i < 50 && ProcessHandle.current().children().anyMatch(ProcessHandle::isAlive); i++) Thread.sleep(100);
        assertEquals(List.of(), ProcessHandle.current().children().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList());
    }

    @Test
    void scriptedEnginesPlayADfrcBookWithUciChess960SetAndKingTakesRookCastling() throws Exception {
        Path pgn = tmp.resolve("frc.pgn");
        GauntletOptions.Parsed p = GauntletOptions.parse(argv(fakeEngine("A", "frc"), fakeEngine("B", "frc"),
            "-each", "tc=10+0.1", "-variant", "fischerandom", "-openings", "file=" + dfrcBook(), "order=sequential",
            "-rounds", "3", "-games", "2", "-repeat", "-maxmoves", "25", "-concurrency", "2", "-pgnout", pgn.toString(),
            "-srand", "1", "-log", tmp.resolve("logs").toString()), w -> { });
        assertEquals(Variant.CHESS960, p.settings().openings().variant());
        for (EngineConfig e : p.settings().engines()) assertEquals("true", e.options().get(EngineConfig.UCI_CHESS960));
        List<GameRecord> games = new MatchRunner(p.settings(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), null).run();
        assertEquals(6, games.size());

        int castles = 0;
        Uci uci = new Uci();
        for (GameRecord g : games) {
            assertNotEquals(Termination.ILLEGAL_MOVE, g.termination(), g.reason());
            assertNotEquals(Termination.DISCONNECT, g.termination(), g.reason());
            assertTrue(g.plyCount() > 0);
            // The recorded UCI text is what the engines exchanged: castling names the rook's square.
            Position pos = Position.fromFen(g.startFen(), true);
            for (MoveRecord m : g.moves()) {
                int move = uci.parse(pos, m.uci());
                if (Move.isCastle(move)) {
                    castles++;
                    int rook = pos.castlingRookSquare(pos.sideToMove() * 2 + (Move.flags(move) == Move.KING_CASTLE ? 0 : 1));
                    assertEquals(org.rookery.core.board.Square.name(rook), m.uci().substring(2, 4), g.startFen() + " " + m);
                    assertTrue(m.san().startsWith("O-O"), m.san());
                }
                pos.makeMove(move);
            }
        }
        assertTrue(castles >= 6, "the frc fakes castle at once when they can: " + castles + " castlings");

        // Every game of the PGN replays in Rookery's reader as Chess960 and says so.
        GameReplay replay = new GameReplay();
        int n = 0;
        List<String> starts = games.stream().map(g -> Position.fromFen(g.startFen(), true).toFen()).toList();
        try (PgnReader r = new PgnReader(Files.newInputStream(pgn), "frc.pgn", e -> { throw new AssertionError(e.toString()); })) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                n++;
                assertEquals("Chess960", g.tag("Variant"));
                assertEquals("1", g.tag("SetUp"));
                assertTrue(starts.contains(g.tag("FEN")), g.tag("FEN"));
                assertTrue(replay.replay(g), replay.error());
                assertTrue(replay.position().isChess960());
            }
        }
        assertEquals(6, n);
        // The book is played in order, one opening per pair: lines 1 to 3 of the book.
        List<String> book = Files.readAllLines(dfrcBook());
        for (int i = 0; i < 3; i++) {
            assertTrue(starts.contains(Position.fromFen(book.get(i), true).toFen()), "book line " + (i + 1) + " played");
        }
    }

    @Test
    void anEngineWithoutUciChess960IsRefusedBeforeAnyGame() throws Exception {
        GauntletOptions.Parsed p = GauntletOptions.parse(argv(fakeEngine("A", "frc"), fakeEngine("Plain", "random"),
            "-each", "tc=10+0.1", "-variant", "fischerandom", "-openings", "file=" + dfrcBook(), "-rounds", "1",
            "-pgnout", tmp.resolve("none.pgn").toString(), "-log", tmp.resolve("logs").toString()), w -> { });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new MatchRunner(p.settings(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), null).run());
        assertEquals("-variant fischerandom: engine Plain does not offer the UCI option UCI_Chess960, so it cannot play -variant fischerandom",
            e.getMessage());
        assertTrue(!Files.exists(tmp.resolve("none.pgn")) || Files.size(tmp.resolve("none.pgn")) == 0, "no game was played");
    }

    @Test
    void variantNamesAndBookErrors() throws Exception {
        String a = "name=A|cmd=builtin|tc=1+0.1", b = "name=B|cmd=builtin|tc=1+0.1";
        for (String name : List.of("fischerandom", "chess960", "Chess960", "fischerrandom")) {
            assertEquals(Variant.CHESS960, GauntletOptions.parse(argv(a, b, "-variant", name, "-openings", "file=" + dfrcBook()), w -> { })
                .settings().openings().variant(), name);
        }
        assertEquals(Variant.STANDARD, GauntletOptions.parse(argv(a, b, "-variant", "standard"), w -> { }).settings().openings().variant());
        assertEquals("-variant: expected standard or fischerandom (also chess960), got \"crazyhouse\"",
            assertThrows(IllegalArgumentException.class, () -> GauntletOptions.parse(argv(a, b, "-variant", "crazyhouse"), w -> { })).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GauntletOptions.parse(argv(a, b, "-variant", "fischerandom"), w -> { }))
            .getMessage().startsWith("-variant fischerandom needs -openings"));

        // A Chess960 book in a standard gauntlet: unusable, and the error names the first line and -variant.
        List<String> warnings = new ArrayList<>();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> GauntletOptions.parse(argv(a, b, "-openings", "file=" + dfrcBook()), warnings::add));
        assertEquals("-openings: " + dfrcBook() + " holds no usable opening; the first bad line is " + dfrcBook()
            + ":1: a Chess960 position, and this gauntlet plays standard chess (give -variant fischerandom to play Chess960 books)",
            e.getMessage());
        assertEquals(100, warnings.size());
    }

    @Test
    void pgnBooksAreReadInChess960WithKingTakesRookBookMoves() throws Exception {
        Path pgn = tmp.resolve("book.pgn");
        // cutechess spells the variant "fischerandom"; a game of another variant is skipped with its reason.
        Files.writeString(pgn, "[Variant \"fischerandom\"]\n[SetUp \"1\"]\n[FEN \"nrbbkqrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKQRN w GBgb - 0 1\"]\n"
            + "[Result \"*\"]\n\n1. Nb3 Nb6 2. Ng3 Ng6 3. e4 e5 *\n"
            + "[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. e4 *\n");
        List<String> warnings = new ArrayList<>();
        OpeningBook book = OpeningBook.load(pgn, null, Variant.CHESS960, false, 1, 1, 0, warnings::add);
        assertEquals(1, book.size());
        assertEquals(List.of(pgn + ": game 2: Variant \"Crazyhouse\" is neither standard chess nor Chess960; skipped"), warnings);
        Opening o = book.next();
        assertEquals(Variant.CHESS960, o.variant());
        assertEquals("nrbbkqrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKQRN w GBgb - 0 1", o.fen());
        assertEquals(6, o.moves().size());
    }
}
