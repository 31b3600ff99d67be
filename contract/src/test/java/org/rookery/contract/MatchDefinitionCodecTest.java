package org.rookery.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.contract.fleet.QuarantineRule;
import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;
import org.rookery.contract.matches.MatchEngine;
import org.rookery.contract.matches.SpsaSection;
import org.rookery.contract.matches.SprtSection;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.contract.tasks.TaskAdjudication;
import org.rookery.core.board.Variant;

/** The match definition's one codec: every field round-trips, records of today's submit still read, bad fields are named. */
class MatchDefinitionCodecTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String fixture() throws Exception {
        try (var in = MatchDefinitionCodecTest.class.getResourceAsStream("/matches/submit-9d713a3.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }

    @Test
    void readsARecordAsSubmitWroteItAt9d713a3() throws Exception {
        MatchDefinition d = MatchDefinitionCodec.read(null, fixture());
        assertEquals(1, d.schemaVersion(), "records before schema_version are version 1");
        assertEquals("m-0123456789abcdef", d.matchId());
        assertEquals(List.of("new", "old"), d.engineNames());
        assertEquals(new EngineLimits("10+0.1", null, 0, 0, 0).withNps(1_200_000), d.engines().get(0).limits());
        assertEquals(new EngineLimits(null, "0.5", 5000, 12, 50), d.engines().get(1).limits());
        assertEquals("10+0.1", d.timeControl());
        assertEquals(4, d.rounds());
        assertEquals(2, d.gamesPerEncounter());
        assertEquals(Boolean.TRUE, d.repeat());
        assertEquals(new TaskAdjudication(3, 600, true, 40, 8, 10, 200, true, 5, false, "BOTH"), d.adjudication());
        assertEquals(42L, d.seed());
        assertEquals(new SprtSection(0, 5, 0.05, 0.1, true), d.sprt());
        assertEquals(Variant.CHESS960, d.variant());
        assertEquals(new QuarantineRule(20, Double.NaN, 30), d.quarantineRule());
        assertEquals(4, d.pairs());
        assertEquals(8, d.games());
        assertEquals("2026-12-02T13:00:00Z", d.createdAt());
        // Re-encoded it is the same record plus its version, written after the hashed body.
        var expected = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(fixture());
        expected.put("schema_version", 1);
        // Compared as text: the bytes are what the match id hashes.
        assertEquals(JSON.writeValueAsString(expected), MatchDefinitionCodec.write(d));
    }

    @Test
    void everyFieldRoundTrips() {
        MatchDefinition d = new MatchDefinition(MatchDefinitionCodec.SCHEMA_VERSION, "m-00000000000000ff", "2026-12-02T14:00:00Z", "ev",
                "si", "spsa", List.of(new MatchEngine("x+", new EngineLimits("1+0.01", null, 0, 0, 0, "x", Map.of("Hash", "16"), 0)),
                        new MatchEngine("plain", null)), 3, 2, false, true, true,
                new TaskAdjudication(0, 0, false, 0, 0, 0, 0, false, 0, false, null), -7L, null,
                new SpsaSection(List.of("A,1,0,10,1.0,0.002"), "randomized"), 0, true, "standard", null, 10, 20);
        MatchDefinition back = MatchDefinitionCodec.read(null, MatchDefinitionCodec.write(d));
        assertEquals(d, back);
        assertNull(back.quarantine());
        assertEquals(QuarantineRule.DEFAULT, back.quarantineRule());
    }

    @Test
    void aBadFieldIsOneLineNamingIt() throws Exception {
        String good = fixture();
        assertEquals("\"rounds\" must be a whole number", bad(good.replace("\"rounds\":4", "\"rounds\":\"four\"")));
        assertEquals("\"repeat\" must be true or false", bad(good.replace("\"repeat\":true", "\"repeat\":1")));
        assertEquals("\"seed\" must be a whole number", bad(good.replace("\"seed\":42", "\"seed\":4.5")));
        assertEquals("\"engines[1].name\" must be a string", bad(good.replace("{\"name\":\"old\",", "{\"name\":7,")));
        String tc = bad(good.replace("\"10+0.1\"", "\"ten\""));
        org.junit.jupiter.api.Assertions.assertTrue(tc.startsWith("\"engines[0]\" (new): bad time control: "), tc);
        assertEquals("\"schema_version\" must be a whole number", bad(good.replace("\"games\":8", "\"games\":8,\"schema_version\":\"2\"")));
        assertEquals("\"variant\": unknown variant \"atomic\" (expected standard or chess960)",
                bad(good.replace("\"chess960\"", "\"atomic\"")));
    }

    private static String bad(String json) {
        return assertThrows(ContractException.class, () -> MatchDefinitionCodec.read(null, json)).getMessage();
    }
}
