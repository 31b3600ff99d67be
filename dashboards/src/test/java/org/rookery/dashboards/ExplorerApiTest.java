package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.dashboards.fixture.Fixture;

/** {@code /api/explorer} against the corpus tables: counts, SAN, ratings and every filter. */
class ExplorerApiTest {

    private static Map<String, JsonNode> byUci(JsonNode r) {
        Map<String, JsonNode> m = new HashMap<>();
        for (JsonNode mv : r.get("moves")) m.put(mv.get("uci").asText(), mv);
        return m;
    }

    @Test
    void initialPositionCountsEveryGameFromTheStandardStart() throws Exception {
        JsonNode r = Fixture.getJson("/api/explorer?sources=import");
        // Nine corpus games start from the initial position (the tenth has a FEN).
        assertEquals(9, r.get("white").asLong() + r.get("draws").asLong() + r.get("black").asLong());
        Map<String, JsonNode> moves = byUci(r);
        assertEquals(6, moves.get("e2e4").get("white").asLong() + moves.get("e2e4").get("draws").asLong()
                + moves.get("e2e4").get("black").asLong());
        assertEquals("e4", moves.get("e2e4").get("san").asText());
        assertEquals("e2e4", r.get("moves").get(0).get("uci").asText(), "most played move first");
        assertEquals(1, moves.get("d2d4").get("draws").asLong(), "Heidi - Grace, a drawn Queen's Gambit");
        assertEquals(1, moves.get("f2f3").get("black").asLong(), "the fool's mate");
    }

    @Test
    void playedMovesReachTheRightPositionWithResultsAndAverageRating() throws Exception {
        JsonNode r = Fixture.getJson("/api/explorer?play=e2e4,e7e5&sources=import");
        Map<String, JsonNode> moves = byUci(r);
        JsonNode nf3 = moves.get("g1f3");
        assertEquals("Nf3", nf3.get("san").asText());
        assertEquals(1, nf3.get("white").asLong()); // Morphy
        assertEquals(1, nf3.get("draws").asLong()); // Carol - Dave
        assertEquals(2, nf3.get("black").asLong()); // Frank - Erin, Ken - Lea
        // Mean ratings: (2690+1500)/2, (1450+1420)/2, (1985+2060)/2, (1210+1250)/2 -> 1755 on average.
        assertEquals(Math.round((2095 + 1435 + 2022 + 1230) / 4.0), nf3.get("averageRating").asLong(), 1);
        assertEquals(1, moves.get("f1c4").get("white").asLong());
        assertEquals("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", r.get("fen").asText());
        assertEquals(5, r.get("white").asLong() + r.get("draws").asLong() + r.get("black").asLong());
    }

    @Test
    void fenAndPlayDescribeTheSamePosition() throws Exception {
        JsonNode byPlay = Fixture.getJson("/api/explorer?play=e2e4,e7e5");
        JsonNode byFen = Fixture.getJson("/api/explorer?fen=" + enc(byPlay.get("fen").asText()));
        assertEquals(byPlay.get("moves"), byFen.get("moves"));
    }

    @Test
    void filtersNarrowTheGames() throws Exception {
        Map<String, JsonNode> band = byUci(Fixture.getJson("/api/explorer?sources=import&ratings=1600"));
        assertEquals(3, band.size(), "the hostile game, Grace - Heidi and Heidi - Grace: " + band.keySet());
        assertEquals(1, band.get("f2f3").get("black").asLong());
        JsonNode bullet = Fixture.getJson("/api/explorer?sources=import&speeds=bullet");
        assertEquals(1, bullet.get("draws").asLong());
        assertEquals(0, bullet.get("white").asLong() + bullet.get("black").asLong());
        JsonNode y2022 = Fixture.getJson("/api/explorer?sources=import&since=2022&until=2022");
        assertEquals(2, y2022.get("white").asLong() + y2022.get("draws").asLong() + y2022.get("black").asLong());
        JsonNode gauntlet = Fixture.getJson("/api/explorer?sources=gauntlet");
        assertEquals(30, gauntlet.get("white").asLong() + gauntlet.get("draws").asLong() + gauntlet.get("black").asLong());
        JsonNode limited = Fixture.getJson("/api/explorer?moves=1");
        assertEquals(1, limited.get("moves").size());
    }

    @Test
    void analyzeTableAndTheDashboardsBreakdownAgree() throws Exception {
        // Unfiltered answers come from the openings table, filtered ones from the breakdown the
        // dashboard derives from games; with every source selected they must be the same.
        for (String play : new String[] {"", "e2e4", "e2e4,e7e5", "g1f3,g8f6", "d2d4,d7d5,c2c4"}) {
            JsonNode table = Fixture.getJson("/api/explorer?moves=50&play=" + play);
            JsonNode derived = Fixture.getJson("/api/explorer?moves=50&sources=import,gauntlet&play=" + play);
            assertEquals(table.get("moves"), derived.get("moves"), "after " + play);
            assertEquals(table.get("white").asLong(), derived.get("white").asLong());
        }
    }

    @Test
    void badParametersAre400NamingTheParameter() throws Exception {
        assertBad("/api/explorer?fen=not%20a%20fen", "fen");
        assertBad("/api/explorer?play=e2e5", "play");
        assertBad("/api/explorer?play=e2e4,,e7e5", "play");
        assertBad("/api/explorer?ratings=1650", "ratings");
        assertBad("/api/explorer?speeds=warp", "speeds");
        assertBad("/api/explorer?since=abc", "since");
        assertBad("/api/explorer?since=2020&until=2019", "until");
        assertBad("/api/explorer?sources=lichess", "sources");
        assertBad("/api/explorer?moves=-1", "moves");
        assertBad("/api/explorer?fen=a&fen=b", "fen");
    }

    static void assertBad(String path, String parameter) throws Exception {
        HttpResponse<String> r = Fixture.get(path);
        assertEquals(400, r.statusCode(), path + " -> " + r.body());
        JsonNode body = Fixture.json(r);
        assertEquals(parameter, body.get("parameter").asText(), r.body());
        assertNotNull(body.get("error"));
        assertTrue(body.get("error").asText().startsWith(parameter + ":"), r.body());
        assertTrue(r.headers().firstValue("content-type").orElse("").startsWith("application/json"));
    }

    static String enc(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }
}
