package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.stats.Trinomial;

/** cutechess's -resultformat columns: its headers, widths and format names (pull requests #533, #595). */
class ResultFormatTest {
    @Test
    void columnsHaveCutechessHeadersAndWidths() {
        ResultFormat f = ResultFormat.parse("Rank, Name, Games,W,L,D,Points,Score,DRepet");
        ResultFormat.Player a = new ResultFormat.Player("Alpha", new Trinomial(1, 1, 0), Map.of("Draw: repetition", 1), "10+0.1");
        ResultFormat.Player b = new ResultFormat.Player("Beta", new Trinomial(0, 1, 1), Map.of("Draw: repetition", 1), "10+0.1");
        List<String> lines = f.lines(List.of(a, b));
        assertEquals("Rank Name                        Games    Wins  Losses   Draws   Points   Score  DRepet", lines.get(0));
        assertEquals("   1 Alpha                           2       1       0       1      1.5   75.0%       1", lines.get(1));
        assertEquals("   2 Beta                            2       0       1       1      0.5   25.0%       1", lines.get(2));
    }

    @Test
    void namedFormatsAreCutechesss() {
        assertEquals("Rank Name                          Elo     +/-   Games   Score    Draw",
            ResultFormat.DEFAULT.lines(List.of()).get(0));
        assertEquals("Rank Name", ResultFormat.parse("minimal").lines(List.of()).get(0));
        assertEquals("Rank Name                          Elo   Points   Games   Score", ResultFormat.parse("ordo").lines(List.of()).get(0));
        var e = assertThrows(IllegalArgumentException.class, () -> ResultFormat.parse("per-color"));
        assertTrue(e.getMessage().startsWith("-resultformat: unknown field per-color"), e.getMessage());
    }
}
