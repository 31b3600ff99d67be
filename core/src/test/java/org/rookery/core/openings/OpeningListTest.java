package org.rookery.core.openings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;

class OpeningListTest {
    private final OpeningList list = OpeningList.shipped();

    @Test
    void everyLineOfTheDataSetClassifiesAsItself() {
        List<String> wrong = new ArrayList<>();
        for (Opening o : list.openings()) {
            Position pos = OpeningList.play(o.line());
            Classification c = list.classify(pos);
            if (c == null || c.opening() != o || c.ply() != pos.ply()) {
                wrong.add(o.eco() + " " + o.name() + " -> " + (c == null ? "none" : c.opening().name()));
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void theWholeDataSetIsShippedAndNoTwoLinesNameOnePosition() {
        // 3,807 lines in the five files as copied; a line lost here means a name no game can get
        assertEquals(lines(), list.openings().size());
    }

    @Test
    void transposedMoveOrdersReachTheSameName() {
        Classification a = list.classify(OpeningList.play("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4"));
        Classification b = list.classify(OpeningList.play("1. c4 e6 2. Nc3 Nf6 3. d4 Bb4"));
        Classification c = list.classify(OpeningList.play("1. Nf3 Nf6 2. c4 e6 3. Nc3 Bb4 4. d4"));
        assertEquals("E20", a.opening().eco());
        assertEquals("Nimzo-Indian Defense", a.opening().name());
        assertEquals(a.opening(), b.opening());
        assertEquals(6, b.ply());
        Classification d = list.classify(OpeningList.play("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Nf3"));
        assertEquals("E21", c.opening().eco());
        assertEquals(d.opening(), c.opening());
    }

    @Test
    void aGameKeepsTheDeepestNamedPositionAfterItLeavesTheBook() {
        Position pos = OpeningList.play("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. h3 h6 7. a3 a5");
        Classification c = list.classify(pos);
        assertNotNull(c);
        assertEquals("B90", c.opening().eco());
        assertEquals(11, c.ply());
    }

    @Test
    void theStartingPositionHasNoName() {
        assertNull(list.classify(new Position()));
    }

    private static int lines() {
        int n = 0;
        for (String f : new String[] {"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"}) {
            try (var in = OpeningList.class.getResourceAsStream(f)) {
                n += (int) new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
                        .skip(1).filter(l -> !l.isEmpty()).count();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return n;
    }
}
