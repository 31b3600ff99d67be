package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.dashboards.fixture.Fixture;

/** {@code /api/tablebase} and its mainline over the generated three-piece tables. */
class TablebaseApiTest {
    static final String KRK = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    /** Categories after a move, from the opponent's side, best for the mover first. */
    static final List<String> ORDER = List.of("loss", "blessed-loss", "draw", "cursed-win", "win");

    @Test
    void winningPositionHasLichessFieldsAndMovesBestFirst() throws Exception {
        JsonNode r = Fixture.getJson("/api/tablebase?fen=" + ExplorerApiTest.enc(KRK));
        assertEquals("win", r.get("category").asText());
        int dtz = r.get("dtz").asInt(), dtm = r.get("dtm").asInt();
        assertTrue(dtz > 0 && dtm > 0 && dtm <= 31, "KRvK mates within 16 moves: dtm " + dtm);
        assertEquals(dtz, r.get("precise_dtz").asInt());
        for (String f : List.of("checkmate", "stalemate", "variant_win", "variant_loss", "insufficient_material")) {
            assertFalse(r.get(f).asBoolean(), f);
        }
        JsonNode moves = r.get("moves");
        Position pos = Position.fromFen(KRK);
        assertEquals(pos.countLegal(), moves.size());
        // Moves describe the position after them from the opponent's side: the best one is a loss
        // for Black one ply shorter, and no later move is better for White.
        JsonNode best = moves.get(0);
        assertEquals("loss", best.get("category").asText());
        assertEquals(-(dtz - 1), best.get("dtz").asInt());
        int last = 0;
        for (JsonNode m : moves) {
            int rank = ORDER.indexOf(m.get("category").asText());
            assertTrue(rank >= last, "moves best first: " + moves);
            last = rank;
            assertTrue(m.hasNonNull("san") && m.hasNonNull("uci") && m.has("zeroing"));
        }
    }

    @Test
    void deadDrawHasNullDtmAndInsufficientMaterial() throws Exception {
        JsonNode r = Fixture.getJson("/api/tablebase?fen=" + ExplorerApiTest.enc("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assertEquals("draw", r.get("category").asText());
        assertTrue(r.get("dtm").isNull());
        assertEquals(0, r.get("dtz").asInt());
        assertTrue(r.get("insufficient_material").asBoolean());
    }

    @Test
    void checkmateIsReported() throws Exception {
        JsonNode r = Fixture.getJson("/api/tablebase?fen=" + ExplorerApiTest.enc("R3k3/8/4K3/8/8/8/8/8 b - - 0 1"));
        assertTrue(r.get("checkmate").asBoolean());
        assertEquals("loss", r.get("category").asText());
        assertEquals(0, r.get("moves").size());
    }

    @Test
    void positionsBeyondTheTablesAreUnknownWithAReason() throws Exception {
        JsonNode r = Fixture.getJson("/api/tablebase?fen=" + ExplorerApiTest.enc(Position.START_FEN));
        assertEquals("unknown", r.get("category").asText());
        assertTrue(r.get("dtz").isNull());
        assertEquals(20, r.get("moves").size());
        assertTrue(r.get("reason").asText().contains("castling"), r.toString());
        assertFalse(r.toString().contains(Fixture.data().toString()), "no server path in the answer");
        JsonNode four = Fixture.getJson("/api/tablebase?fen=" + ExplorerApiTest.enc("4k3/8/8/8/8/8/r7/R3K3 w - - 0 1"));
        assertEquals("unknown", four.get("category").asText());
    }

    @Test
    void mainlineEndsInMateForTheWinner() throws Exception {
        JsonNode r = Fixture.getJson("/api/tablebase/mainline?fen=" + ExplorerApiTest.enc(KRK));
        assertEquals("w", r.get("winner").asText());
        assertTrue(r.get("checkmate").asBoolean());
        JsonNode line = r.get("mainline");
        Position last = Position.fromFen(line.get(line.size() - 1).get("fen").asText());
        assertTrue(last.isCheckmate());
        JsonNode probe = Fixture.getJson("/api/tablebase?fen=" + ExplorerApiTest.enc(KRK));
        assertEquals(probe.get("dtm").asInt(), line.size(), "in KRvK the DTZ-optimal line is DTM-optimal");
    }

    @Test
    void tooManyPiecesSaysTheWholeReasonWithoutTheServerPath() throws Exception {
        HttpResponse<String> r = Fixture.get("/api/tablebase/mainline?fen=" + ExplorerApiTest.enc("4k3/8/8/8/8/8/8/RQ2K3 w - - 0 1"));
        String error = Fixture.json(r).get("error").asText();
        assertEquals("fen: the position has 4 pieces; the tables cover at most 3", error);
        assertFalse(r.body().contains(Fixture.data().toString()), r.body());
    }

    @Test
    void badInputIs400() throws Exception {
        ExplorerApiTest.assertBad("/api/tablebase", "fen");
        ExplorerApiTest.assertBad("/api/tablebase?fen=8/8/8", "fen");
        ExplorerApiTest.assertBad("/api/tablebase?fen=" + ExplorerApiTest.enc(KRK) + "&play=a1a9", "play");
        ExplorerApiTest.assertBad("/api/tablebase/mainline?fen=" + ExplorerApiTest.enc(Position.START_FEN), "fen");
    }
}
