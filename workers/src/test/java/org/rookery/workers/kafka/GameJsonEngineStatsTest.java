package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.contract.games.GameRow;
import org.rookery.contract.tasks.PairTask;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.MoveRecord;

/** The runner's per-move statistics reach the {@code rookery.games} record as per-ply lists: null for book moves and unreported counters. */
class GameJsonEngineStatsTest {
    @Test
    void perMoveStatisticsBecomePerPlyColumns() throws Exception {
        MatchSubmission def = Fixtures.define("-engine", "name=a", "tc=10+0.1", "-engine", "name=b", "tc=10+0.1", "-rounds", "1",
            "-games", "2", "-repeat", "-srand", "1");
        PairTask task = def.tasks().get(0);
        GameRecord played = new SyntheticPlayer(3).play(task).get(0);
        List<MoveRecord> moves = new ArrayList<>(played.moves());
        MoveRecord m0 = moves.get(0), m1 = moves.get(1);
        moves.set(0, MoveRecord.book(m0.uci(), m0.san()));
        moves.set(1, new MoveRecord(m1.uci(), m1.san(), false, 12, 0, true, 9, 140, 9_000, 52_000, 14, 371_428, 250, 3, 137,
            "e7e5 g1f3"));
        GameRecord g = new GameRecord(played.gameNumber(), played.pairIndex(), played.round(), played.white(), played.black(),
            played.opening(), played.startFen(), played.result(), played.termination(), played.reason(), moves,
            played.startedAtMillis(), played.finishedAtMillis(), played.whiteTimeControl(), played.blackTimeControl(), played.pgn());
        JsonNode o = GameJson.of(task, 0, g, "w");
        GameRow row = org.rookery.contract.games.GameCodec.fromJson(o);
        assertEquals(java.util.Arrays.asList(null, 14), row.selDepth().subList(0, 2));
        assertEquals(java.util.Arrays.asList(null, 52_000L), row.nodes().subList(0, 2));
        assertEquals(java.util.Arrays.asList(null, 371_428L), row.nps().subList(0, 2));
        assertEquals(java.util.Arrays.asList(null, 140L), row.timeMs().subList(0, 2));
        assertEquals(java.util.Arrays.asList(null, 3L), row.latencyMs().subList(0, 2));
        assertEquals(java.util.Arrays.asList(null, 250), row.hashfull().subList(0, 2));
        assertEquals(java.util.Arrays.asList(null, 3L), row.tbHits().subList(0, 2));
        assertEquals(java.util.Arrays.asList(null, "e7e5 g1f3"), row.pv().subList(0, 2));
        // The synthetic moves after carry every counter, as the runner records them from an engine's info line.
        MoveRecord m2 = moves.get(2);
        assertEquals(m2.nodes(), row.nodes().get(2));
        assertEquals(m2.selDepth(), row.selDepth().get(2));
        assertEquals(m2.timeMs() - m2.engineTimeMs(), row.latencyMs().get(2));
        assertEquals(m2.pvPlies(MoveRecord.PV_PLIES), row.pv().get(2));
        assertEquals(MoveRecord.PV_PLIES, row.pv().get(2).split(" ").length);
        assertEquals(g.plyCount(), row.pv().size());
    }
}
