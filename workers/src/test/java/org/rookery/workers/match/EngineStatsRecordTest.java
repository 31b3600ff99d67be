package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.workers.testengines.FakeEngine;
import org.rookery.workers.uci.UciEngine;

/**
 * Every move's engine statistics are what the engine printed in its last scored, unbounded
 * {@code info} line before {@code bestmove}: a scripted engine ({@code FakeEngine stats}) prints
 * known values per search, with a bound line before and a currmove line after that must not win.
 */
class EngineStatsRecordTest {
    @Test
    void everyMoveCarriesTheLastInfoLineBeforeBestmove() throws Exception {
        try (UciEngine white = new UciEngine(MatchRunnerTest.fake("w", "stats:3", "10+0.1"), null);
             UciEngine black = new UciEngine(MatchRunnerTest.fake("b", "stats:3", "10+0.1"), null)) {
            white.start(10_000);
            black.start(10_000);
            GameRecord g = new GameRunner(5_000, 5_000).play(new GameRunner.GameSpec(1, 0, 1,
                new Opening(Position.START_FEN, List.of("e2e4"), "test"), new Adjudication(0, 0, false, 0, 0, 0, 10), "e", "s"),
                white, black);
            List<MoveRecord> moves = g.moves();
            assertTrue(moves.get(0).book());
            assertEquals(-1, moves.get(0).latencyMs());
            assertTrue(moves.size() > 10, g.reason());
            int[] goes = new int[2];
            for (int i = 1; i < moves.size(); i++) {
                MoveRecord m = moves.get(i);
                int go = ++goes[i % 2]; // ply 1 is Black's first search, ply 2 White's, ...
                long[] v = FakeEngine.statsOf(go);
                String at = "ply " + i + " (go " + go + ")";
                assertEquals(v[0], m.depth(), at);
                assertEquals(v[1], m.selDepth(), at);
                assertEquals(v[2], m.nodes(), at);
                assertEquals(v[3], m.nps(), at);
                assertEquals(v[4], m.hashfull(), at);
                assertEquals(v[5], m.tbHits(), at);
                assertEquals(v[7], m.engineTimeMs(), at);
                if (go % 7 == 0) assertEquals(go % 2 == 0 ? 3 : -2, m.mate(), at);
                else assertEquals(v[6], m.scoreCp(), at);
                assertEquals(m.uci() + " e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6", m.pvPlies(MoveRecord.PV_PLIES), at);
                assertEquals(m.timeMs() - v[7], m.latencyMs(), at);
                assertTrue(m.timeMs() >= 3, at + ": the engine slept 3 ms, the runner measured " + m.timeMs());
            }
        }
    }
}
