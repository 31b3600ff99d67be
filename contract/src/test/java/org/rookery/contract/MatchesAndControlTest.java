package org.rookery.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.rookery.contract.control.ControlMessage;
import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.SprtSection;

/** One SPRT section parser and one reading of match definitions and control records. */
class MatchesAndControlTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void readsADefinitionAsSubmitWritesIt() throws Exception {
        MatchDefinition d = org.rookery.contract.matches.MatchDefinitionCodec.read("key", JSON.readTree("{\"match_id\":\"m-0123456789abcdef\","
                + "\"engines\":[{\"name\":\"new\",\"tc\":\"10+0.1\"},{\"name\":\"old\",\"tc\":\"5+0\"}],\"pairs\":50,"
                + "\"games\":100,\"sprt\":{\"elo0\":0,\"elo1\":5,\"alpha\":0.05,\"beta\":0.1,\"model\":\"normalized\"},"
                + "\"created_at\":\"2026-11-30T10:00:00Z\",\"later_field\":1}"));
        assertEquals("m-0123456789abcdef", d.matchId());
        assertEquals(java.util.List.of("new", "old"), d.engineNames());
        assertEquals("10+0.1", d.timeControl());
        assertEquals(50, d.pairs());
        assertEquals(100, d.games());
        assertEquals(new SprtSection(0, 5, 0.05, 0.1, true), d.sprt());
        assertEquals("2026-11-30T10:00:00Z", d.createdAt());
    }

    @Test
    void sprtSectionDefaultsAndErrors() throws Exception {
        assertNull(SprtSection.parse(JSON.readTree("null")));
        assertEquals(new SprtSection(0, 10, 0.05, 0.05, false), SprtSection.parse(JSON.readTree("{\"elo0\":0,\"elo1\":10}")));
        SprtSection s = new SprtSection(-1, 3, 0.1, 0.2, true);
        assertEquals(s, SprtSection.parse(s.toJson()));
        assertEquals("\"sprt.elo1\" is missing",
                assertThrows(ContractException.class, () -> SprtSection.parse(JSON.readTree("{\"elo0\":0}"))).getMessage());
        assertEquals("\"sprt.model\" must be logistic or normalized", assertThrows(ContractException.class,
                () -> SprtSection.parse(JSON.readTree("{\"elo0\":0,\"elo1\":1,\"model\":\"bayes\"}"))).getMessage());
    }

    @Test
    void controlRecordsRoundTripAndUnknownActionsFail() {
        ControlMessage stop = ControlMessage.stop("m-1", "user");
        assertEquals(stop, ControlMessage.parse(stop.toJson().toString(), null));
        assertEquals("m-2", ControlMessage.parse("{\"action\":\"stop\"}", "m-2").matchId());
        assertTrue(assertThrows(ContractException.class, () -> ControlMessage.parse("{\"action\":\"pause\"}", "m"))
                .getMessage().startsWith("unknown action"));
    }
}
