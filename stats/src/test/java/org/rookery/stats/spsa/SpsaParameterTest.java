package org.rookery.stats.spsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** fishtest's parameter lines: fields, integer or float, and the bad inputs refused before any game. */
class SpsaParameterTest {
    @Test
    void parsesFishtestLinesAndTellsIntegersFromFloats() {
        SpsaParameter p = SpsaParameter.parse("FutilityMargin, 150, 50, 300, 10, 0.0020");
        assertEquals("FutilityMargin", p.name());
        assertEquals(150, p.start());
        assertEquals(50, p.min());
        assertEquals(300, p.max());
        assertEquals(10, p.cEnd());
        assertEquals(0.002, p.rEnd());
        assertTrue(p.integer());
        assertEquals("150", p.format(150.0));
        SpsaParameter f = SpsaParameter.parse("Scale,0.5,0.0,1.0,0.05,0.002");
        assertFalse(f.integer());
        assertEquals("0.55", f.format(0.55));
    }

    @Test
    void fileSkipsBlankAndCommentLines() {
        List<SpsaParameter> ps = SpsaParameter.parseAll(List.of("# tuned on 10+0.1", "", "A,1,0,2,1,0.1", "  B,1,0,2,1,0.1  "));
        assertEquals(List.of("A", "B"), ps.stream().map(SpsaParameter::name).toList());
    }

    @Test
    void badLinesNameTheParameterAndTheField() {
        assertEquals("X: MIN 10 must be below MAX 10", message("X,10,10,10,1,0.1"));
        assertEquals("X: START 20 is outside [0, 10]", message("X,20,0,10,1,0.1"));
        assertEquals("X: C_END must be positive, got 0", message("X,5,0,10,0,0.1"));
        assertEquals("X: R_END must be positive, got -0.1", message("X,5,0,10,1,-0.1"));
        assertEquals("\"X,5,0,10\": expected NAME,START,MIN,MAX,C_END,R_END (6 fields), found 4", message("X,5,0,10"));
        assertEquals("\"X,five,0,10,1,0.1\": START is not a number: \"five\"", message("X,five,0,10,1,0.1"));
    }

    private static String message(String line) {
        return assertThrows(IllegalArgumentException.class, () -> SpsaParameter.parse(line)).getMessage();
    }
}
