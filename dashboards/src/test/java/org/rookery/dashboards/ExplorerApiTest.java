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
        // lichess's averageRating is the mover's (White's here) rating, its mean rounded: 2690, 1450, 1985, 1210 -> 1833.75.
        assertEquals(1834, nf3.get("averageRating").asInt());
        assertEquals(1558, nf3.get("averageOpponentRating").asInt(), "1500, 1420, 2060, 1250 -> 1557.5, rounded half up");
        // 1 win, 1 draw, 2 losses: 37.5 %, dp halfway between 37 % (-95) and 38 % (-87) is -91; 1557.5 - 91 = 1466.5 -> 1467.
        assertEquals(1467, nf3.get("performance").asInt());
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
    void lichessIsTheExplorerAndMastersKeepsBothRated2200() throws Exception {
        for (String play : new String[] {"", "e2e4", "e2e4,e7e5", "g1f3,g8f6", "d2d4,d7d5,c2c4"}) {
            JsonNode plain = Fixture.getJson("/api/explorer?moves=50&play=" + play);
            JsonNode lichess = Fixture.getJson("/api/explorer/lichess?moves=50&play=" + play);
            assertEquals(plain, lichess, "after " + play);
        }
        JsonNode masters = Fixture.getJson("/api/explorer/masters?play=e2e4,e7e5");
        // Of the Nf3 games only Frank - Erin (1985 - 2060) is not a masters game, nor is any other here.
        assertEquals(0, masters.get("white").asLong() + masters.get("draws").asLong() + masters.get("black").asLong(),
                masters.toString());
    }

    @Test
    void namesTopGamesAndHistory() throws Exception {
        JsonNode r = Fixture.getJson("/api/explorer?play=e2e4,e7e5,g1f3,b8c6,f1c4&history=true&topGames=4");
        assertEquals("C50", r.get("opening").get("eco").asText(), r.toString());
        assertTrue(r.get("opening").get("name").asText().startsWith("Italian Game"), r.toString());
        JsonNode nf3 = Fixture.getJson("/api/explorer?play=e2e4,e7e5").get("moves");
        for (JsonNode m : nf3) {
            if (m.get("uci").asText().equals("g1f3")) {
                assertEquals("King's Knight Opening", m.get("opening").get("name").asText());
            }
        }
        JsonNode start = Fixture.getJson("/api/explorer?history=true&topGames=3&recentGames=2&sources=import");
        assertEquals(3, start.get("topGames").size());
        assertEquals(2, start.get("recentGames").size());
        JsonNode best = start.get("topGames").get(0);
        assertTrue(best.get("white").get("rating").asInt() + best.get("black").get("rating").asInt() >= 2690 + 1500 - 1,
                "the highest-rated game first: " + best);
        long months = 0;
        for (JsonNode h : start.get("history")) months += h.get("white").asLong() + h.get("draws").asLong() + h.get("black").asLong();
        assertTrue(months > 0 && months <= 9, start.get("history").toString());
        assertTrue(start.get("history").get(0).get("month").asText().matches("[0-9]{4}-[0-9]{2}"));
    }

    @Test
    void linesOfTheOpeningDataSetReachTheirOwnNameThroughTheApi() throws Exception {
        java.util.List<org.rookery.core.openings.Opening> all = org.rookery.core.openings.OpeningList.shipped().openings();
        int checked = 0;
        for (int i = 0; i < all.size(); i += 50) {
            org.rookery.core.openings.Opening o = all.get(i);
            org.rookery.core.board.Position pos = new org.rookery.core.board.Position();
            org.rookery.core.notation.San san = new org.rookery.core.notation.San();
            java.util.List<String> uci = new java.util.ArrayList<>();
            for (String token : o.line().trim().split("\\s+")) {
                if (token.isEmpty() || token.endsWith(".")) continue;
                int m = san.parse(pos, token);
                uci.add(org.rookery.core.board.Move.toUci(m));
                pos.makeMove(m);
            }
            JsonNode r = Fixture.getJson("/api/explorer?moves=0&topGames=0&recentGames=0&play=" + String.join(",", uci));
            assertEquals(o.name(), r.get("opening").get("name").asText(), o.line());
            assertEquals(o.eco(), r.get("opening").get("eco").asText(), o.line());
            checked++;
        }
        assertTrue(checked > 70, "lines checked: " + checked);
    }

    @Test
    void theLichessFormsOfParametersAreTaken() throws Exception {
        JsonNode band = Fixture.getJson("/api/explorer?ratings=2500&sources=import");
        assertTrue(band.has("moves"));
        JsonNode month = Fixture.getJson("/api/explorer?since=2022-01&until=2022-12&sources=import");
        JsonNode year = Fixture.getJson("/api/explorer?since=2022&until=2022&sources=import");
        assertTrue(month.get("white").asLong() + month.get("draws").asLong() + month.get("black").asLong()
                <= year.get("white").asLong() + year.get("draws").asLong() + year.get("black").asLong());
        assertEquals(200, Fixture.get("/api/explorer?speeds=ultraBullet,classical&variant=standard").statusCode());
    }

    @Test
    void thePlayerExplorerCountsOnePlayersGamesWithTheirColour() throws Exception {
        JsonNode r = Fixture.getJson("/api/explorer/player?player=rookery-dev&color=white&recentGames=3");
        JsonNode all = Fixture.getJson("/api/explorer?sources=gauntlet");
        long mine = r.get("white").asLong() + r.get("draws").asLong() + r.get("black").asLong();
        assertTrue(mine > 0 && mine < all.get("white").asLong() + all.get("draws").asLong() + all.get("black").asLong(), r.toString());
        assertTrue(r.get("recentGames").size() <= 3);
        for (JsonNode g : r.get("recentGames")) assertEquals("rookery-dev", g.get("white").get("name").asText());
        assertBad("/api/explorer/player?player=x&color=red", "color");
        assertBad("/api/explorer/player?color=white", "player");
        // lichess's player explorer has no topGames or history; a misspelt parameter is not dropped either.
        assertBad("/api/explorer/player?player=rookery-dev&color=white&topGames=3", "topGames");
        assertBad("/api/explorer/player?player=rookery-dev&color=white&history=true", "history");
        assertBad("/api/explorer?rating=2000", "rating");
        assertBad("/api/explorer/masters?speed=blitz", "speed");
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
        assertBad("/api/explorer?ratings=2400", "ratings");
        assertBad("/api/explorer?since=2022-13", "since");
        assertBad("/api/explorer?until=22", "until");
        assertBad("/api/explorer?modes=rated", "modes");
        assertBad("/api/explorer?variant=chess960", "variant");
        assertBad("/api/explorer?variant=atomic", "variant");
        assertBad("/api/explorer?topGames=16", "topGames");
        assertBad("/api/explorer?recentGames=-1", "recentGames");
        assertBad("/api/explorer?history=maybe", "history");
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
