package org.rookery.endgame.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DivisorTest {
    /** The divisors decoding uses (group sizes C(64, k), king-pair counts) and awkward others, against the division operator. */
    @Test
    void dividesLikeTheOperator() {
        int[] divisors = {1, 2, 3, 7, 63, 64, 65, 462, 2016, 3612, 41664, 635376, 999_983, 1 << 20, (1 << 20) + 1, 46_341, Integer.MAX_VALUE};
        SplittableRandom rnd = new SplittableRandom(6);
        for (int d : divisors) {
            Divisor div = new Divisor(d);
            for (int n = 0; n < 100_000; n++) assertEquals(n / d, div.div(n), n + " / " + d);
            for (int n = Integer.MAX_VALUE; n > Integer.MAX_VALUE - 100_000; n--) assertEquals(n / d, div.div(n), n + " / " + d);
            for (int i = 0; i < 200_000; i++) {
                int n = rnd.nextInt(Integer.MAX_VALUE);
                assertEquals(n / d, div.div(n), n + " / " + d);
                // the values just below and at each multiple, where a wrong rounding shows
                long q = n / d;
                int at = (int) Math.min(Integer.MAX_VALUE, q * d), below = at - 1;
                assertEquals(at / d, div.div(at), at + " / " + d);
                if (below >= 0) assertEquals(below / d, div.div(below), below + " / " + d);
            }
        }
    }
}
