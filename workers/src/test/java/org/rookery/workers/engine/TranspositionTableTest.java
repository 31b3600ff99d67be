package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rookery.core.board.Move;

class TranspositionTableTest {

    @Test
    void sizeIsThePowerOfTwoThatFitsTheMegabytes() {
        assertEquals(65_536, new TranspositionTable(1).entries());
        assertEquals(1 << 20, new TranspositionTable(16).entries());
        assertEquals(1 << 20, new TranspositionTable(17).entries());
        assertThrows(IllegalArgumentException.class, () -> new TranspositionTable(0));
    }

    @Test
    void storesAndProbesEveryField() {
        TranspositionTable tt = new TranspositionTable(1);
        long key = 0x1234_5678_9ABC_DEF0L;
        int move = Move.of(12, 28, Move.DOUBLE_PUSH);
        tt.store(key, move, -321, 7, TranspositionTable.LOWER, 0);
        long e = tt.probe(key);
        assertEquals(move, TranspositionTable.move(e));
        assertEquals(-321, TranspositionTable.score(e, 0));
        assertEquals(7, TranspositionTable.depth(e));
        assertEquals(TranspositionTable.LOWER, TranspositionTable.bound(e));
        assertEquals(0, tt.probe(key ^ 1), "a different key with the same bucket must miss");
    }

    @Test
    void mateScoresAreAdjustedByPly() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.store(42L, Move.NONE, Score.MATE - 9, 3, TranspositionTable.EXACT, 4);
        assertEquals(Score.MATE - 11, TranspositionTable.score(tt.probe(42L), 6));
        tt.store(43L, Move.NONE, Score.matedIn(6), 3, TranspositionTable.EXACT, 2);
        assertEquals(Score.matedIn(5), TranspositionTable.score(tt.probe(43L), 1));
    }

    @Test
    void keepsTheMoveWhenAResultHasNone() {
        TranspositionTable tt = new TranspositionTable(1);
        int move = Move.of(6, 21, Move.QUIET);
        tt.store(99L, move, 10, 5, TranspositionTable.EXACT, 0);
        tt.store(99L, Move.NONE, -40, 6, TranspositionTable.UPPER, 0);
        long e = tt.probe(99L);
        assertEquals(move, TranspositionTable.move(e));
        assertEquals(-40, TranspositionTable.score(e, 0));
        assertEquals(TranspositionTable.UPPER, TranspositionTable.bound(e));
    }

    @Test
    void replacementPrefersOldAndShallowEntries() {
        TranspositionTable tt = new TranspositionTable(1);
        long base = 5L << 32; // keys differing only in the low half share a bucket
        tt.store(base | 1, Move.NONE, 1, 9, TranspositionTable.EXACT, 0);
        tt.store(base | 2, Move.NONE, 2, 3, TranspositionTable.EXACT, 0);
        tt.store(base | 3, Move.NONE, 3, 5, TranspositionTable.EXACT, 0); // evicts the depth-3 entry
        assertTrue(tt.probe(base | 1) != 0);
        assertEquals(0, tt.probe(base | 2));
        assertTrue(tt.probe(base | 3) != 0);
        tt.newSearch();
        tt.store(base | 4, Move.NONE, 4, 1, TranspositionTable.EXACT, 0); // both old: the shallower goes
        assertTrue(tt.probe(base | 4) != 0);
        assertTrue(tt.probe(base | 1) != 0);
        assertEquals(0, tt.probe(base | 3));
        tt.store(base | 5, Move.NONE, 5, 1, TranspositionTable.EXACT, 0); // an old entry goes first, however deep
        assertTrue(tt.probe(base | 4) != 0);
        assertEquals(0, tt.probe(base | 1));
    }

    @Test
    void hashfullCountsThisSearchAndClearEmpties() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.newSearch();
        assertEquals(0, tt.hashfull());
        for (long i = 0; i < 500; i++) tt.store(i << 33, Move.NONE, 0, 1, TranspositionTable.EXACT, 0);
        // Key i << 33 lands in bucket 2i: 500 of the first 1000 slots are now used.
        assertEquals(500, tt.hashfull());
        tt.newSearch();
        assertEquals(0, tt.hashfull(), "entries of an earlier search do not count");
        tt.clear();
        assertEquals(0, tt.probe(0L));
        assertEquals(0, tt.probe(1L << 33));
    }
}
