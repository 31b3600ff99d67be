package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.ContractException;
import org.rookery.contract.tasks.PairTask;
import org.rookery.workers.match.OpeningBook;

/** An opening line with an illegal move is refused where it enters, never played from where it breaks. */
class OpeningChecksTest {
    @TempDir Path tmp;

    @Test
    void aTaskWhoseOpeningHoldsAnIllegalMoveIsRejectedWithTheMove() throws Exception {
        MatchSubmission def = Fixtures.define("-engine", "name=a", "tc=10+0.1", "-engine", "name=b", "tc=10+0.1", "-srand", "1");
        ObjectNode t = def.tasks().get(0).toJson();
        ArrayNode moves = (ArrayNode) t.get("opening").get("moves");
        moves.removeAll();
        moves.add("e2e4").add("e7e5").add("e2e4");
        ContractException e = assertThrows(ContractException.class, () -> PairTask.parse(Json.write(t)));
        assertTrue(e.getMessage().startsWith("opening move 3 (e2e4) is illegal"), e.getMessage());
        // The legal part alone is a task like any other.
        moves.remove(2);
        assertEquals(List.of("e2e4", "e7e5"), PairTask.parse(Json.write(t)).opening().moves());
    }

    @Test
    void aChess960MatchCarriesItsVariantInEveryTaskAndInTheDefinition() throws Exception {
        String book = java.nio.file.Path.of(getClass().getResource("/chess960/dfrc-100.epd").toURI()).toString();
        MatchSubmission def = Fixtures.define("-engine", "name=a", "tc=10+0.1", "-engine", "name=b", "tc=10+0.1", "-srand", "1",
            "-rounds", "2", "-variant", "fischerandom", "-openings", "file=" + book);
        assertEquals(org.rookery.core.board.Variant.CHESS960, def.view().variant());
        assertEquals(org.rookery.core.board.Variant.CHESS960,
            MatchSubmission.parse(Json.write(def.toJson())).view().variant());
        for (PairTask t : def.tasks()) {
            ObjectNode json = t.toJson();
            assertEquals("chess960", json.get("variant").asText());
            PairTask back = PairTask.parse(Json.write(json));
            assertEquals(t, back);
            assertEquals(org.rookery.core.board.Variant.CHESS960, back.opening().variant());
        }
        // A task from before the field is standard chess; a variant a worker cannot play is refused by name.
        ObjectNode t = def.tasks().get(0).toJson();
        t.remove("variant");
        t.with("opening").put("fen", org.rookery.core.board.Position.START_FEN);
        assertEquals(org.rookery.core.board.Variant.STANDARD, PairTask.parse(Json.write(t)).opening().variant());
        t.put("variant", "atomic");
        assertEquals("\"variant\": unknown variant \"atomic\" (expected standard or chess960)",
            assertThrows(ContractException.class, () -> PairTask.parse(Json.write(t))).getMessage());
    }

    @Test
    void aBookGameWithAnIllegalMoveIsSkippedWithAWarningNamingTheFileAndGame() throws Exception {
        Path book = tmp.resolve("book.pgn");
        Files.writeString(book, "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n");
        List<String> warnings = new ArrayList<>();
        OpeningBook b = OpeningBook.load(book, null, false, 1, 1, 8, warnings::add);
        assertEquals(1, b.size());
        assertEquals(List.of("e2e4", "e7e5", "g1f3"), b.next().moves());
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith(book + ": game 2: move 2. (ply 3)"), warnings.get(0));
        assertTrue(warnings.get(0).endsWith("; skipped"), warnings.get(0));
    }
}
