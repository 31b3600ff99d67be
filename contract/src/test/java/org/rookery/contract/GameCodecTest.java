package org.rookery.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.contract.games.DrawFacts;
import org.rookery.contract.games.GameChecks;
import org.rookery.contract.games.GameCodec;
import org.rookery.contract.games.GameRow;
import org.rookery.contract.schema.Games;

/** The {@code rookery.games} codec: same keys as the schema, round trips, reads old records, and the checks' reasons. */
class GameCodecTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static GameRow game() {
        return new GameRow("m-1/0/0", "gauntlet", "m-1", "m-1", 0, 0, null, 1L, "ev", "?", "2026.11.30", "1", "a", "b",
                "1-0", null, null, null, "10+0.1", "checkmate", "startpos-fen", 2, List.of("e2e4", "e7e5"),
                List.of(1L, 2L, 3L), Arrays.asList(9000L, null), Arrays.asList(null, 20), Arrays.asList(null, null),
                List.of(5, 6), Arrays.asList(null, 9), Arrays.asList(null, 123456789012L), Arrays.asList(null, 2_000_000L),
                List.of(0L, 512L), Arrays.asList(null, 3L), Arrays.asList(null, 17), Arrays.asList(null, 0L),
                Arrays.asList(null, "e7e5 g1f3 b8c6"), "a", "b", "w1", "2026-11-30T10:00:00Z", "2026-11-30T10:00:05.250Z", "[Event \"ev\"]", null, "chess960");
    }

    @Test
    void writesEveryColumnButAbsentFactsAndTheDerivedOpeningInSchemaOrder() {
        ObjectNode o = GameCodec.toJson(game());
        List<String> keys = new ArrayList<>();
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) keys.add(it.next());
        List<String> expected = new ArrayList<>(Games.SCHEMA.names());
        expected.remove(Games.DRAW_FACTS);
        expected.removeAll(List.of(Games.OPENING_ECO, Games.OPENING, Games.OPENING_PLY));
        // collection_kind is ingest's, set per collection; a played game's record never carries it.
        expected.remove(Games.COLLECTION_KIND);
        // record_offset is where the record landed on rookery.games: the sink's, never the record's.
        expected.remove(Games.RECORD_OFFSET);
        assertEquals(expected, keys);
        assertTrue(o.get(Games.WHITE_ELO).isNull());
    }

    @Test
    void roundTripsWithAndWithoutFacts() {
        GameRow g = game();
        assertEquals(g, GameCodec.read(GameCodec.write(g)));
        DrawFacts f = new DrawFacts(10, null, null, null, 3, 4, 1, 3, 1, 0);
        GameRow withFacts = new GameRow(g.gameId(), g.source(), g.collection(), g.matchId(), g.pairIndex(), g.gameInPair(),
                g.sourceFile(), g.gameNumber(), g.event(), g.site(), g.date(), g.round(), g.white(), g.black(), g.result(),
                g.whiteElo(), g.blackElo(), g.eco(), g.timeControl(), g.termination(), g.startFen(), g.plyCount(),
                g.movesUci(), g.zobrist(), g.clockMs(), g.evalCp(), g.evalMate(), g.depth(), g.selDepth(), g.nodes(),
                g.nps(), g.timeMs(), g.latencyMs(), g.hashfull(), g.tbHits(), g.pv(), g.whiteEngineId(),
                g.blackEngineId(), g.workerId(), g.startedAt(), g.finishedAt(), g.pgn(), f, null);
        assertEquals(withFacts, GameCodec.read(GameCodec.write(withFacts)));
    }

    @Test
    void readsARecordWithKeysMissingAsNulls() throws Exception {
        GameRow g = GameCodec.read("{\"game_id\":\"m/0/0\",\"source\":\"gauntlet\",\"collection\":\"m\",\"ply_count\":0,"
                + "\"white\":\"x\",\"unknown_key\":[1]}");
        assertNull(g.movesUci());
        assertEquals("x", g.whiteEngine());
        assertNull(GameChecks.reason(JSON.writeValueAsString(JSON.readTree(GameCodec.write(g)))));
    }

    @Test
    void engineIdComesBeforeThePlayerName() {
        assertEquals("a", game().whiteEngine());
        assertEquals("b", game().blackEngine());
    }

    @Test
    void aWrongTypeNamesTheKey() {
        ContractException e = assertThrows(ContractException.class,
                () -> GameCodec.read("{\"ply_count\": 1, \"moves_uci\": \"e2e4\"}"));
        assertEquals("\"moves_uci\" must be an array", e.getMessage());
        assertEquals("no ply_count", GameChecks.reason("{\"game_id\": \"x\"}"));
        assertTrue(GameChecks.reason("{not json").startsWith("malformed JSON"));
    }

    @Test
    void theMalformedRecordOfIssue16IsRejected() {
        String bad = "{\"game_id\":\"x/0/0\",\"source\":\"gauntlet\",\"collection\":\"../../../tmp/x\",\"ply_count\":1}";
        assertTrue(GameChecks.reason(bad).startsWith("collection \"../../../tmp/x\" is not a safe name"), GameChecks.reason(bad));
        String noMoves = "{\"game_id\":\"x/0/0\",\"source\":\"gauntlet\",\"collection\":\"x\",\"ply_count\":1}";
        assertEquals("ply_count 1 but moves_uci has 0 moves", GameChecks.reason(noMoves));
    }

    @Test
    void checksArraysResultsAndTimes() {
        ObjectNode o = GameCodec.toJson(game());
        assertNull(GameChecks.reason(o.toString()));
        assertEquals("zobrist has 2 values, 3 expected for ply_count",
                GameChecks.reason(o.deepCopy().set("zobrist", JSON.createArrayNode().add(1).add(2)).toString()));
        assertEquals("result must be 1-0, 0-1, 1/2-1/2 or *", GameChecks.reason(o.deepCopy().put("result", "win").toString()));
        assertEquals("finished_at is not an ISO-8601 time with an offset",
                GameChecks.reason(o.deepCopy().put("finished_at", "yesterday").toString()));
        assertEquals("moves_uci[1] is not a UCI move",
                GameChecks.reason(o.deepCopy().set("moves_uci", JSON.createArrayNode().add("e2e4").add("Nf3")).toString()));
        assertEquals("variant must be standard or chess960", GameChecks.reason(o.deepCopy().put("variant", "atomic").toString()));
        assertNull(GameChecks.reason(o.deepCopy().putNull("variant").toString()), "records from before the column");
        assertEquals("source must be gauntlet or import", GameChecks.reason(o.deepCopy().put("source", "x").toString()));
        assertEquals("collection \".hidden\" is not a safe name (letters, digits, '.', '_', '-'; not starting with '.' or '_')",
                GameChecks.reason(o.deepCopy().put("collection", ".hidden").toString()));
    }
}
