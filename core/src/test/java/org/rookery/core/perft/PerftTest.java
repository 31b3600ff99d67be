package org.rookery.core.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rookery.core.board.Position;

/**
 * Perft against independent oracles: the Chess Programming Wiki counts, the edge-case suite, and a
 * few hundred book positions whose counts Stockfish 15.1's {@code go perft} produced (committed, so
 * these tests do not need Stockfish installed).
 */
class PerftTest {
    static List<PerftSuite> load(String resource) throws Exception {
        List<PerftSuite> out = new ArrayList<>();
        InputStream in = PerftTest.class.getResourceAsStream(resource);
        if (in == null) throw new IllegalStateException("missing test resource " + resource);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) {
                if (!l.isBlank() && !l.startsWith("#")) out.add(PerftSuite.parseLine(l.strip()));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} depth {1}")
    @CsvSource(delimiter = '|', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|5|4865609",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5|193690690",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|5|674624",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|5|15833292",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1|5|15833292",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5|89941194",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5|164075551",
    })
    void chessProgrammingWikiPositions(String fen, int depth, long expected) {
        Position p = Position.fromFen(fen);
        assertEquals(expected, new Perft(depth).count(p, depth));
        assertEquals(fen, p.toFen(), "perft leaves the position as it found it");
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0} depth {1}")
    @CsvSource(delimiter = '|', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6|119060324",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|6|8031647685",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7|178633661",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|6|706045033",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|6|3048196529",
    })
    void deeperCountsAreSlow(String fen, int depth, long expected) {
        assertEquals(expected, ParallelPerft.count(Position.fromFen(fen), depth, Runtime.getRuntime().availableProcessors()));
    }

    @Test
    void makingEveryLeafAgreesWithBulkCounting() {
        Perft perft = new Perft(5);
        Position p = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        assertEquals(4085603L, perft.countMakingLeaves(p, 4));
        assertEquals(perft.count(p, 4), perft.countMakingLeaves(p, 4));
    }

    @Test
    void edgeCaseSuite() throws Exception {
        List<PerftSuite> suite = load("/org/rookery/core/perft/standard.epd");
        assertTrue(suite.size() >= 20, "suite has " + suite.size() + " positions");
        checkAll(suite, 6, 30_000_000L);
    }

    @Test
    void stockfishCrossCheckedBookPositions() throws Exception {
        List<PerftSuite> suite = load("/perft/stockfish-random.epd");
        assertTrue(suite.size() >= 250, "suite has " + suite.size() + " positions");
        checkAll(suite, 6, Long.MAX_VALUE);
    }

    @Tag("slow")
    @Test
    void edgeCaseSuiteAllDepths() throws Exception {
        checkAll(load("/org/rookery/core/perft/standard.epd"), 20, Long.MAX_VALUE);
    }

    private static void checkAll(List<PerftSuite> suite, int maxDepth, long maxNodes) {
        Perft perft = new Perft(20);
        int checked = 0;
        for (PerftSuite s : suite) {
            Position p = Position.fromFen(s.fen());
            for (int d = 1; d <= Math.min(maxDepth, s.maxDepth()); d++) {
                long expected = s.expectedAt(d);
                if (expected < 0 || expected > maxNodes) continue;
                assertEquals(expected, perft.count(p, d), s.fen() + " depth " + d);
                checked++;
            }
        }
        assertTrue(checked >= suite.size(), "checked " + checked);
    }

    @Test
    void parallelEqualsSerial() {
        Position p = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        assertEquals(4085603L, ParallelPerft.count(p, 4, 3));
    }

    @Test
    void suiteLineParsing() {
        PerftSuite s = PerftSuite.parseLine("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9");
        assertEquals(2, s.maxDepth());
        assertEquals(9, s.expectedAt(2));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> PerftSuite.parseLine("8/8 w ;D1 x"));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> PerftSuite.parseLine("K6k w - - ;"));
    }
}
