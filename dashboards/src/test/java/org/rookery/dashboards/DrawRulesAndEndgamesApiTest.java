package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.rookery.dashboards.fixture.Fixture;

/** {@code /api/draw-rules/summary} and {@code /api/endgames} over the corpus. */
class DrawRulesAndEndgamesApiTest {

    @Test
    void drawRuleCountsMatchTheCorpus() throws Exception {
        JsonNode r = Fixture.getJson("/api/draw-rules/summary");
        assertEquals(10, r.get("games").asLong());
        // Alice - Bob repeat the start position at plies 0, 4, 8; Carol - Dave repeat 1.e4 e5 five times.
        assertEquals(2, r.get("threefold").asLong());
        assertEquals(1, r.get("fivefold").asLong());
        // The KRvK game starts with the halfmove clock at 140.
        assertEquals(1, r.get("fifty").asLong());
        assertEquals(1, r.get("seventyfive").asLong());
        assertEquals(1, r.get("threefold_claimed").asLong(), "Alice - Bob ended on the repetition");
        JsonNode samples = r.get("samples");
        assertEquals(2, samples.get("threefold").size());
        assertEquals(8, samples.get("threefold").get(0).get("ply").asInt(), samples.toString());
        assertEquals(18, samples.get("fivefold").get(0).get("ply").asInt());
        JsonNode hist = r.get("max_halfmove_histogram");
        JsonNode last = hist.get(hist.size() - 1);
        assertEquals(150, last.get("from").asInt());
        assertTrue(last.get("to").isNull());
        assertEquals(1, last.get("games").asLong());
        long inHistogram = 0;
        for (JsonNode b : hist) inHistogram += b.get("games").asLong();
        assertEquals(10, inHistogram);
    }

    @Test
    void groupsAndFilters() throws Exception {
        JsonNode bySpeed = Fixture.getJson("/api/draw-rules/summary?by=speed");
        long total = 0;
        for (JsonNode g : bySpeed.get("groups")) total += g.get("games").asLong();
        assertEquals(10, total);
        assertEquals("blitz", bySpeed.get("groups").get(0).get("key").asText(), "classes in the jobs' spelling, sorted");
        JsonNode blitz = Fixture.getJson("/api/draw-rules/summary?speeds=Blitz&ratings=1600");
        assertEquals(3, blitz.get("games").asLong(), "the hostile game and the two Grace - Heidi games");
        JsonNode byYear = Fixture.getJson("/api/draw-rules/summary?by=year&since=2020&until=2020");
        assertEquals(2, byYear.get("games").asLong());
        assertEquals(2020, byYear.get("groups").get(0).get("key").asInt());
        assertEquals(1, byYear.get("fivefold").asLong());
        ExplorerApiTest.assertBad("/api/draw-rules/summary?by=colour", "by");
        ExplorerApiTest.assertBad("/api/draw-rules/summary?samples=500", "samples");
    }

    @Test
    void endgameSignaturesWithTableVerdicts() throws Exception {
        JsonNode r = Fixture.getJson("/api/endgames");
        JsonNode krk = null;
        for (JsonNode s : r.get("signatures")) if (s.get("signature").asText().equals("KRvK")) krk = s;
        assertTrue(krk != null, r.toString());
        assertEquals(1, krk.get("games").asLong());
        assertEquals(1, krk.get("draws").asLong());
        assertEquals(3, krk.get("pieces").asInt());
        assertEquals(0, krk.get("first_side_wins").asLong());
        assertEquals(1, krk.get("tb_positions").asLong());
        assertEquals(1, krk.get("tb_wins").asLong(), "KRvK with White to move is a table win");
        assertEquals(1, krk.get("tb_wins_not_won").asLong(), "and the game was drawn by the 75-move rule");
        ExplorerApiTest.assertBad("/api/endgames?limit=0", "limit");
        assertEquals(0, Fixture.getJson("/api/endgames?pieces=2").get("signatures").size());
    }
}
