package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.rookery.dashboards.fixture.Fixture;

/** {@code /api/games/{id}} as JSON and PGN, including the hostile game. */
class GamesApiTest {

    @Test
    void importedGameHasMovesFensClocksAndEvals() throws Exception {
        JsonNode g = Fixture.getJson("/api/games/corpus/corpus.pgn%231");
        assertEquals("Paul Morphy", g.get("white").asText());
        JsonNode moves = g.get("moves");
        assertEquals(33, moves.size());
        assertEquals(33, g.get("ply_count").asInt());
        assertEquals("e4", moves.get(0).get("san").asText());
        assertEquals("Rd8#", moves.get(32).get("san").asText());
        assertEquals((1 * 3600 + 59 * 60 + 30) * 1000L, moves.get(0).get("clock_ms").asLong());
        assertEquals(30, moves.get(0).get("eval_cp").asInt());
        assertTrue(moves.get(5).get("clock_ms").isNull());
        assertFalse(g.has("zobrist"), "arrays are folded into moves[]");
    }

    @Test
    void gauntletGameByIdAndAsPgn() throws Exception {
        JsonNode g = Fixture.getJson("/api/games/m1/3/1");
        assertEquals("m1", g.get("match_id").asText());
        assertEquals("rookery-base", g.get("white").asText());
        assertEquals(g.get("ply_count").asInt(), g.get("moves").size());
        assertTrue(g.get("moves").get(0).get("depth").isInt());
        HttpResponse<String> pgn = Fixture.get("/api/games/m1/3/1?format=pgn");
        assertEquals(200, pgn.statusCode());
        assertTrue(pgn.headers().firstValue("content-type").orElse("").startsWith("text/plain"));
        assertTrue(pgn.body().contains("[White \"rookery-base\"]"));
    }

    @Test
    void hostileGameIsEscapedInJson() throws Exception {
        HttpResponse<String> r = Fixture.get("/api/games/corpus/corpus.pgn%232");
        assertEquals(200, r.statusCode());
        assertFalse(r.body().contains("<script>"), "angle brackets are \\u-escaped in JSON");
        JsonNode g = Fixture.json(r);
        assertEquals("<script>alert('white')</script>", g.get("white").asText(), "escaping loses nothing");
        assertTrue(g.get("pgn").asText().contains("<script>alert('comment')</script>"));
    }

    @Test
    void unknownGameIs404AndBadFormatIs400() throws Exception {
        HttpResponse<String> r = Fixture.get("/api/games/corpus/none%2399");
        assertEquals(404, r.statusCode());
        assertTrue(Fixture.json(r).get("error").asText().startsWith("no game"));
        ExplorerApiTest.assertBad("/api/games/m1/0/0?format=xml", "format");
    }
}
