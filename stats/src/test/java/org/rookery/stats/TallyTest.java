package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TallyTest {
    private static final int NO = Tally.NO_PAIR;

    /** Adds games given as (score, pair index), in the order they arrive. */
    private static Tally add(Tally t, double... scoreThenPair) {
        for (int i = 0; i < scoreThenPair.length; i += 2) t.add(scoreThenPair[i], (int) scoreThenPair[i + 1]);
        return t;
    }

    @Test
    void countsWinsDrawsAndLosses() {
        Tally t = add(new Tally(), 1, NO, 1, NO, 0.5, NO, 0, NO);
        assertEquals(new Trinomial(2, 1, 1), t.trinomial());
        assertEquals(4, t.games());
        assertEquals(0, t.pentanomial().pairs(), "games outside pairs make no pair");
        assertFalse(t.paired());
    }

    @Test
    void pairsCompleteInEitherOrder() {
        // Pair 7 opens first and closes fourth (WW); 3 is DD; 5 is LW, one point like DD; 9 is DL.
        Tally t = add(new Tally(), 1, 7, 0.5, 3, 0.5, 3, 1, 7, 0, 5, 1, 5, 0.5, 9, 0, 9);
        assertEquals(new Pentanomial(0, 1, 2, 0, 1), t.pentanomial());
        assertEquals(new Trinomial(3, 3, 2), t.trinomial());
        assertEquals(0, t.unfinishedPairs());
        assertTrue(t.paired());
    }

    @Test
    void anUnfinishedPairCountsInWinsDrawsAndLossesOnly() {
        Tally t = add(new Tally(), 0.5, 0, 1, 0, 1, 1); // pair 0 is WD, pair 1 waits for its second game
        assertEquals(new Pentanomial(0, 0, 0, 1, 0), t.pentanomial());
        assertEquals(new Trinomial(2, 1, 0), t.trinomial());
        assertEquals(1, t.unfinishedPairs());
        add(t, 0, 1);
        assertEquals(new Pentanomial(0, 0, 1, 1, 0), t.pentanomial());
        assertEquals(0, t.unfinishedPairs());
    }

    @Test
    void aThirdGameOfAPairIndexOpensANewPair() {
        Tally t = add(new Tally(), 0, 2, 0, 2, 1, 2);
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
