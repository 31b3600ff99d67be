package org.rookery.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BitboardsTest {
    @Test
    void magicLookupsAgreeWithRayWalkingOnRandomOccupancies() {
        SplittableRandom rnd = new SplittableRandom(42);
        for (int sq = 0; sq < 64; sq++) {
            for (int i = 0; i < 2000; i++) {
                long occ = rnd.nextLong() & rnd.nextLong();
                assertEquals(Bitboards.slowRookAttacks(sq, occ), Bitboards.rookAttacks(sq, occ), "rook on " + Square.name(sq));
                assertEquals(Bitboards.slowBishopAttacks(sq, occ), Bitboards.bishopAttacks(sq, occ), "bishop on " + Square.name(sq));
            }
        }
    }

    @Test
    void betweenAndLineTables() {
        assertEquals(Bitboards.bit(Square.F1) | Bitboards.bit(Square.G1), Bitboards.BETWEEN[Square.E1][Square.H1]);
        assertEquals(0L, Bitboards.BETWEEN[Square.A1][Square.of(1, 2)], "no common line");
        assertEquals(Bitboards.FILE_A, Bitboards.LINE[Square.A1][Square.A8]);
        assertEquals(8, Long.bitCount(Bitboards.LINE[Square.A1][Square.H8]));
        assertEquals(8, Long.bitCount(Bitboards.KNIGHT_ATTACKS[Square.of(3, 3)]));
        assertEquals(3, Long.bitCount(Bitboards.KING_ATTACKS[Square.A1]));
    }

    /** The embedded magic constants are exactly what the seeded search finds. */
    @Test
    void embeddedMagicsAreReproducible() {
        long[] seed = {0x2545F4914F6CDD1DL};
        for (int sq = 0; sq < 64; sq++) assertEquals(Bitboards.rookMagic(sq), Bitboards.findMagic(sq, true, seed), "rook " + sq);
        for (int sq = 0; sq < 64; sq++) assertEquals(Bitboards.bishopMagic(sq), Bitboards.findMagic(sq, false, seed), "bishop " + sq);
    }
}
