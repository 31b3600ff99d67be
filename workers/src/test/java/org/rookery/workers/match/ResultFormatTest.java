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
        var e = assertThrows(IllegalArgumentException.class, () -> ResultFormat.parse("per-colour"));
        assertTrue(e.getMessage().startsWith("-resultformat: unknown field per-colour"), e.getMessage());
    }

    /** Every name of cutechess's tournament.h m_namedFormats, with its token list. */
    @Test
    void allOfCutechesssNamesAreKnown() {
        assertEquals(List.of("minimal", "small", "short", "concise", "default", "with-points", "wide", "wide2", "per-color", "ordo",
            "term", "draws", "wide3"), List.copyOf(ResultFormat.NAMED.keySet()));
        for (String name : ResultFormat.NAMED.keySet()) ResultFormat.parse(name);
    }

    static final ResultFormat.Player ALPHA = new ResultFormat.Player("Alpha", new Trinomial(2, 1, 1), new Trinomial(2, 0, 0),
        new Trinomial(0, 1, 1), Map.of(), "10+0.1");

    @Test
    void smallAndWide() {
        List<String> small = ResultFormat.parse("small").lines(List.of(ALPHA));
        assertEquals("Rank Name                        Games   Points", small.get(0));
        assertEquals("   1 Alpha                           4      2.5", small.get(1));
        List<String> wide = ResultFormat.parse("wide").lines(List.of(ALPHA));
        assertEquals("Rank Name                          Elo     +/-   Games    Wins  Losses   Draws   Points   Score    Draw", wide.get(0));
        assertTrue(wide.get(1).endsWith("       4       2       1       1      2.5   62.5%   25.0%"), wide.get(1));
    }

    @Test
    void perColorSplitsTheResultsByColour() {
        List<String> l = ResultFormat.parse("per-color").lines(List.of(ALPHA));
        assertTrue(l.get(0).endsWith("   Points   wWins wLosses  wDraws  wPoints   bWins bLosses  bDraws  bPoints"), l.get(0));
        assertTrue(l.get(1).endsWith("      2.5       2       0       0      2.0       0       1       1      0.5"), l.get(1));
    }

    @Test
    void groupsExpandInsideAFormat() {
        assertEquals(ResultFormat.parse("Rank,Name,Time,Illegal,Discon,Stall,WrClaim").lines(List.of(ALPHA)),
            ResultFormat.parse("Rank,Name,Terminations").lines(List.of(ALPHA)));
        ResultFormat.parse("wide3");
    }

    @Test
    void helpListsTheNamesAsCutechessDoes() {
        List<String> h = ResultFormat.help();
        assertEquals("Option -resultformat accepts a comma separated list of fields or one of following format names:", h.get(0));
        assertEquals("concise ", h.get(2));
        assertEquals("   Rank,Name,Elo,Error,Games", h.get(3));
        assertEquals("default ", h.get(4));
        assertTrue(h.contains("per-color "), h.toString());
        assertTrue(h.contains("   Rank,Name,Elo,Error,Games,W,L,D,Points,wW,wL,wD,wPoints,bW,bL,bD,bPoints"), h.toString());
    }
}
