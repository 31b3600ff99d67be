package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TallyTest {

    @Test
    void countsWinsDrawsAndLosses() {
        Tally t = new Tally();
        t.add(1, Tally.NO_PAIR);
        t.add(1, Tally.NO_PAIR);
        t.add(0.5, Tally.NO_PAIR);
        t.add(0, Tally.NO_PAIR);
        assertEquals(new Trinomial(2, 1, 1), t.trinomial());
        assertEquals(4, t.games());
        assertEquals(0, t.pentanomial().pairs(), "games outside pairs make no pair");
        assertFalse(t.paired());
    }

    @Test
    void pairsCompleteInEitherOrder() {
        Tally t = new Tally();
        t.add(1, 7);      // pair 7's first game to arrive
        t.add(0.5, 3);
        t.add(0.5, 3);    // pair 3: DD
        t.add(1, 7);      // pair 7: WW
        t.add(0, 5);
        t.add(1, 5);      // pair 5: LW, one point like DD
        t.add(0.5, 9);
        t.add(0, 9);      // pair 9: DL
        assertEquals(new Pentanomial(0, 1, 2, 0, 1), t.pentanomial());
        assertEquals(new Trinomial(3, 3, 2), t.trinomial());
        assertEquals(0, t.unfinishedPairs());
        assertTrue(t.paired());
    }

    @Test
    void anUnfinishedPairCountsInWinsDrawsAndLossesOnly() {
        Tally t = new Tally();
        t.add(0.5, 0);
        t.add(1, 0);      // pair 0: WD
        t.add(1, 1);      // pair 1 waits for its second game
        assertEquals(new Pentanomial(0, 0, 0, 1, 0), t.pentanomial());
        assertEquals(new Trinomial(2, 1, 0), t.trinomial());
        assertEquals(1, t.unfinishedPairs());
        t.add(0, 1);
        assertEquals(new Pentanomial(0, 0, 1, 1, 0), t.pentanomial());
        assertEquals(0, t.unfinishedPairs());
    }

    @Test
    void aThirdGameOfAPairIndexOpensANewPair() {
        Tally t = new Tally();
        t.add(0, 2);
        t.add(0, 2);
        t.add(1, 2);
        assertEquals(new Pentanomial(1, 0, 0, 0, 0), t.pentanomial());
        assertEquals(1, t.unfinishedPairs());
    }

    @Test
    void rejectsScoresAndPairIndicesNoGameHas() {
        Tally t = new Tally();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.add(0.25, 0));
        assertEquals("a game scores 1, 0.5 or 0, not 0.25", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> t.add(Double.NaN, Tally.NO_PAIR));
        assertThrows(IllegalArgumentException.class, () -> t.add(1, -2));
        assertEquals(0, t.games(), "a rejected game is not counted");
    }
}
