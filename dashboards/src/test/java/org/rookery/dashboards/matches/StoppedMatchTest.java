package org.rookery.dashboards.matches;

import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.dashboards.data.DuckDb;
import org.rookery.dashboards.data.GamesTable;
import org.rookery.dashboards.data.MatchesTable;
import org.rookery.dashboards.data.TableLocation;
import org.rookery.dashboards.http.Json;
import org.rookery.stats.Sprt;
import org.rookery.stats.Tally;

/**
 * A match the SPRT stopped after 24 games while two pairs were still in flight: the summary counts
 * all 28 recorded games, as {@code rookery status} does, and says when the SPRT decided.
 */
class StoppedMatchTest {
    private static final String MATCH = "m-00000000000000aa";
    private static final String REASON = "SPRT: H1 accepted after 24 games";
    private static final Sprt SPRT = new Sprt(0.05, 0.05, 0, 10, Sprt.Model.LOGISTIC);
    @TempDir Path tmp;

    /** {@code new} is White in game 0 and wins it; with Black it loses every third pair and draws the others. */
    private static String result(int pair, int gameInPair) {
        return gameInPair == 0 || pair % 3 == 2 ? "1-0" : "1/2-1/2";
    }

    private static double scoreOfNew(int pair, int gameInPair) {
        String r = result(pair, gameInPair);
        return r.equals("1/2-1/2") ? 0.5 : r.equals("1-0") == (gameInPair == 0) ? 1 : 0;
    }

    private static Map<String, Object> record(int pair, int gameInPair) {
        Map<String, Object> r = new HashMap<>();
        r.put("match_id", MATCH);
        r.put("game_id", MATCH + "/" + pair + "/" + gameInPair);
        r.put("pair_index", pair);
        r.put("game_in_pair", gameInPair);
        r.put("game_number", 2 * pair + gameInPair + 1);
        r.put("white_engine_id", gameInPair == 0 ? "new" : "old");
        r.put("black_engine_id", gameInPair == 0 ? "old" : "new");
        r.put("result", result(pair, gameInPair));
        r.put("termination", "checkmate");
        r.put("ply_count", 40);
        r.put("finished_at", "2026-12-01T20:00:" + String.format("%02d", pair) + "Z");
        return r;
    }

    @Test
    void everyRecordedGameCountsAndTheStopSaysWhenTheSprtDecided() throws Exception {
        LiveGames live = new LiveGames();
        ObjectNode def = Json.MAPPER.createObjectNode();
        def.putArray("engines").add("new").add("old");
        def.put("pairs", 20);
        ObjectNode s = def.putObject("sprt");
        s.put("elo0", 0).put("elo1", 10).put("alpha", 0.05).put("beta", 0.05);
        live.addDefinition(MatchDefinitionCodec.read(MATCH, def));
        Tally expected = new Tally();
        for (int pair = 0; pair < 14; pair++) {
            for (int g = 0; g < 2; g++) {
                live.addGame(record(pair, g));
                expected.add(scoreOfNew(pair, g), pair);
            }
            // status decided after 24 games and published the stop; pairs 12 and 13 were in flight.
            if (pair == 11) live.addStop(MATCH, REASON);
        }
        try (DuckDb db = new DuckDb(1, 1)) {
            MatchStore store = new MatchStore(new GamesTable(db, new TableLocation(tmp, "games")),
                new MatchesTable(db, new TableLocation(tmp, "matches")), live);
            Map<String, Object> full = store.get(MATCH);
            Map<String, Object> brief = store.list().get(0);
            for (Map<String, Object> m : List.of(full, brief)) {
                assertEquals(28L, m.get("games"));
                assertEquals(28L, (Long) m.get("wins") + (Long) m.get("draws") + (Long) m.get("losses"));
                assertEquals(List.of(0L, 0L, 4L, 10L, 0L), m.get("pentanomial"));
                assertEquals("finished", m.get("status"));
                assertEquals(REASON, m.get("stop_reason"));
                @SuppressWarnings("unchecked")
                Map<String, Object> sprt = (Map<String, Object>) m.get("sprt");
                // The LLR is that of all 28 games (the stats module's, over the same tally), not of the 24.
                assertEquals(SPRT.evaluate(expected).llr(), (Double) sprt.get("llr"), 1e-12);
                Tally first24 = new Tally();
                for (int i = 0; i < 24; i++) first24.add(scoreOfNew(i / 2, i % 2), i / 2);
                assertNotEquals(SPRT.evaluate(first24).llr(), (Double) sprt.get("llr"));
            }
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> rows = (List<Map<String, Object>>) full.get("game_list");
            assertEquals(28, rows.size(), "the game list shows the games in flight at the stop too");
        }
    }
}
