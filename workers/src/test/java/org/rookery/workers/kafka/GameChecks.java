package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;

/** Checks that a rookery.games record agrees with itself: PGN, moves, keys, result and termination. */
final class GameChecks {
    private GameChecks() {}

    static void consistent(JsonNode g) throws Exception {
        String id = g.get("game_id").asText();
        int plies = g.get("ply_count").asInt();
        String result = g.get("result").asText();
        assertTrue(id.matches("m-[0-9a-f]{16}/\\d+/[01]"), id);
        assertEquals(g.get("match_id").asText() + "/" + g.get("pair_index").asInt() + "/" + g.get("game_in_pair").asInt(), id);
        Instant.parse(g.get("started_at").asText());
        Instant.parse(g.get("finished_at").asText());

        // The PGN replays legally through the core and says the same as the columns.
        PgnGame pgn = new PgnGame();
        try (PgnReader r = new PgnReader(new ByteArrayInputStream(g.get("pgn").asText().getBytes(StandardCharsets.UTF_8)), id,
                e -> { throw new AssertionError(id + ": " + e); })) {
            assertTrue(r.next(pgn), id + ": no game in the PGN");
        }
        GameReplay replay = new GameReplay();
        assertTrue(replay.replay(pgn), id + ": " + replay.error());
        assertEquals(plies, replay.plies(), id);
        assertEquals(result, pgn.tag("Result"), id);
        assertEquals(result, pgn.result(), id);
        assertEquals(g.get("white").asText(), pgn.tag("White"), id);
        assertEquals(g.get("black").asText(), pgn.tag("Black"), id);

        // The UCI moves replay to the same keys, and the final position fits the termination.
        Position pos = Position.fromFen(g.get("start_fen").asText());
        Uci uci = new Uci();
        assertEquals(plies, g.get("moves_uci").size(), id);
        assertEquals(plies + 1, g.get("zobrist").size(), id);
        for (String array : new String[] {"clock_ms", "eval_cp", "eval_mate", "depth"}) assertEquals(plies, g.get(array).size(), id + " " + array);
        assertEquals(pos.key(), g.get("zobrist").get(0).asLong(), id);
        for (int i = 0; i < plies; i++) {
            pos.makeMove(uci.parse(pos, g.get("moves_uci").get(i).asText()));
            assertEquals(pos.key(), g.get("zobrist").get(i + 1).asLong(), id + " ply " + (i + 1));
        }
        assertEquals(replay.position().key(), pos.key(), id + ": PGN and UCI moves end in different positions");
        String t = g.get("termination").asText();
        assertNotNull(t);
        if (t.equals("checkmate")) {
            assertTrue(pos.isCheckmate(), id);
            assertEquals(pos.sideToMove() == 0 ? "0-1" : "1-0", result, id);
        }
        if (t.equals("stalemate")) {
            assertTrue(pos.isStalemate(), id);
            assertEquals("1/2-1/2", result, id);
        }
        if (t.equals("illegal_move") || t.equals("disconnect") || t.equals("time_forfeit")) {
            // The side to move is the one that failed; it lost.
            assertEquals(pos.sideToMove() == 0 ? "0-1" : "1-0", result, id + " " + t);
        }
    }
}
