package org.rookery.endgame.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.index.Material;

/** Published longest mates (Karrer/Haworth statistics, repeated in many sources) against the generated tables. */
class KnownValuesTest {
    private static int longestWin(String material) {
        Table t = Fixture.tablebase().table(Material.parse(material));
        return Math.max(t.header().longestDtm[0], t.header().longestDtm[1]);
    }

    @Test
    void longestMatesMatchTheLiterature() {
        assertEquals(2 * 10 - 1, longestWin("KQvK"), "KQK: mate in 10");
        assertEquals(2 * 16 - 1, longestWin("KRvK"), "KRK: mate in 16");
        assertEquals(2 * 28 - 1, longestWin("KPvK"), "KPK: mate in 28");
        assertEquals(2 * 19 - 1, longestWin("KBBvK"), "KBBK: mate in 19");
        assertEquals(2 * 33 - 1, longestWin("KBNvK"), "KBNK: mate in 33");
        assertEquals(2 * 35 - 1, longestWin("KQvKR"), "KQKR: mate in 35");
        assertEquals(2 * 40 - 1, longestWin("KRvKN"), "KRKN: mate in 40");
        assertEquals(0, longestWin("KNvK"));
        assertEquals(0, longestWin("KBvK"));
    }

    @Test
    void publishedLongestMatePositions() {
        Tablebase tb = Fixture.tablebase();
        long kqk = tb.probe(Position.fromFen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1"));
        assertEquals(19, Probe.dtm(kqk), "Ka1 Qb2 kf5: the only KQK mate in 10");
        assertEquals(Category.WIN, Probe.category(kqk, 0));
        assertEquals(31, Probe.dtm(tb.probe(Position.fromFen("8/8/8/8/8/2k5/1R6/K7 w - - 0 1"))), "Ka1 Rb2 kc3: KRK mate in 16");
        assertEquals(55, Probe.dtm(tb.probe(Position.fromFen("8/8/8/1k6/8/8/K5P1/8 w - - 0 1"))), "Ka2 Pg2 kb5: KPK mate in 28");
        // the same KPK position with colours reversed is probed through the colour-flipped table
        assertEquals(55, Probe.dtm(tb.probe(Position.fromFen("8/k5p1/8/8/1K6/8/8/8 b - - 0 1"))));
        long mated = tb.probe(Position.fromFen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"));
        assertEquals(Values.loss(0), Probe.dtmValue(mated));
        assertEquals(Category.LOSS, Probe.category(mated, 0));
        long stalemate = tb.probe(Position.fromFen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"));
        assertEquals(Category.DRAW, Probe.category(stalemate, 0));
        assertTrue(Probe.found(stalemate));
    }

    @Test
    void halfmoveClockTurnsLateWinsIntoCursedOnes() {
        Position p = Position.fromFen("8/8/8/5k2/8/8/1Q6/K7 w - - 85 60");
        long r = Fixture.tablebase().probe(p);
        assertEquals(Category.CURSED_WIN, Probe.category(r, p.halfmoveClock()), "19 plies to mate with 85 already gone exceeds 100");
        assertEquals(Category.WIN, Probe.category(r, 81));
    }
}
