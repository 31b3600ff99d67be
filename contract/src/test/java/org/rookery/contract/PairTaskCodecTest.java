package org.rookery.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.contract.tasks.PairTask;
import org.rookery.contract.tasks.TaskAdjudication;
import org.rookery.contract.tasks.TaskOpening;
import org.rookery.core.board.Variant;

/** The {@code rookery.tasks} codec: every field, in the wire order the match ids hash. */
class PairTaskCodecTest {
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    @Test
    void aTaskWithEveryFieldIsWrittenInWireOrderAndReadBack() {
        PairTask t = new PairTask("m-0123456789abcdef", 4, 5, new TaskOpening(START, List.of("e2e4"), "book.epd:5", Variant.STANDARD),
                List.of(new PairTask.Game(9, "a+", "a-"), new PairTask.Game(10, "a-", "a+")),
                Map.of("a+", new EngineLimits("10+0.1", null, 0, 0, 0, "a", Map.of("Hash", "16")),
                        "a-", new EngineLimits("10+0.1", null, 0, 0, 0, "a", Map.of("Hash", "32"))),
                new TaskAdjudication(3, 400, true, 30, 8, 10, 80, true, 4, true, "DRAW"), "E", "S");
        String json = t.write();
        assertTrue(json.startsWith("{\"match_id\":\"m-0123456789abcdef\",\"pair_index\":4,\"round\":5,\"opening\":{\"fen\":\"" + START
                + "\",\"moves\":[\"e2e4\"],\"source\":\"book.epd:5\"},\"variant\":\"standard\",\"white\":\"a+\",\"black\":\"a-\",\"games\":["), json);
        assertTrue(json.endsWith("\"adjudication\":{\"resign_movecount\":3,\"resign_score\":400,\"resign_twosided\":true,"
                + "\"draw_movenumber\":30,\"draw_movecount\":8,\"draw_score\":10,\"maxmoves\":80,\"tb\":true,\"tbpieces\":4,"
                + "\"tbignore50\":true,\"tbadjudicate\":\"DRAW\"},\"event\":\"E\",\"site\":\"S\"}"), json);
        PairTask back = PairTask.parse(json);
        // Map.of has no order: compare the engines as maps, the rest as records.
        assertEquals(t.engines(), back.engines());
        assertEquals(t.withMatchId("m-0000000000000000").games(), back.games());
        assertEquals(t.adjudication(), back.adjudication());
        assertEquals(t.opening(), back.opening());
        assertEquals("m-0123456789abcdef/4/1", back.gameId(1));
    }

    @Test
    void tablebaseFieldsAreWrittenOnlyWhenTablesAdjudicate() {
        TaskAdjudication off = new TaskAdjudication(0, 0, false, 0, 0, 0, 0, false, 5, true, "BOTH");
        assertEquals(new TaskAdjudication(0, 0, false, 0, 0, 0, 0, false, 0, false, null), off);
        assertTrue(!org.rookery.contract.RecordJson.write(off.toJson()).contains("tb"));
    }

    /** Engine a then b, in that order (Map.of has none). */
    private static Map<String, EngineLimits> engines() {
        Map<String, EngineLimits> m = new java.util.LinkedHashMap<>();
        m.put("a", new EngineLimits("1+0", null, 0, 0, 0));
        m.put("b", new EngineLimits(null, null, 100, 0, 0));
        return m;
    }

    @Test
    void badFieldsAreOneLineReasons() {
        String ok = new PairTask("m-0123456789abcdef", 0, 1, new TaskOpening(START, List.of(), "x", null),
                List.of(new PairTask.Game(1, "a", "b")), engines(), new TaskAdjudication(0, 0, false, 0, 0, 0, 0, false, 0, false, null),
                "E", "S").write();
        assertEquals("\"tbadjudicate\" must be WIN_LOSS, DRAW or BOTH, not \"SOME\"", assertThrows(ContractException.class,
                () -> PairTask.parse(ok.replace("\"maxmoves\":0", "\"maxmoves\":0,\"tb\":true,\"tbpieces\":3,\"tbignore50\":false,\"tbadjudicate\":\"SOME\""))).getMessage());
        assertEquals("\"match_id\" is not a match id: \"m-1\"", assertThrows(ContractException.class,
                () -> PairTask.parse(ok.replace("m-0123456789abcdef", "m-1"))).getMessage());
        assertEquals("opening move 1 (e2e5) is illegal", assertThrows(ContractException.class,
                () -> PairTask.parse(ok.replace("\"moves\":[]", "\"moves\":[\"e2e5\"]"))).getMessage().replaceAll(":.*", ""));
        assertEquals("engine \"b\" has no limits in \"engines\"", assertThrows(ContractException.class,
                () -> PairTask.parse(ok.replace(",\"b\":{\"nodes\":100}", ""))).getMessage());
    }
}
