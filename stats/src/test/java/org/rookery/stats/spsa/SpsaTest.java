package org.rookery.stats.spsa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every update against values computed by hand (Python, from the formulas of docs/tuning.md) for
 * N = 100 pairs, A = 10: {@code c = C_END·100^0.101}, {@code a = R_END·C_END²·110^0.602}.
 */
class SpsaTest {
    private static final double EPS = 1e-12;
    private static final SpsaSchedule N100 = SpsaSchedule.fishtest(100);
    private static final SpsaParameter X = SpsaParameter.parse("X,50,0,100,4,0.002");

    @Test
    void scheduleStartsFromItsConstantsAndEndsAtCEndAndREnd() {
        assertEquals(10.0, N100.bigA(), EPS);
        assertEquals(6.368834908204681, N100.c(X), EPS);
        assertEquals(0.542086229067922, N100.a(X), EPS);
        assertEquals(6.368834908204681, N100.ck(X, 1), EPS);
        assertEquals(0.1279823199235512, N100.ak(X, 1), EPS);
        assertEquals(4.0, N100.ck(X, 100), EPS);
        assertEquals(0.002, N100.ak(X, 100) / (4.0 * 4.0), EPS);
    }

    @Test
    void firstIterationPlaysThetaPlusMinusCkRoundedAndMovesByAkROverCk() {
        Spsa s = new Spsa(List.of(X), N100, Rounding.DETERMINISTIC);
        SpsaProbe p = s.next(new FixedRandom(true, 0));
        assertEquals(1, p.k());
        assertArrayEquals(new int[] {1}, p.flips());
        assertArrayEquals(new double[] {56}, p.plus(), EPS); // round(56.3688)
        assertArrayEquals(new double[] {44}, p.minus(), EPS); // round(43.6312)
        SpsaStep step = s.update(p, 2);
        assertArrayEquals(new double[] {50}, step.before(), EPS);
        assertArrayEquals(new double[] {50.04019018290415}, step.after(), EPS);
        assertArrayEquals(step.after(), s.theta(), EPS);
    }

    @Test
    void lastIterationUsesCEndAndREndAndThenNoMorePairs() {
        Spsa s = new Spsa(List.of(X), N100, Rounding.DETERMINISTIC);
        SpsaProbe p = null;
        for (int i = 0; i < 100; i++) {
            p = s.next(new FixedRandom(false, 0));
            if (i < 99) s.update(p, 0); // a drawn pair leaves θ where it is
        }
        assertEquals(100, p.k());
        assertArrayEquals(new double[] {4.0}, p.ck(), EPS);
        assertArrayEquals(new double[] {46}, p.plus(), EPS); // 50 − 4
        assertArrayEquals(new double[] {54}, p.minus(), EPS);
        assertTrue(s.exhausted());
        assertNull(s.next(new FixedRandom(true, 0)));
        // Δ = −1, R = −1: θ += 0.032 · (−1) / (4 · (−1)) = +0.008
        assertArrayEquals(new double[] {50.008}, s.update(p, -1).after(), EPS);
        assertEquals(100, s.applied());
    }

    @Test
    void valuesPlayedAndThetaAreClippedToTheRange() {
        SpsaParameter y = SpsaParameter.parse("Y,0.9,0.0,1.0,0.2,50");
        Spsa up = new Spsa(List.of(y), N100, Rounding.DETERMINISTIC);
        SpsaProbe p = up.next(new FixedRandom(true, 0));
        assertArrayEquals(new double[] {1.0}, p.plus(), EPS); // 0.9 + 0.3184 clipped
        assertArrayEquals(new double[] {0.581558254589766}, p.minus(), EPS); // a float: not rounded
        assertArrayEquals(new double[] {1.0}, up.update(p, 2).after(), EPS); // 0.9 + 50.24 clipped
        Spsa down = new Spsa(List.of(y), N100, Rounding.DETERMINISTIC);
        assertArrayEquals(new double[] {0.0}, down.update(down.next(new FixedRandom(true, 0)), -2).after(), EPS);
    }

    @Test
    void resultsArrivingOutOfOrderUseTheirOwnIterationsGains() {
        Spsa s = new Spsa(List.of(X), N100, Rounding.DETERMINISTIC);
        SpsaProbe first = s.next(new FixedRandom(true, 0));
        SpsaProbe second = s.next(new FixedRandom(true, 0));
        assertEquals(2, second.k());
        assertArrayEquals(new double[] {56}, second.plus(), EPS); // round(55.9382): θ had not moved yet
        assertArrayEquals(new double[] {50.020452448270795}, s.update(second, 1).after(), EPS);
        SpsaStep late = s.update(first, -2);
        assertArrayEquals(new double[] {50.020452448270795}, late.before(), EPS);
        assertArrayEquals(new double[] {49.98026226536664}, late.after(), EPS);
    }

    @Test
    void integerValuesRoundAsFishtestDoes() {
        assertEquals(4, Rounding.RANDOMIZED.apply(4.3, new FixedRandom(true, 0.69)), EPS);
        assertEquals(5, Rounding.RANDOMIZED.apply(4.3, new FixedRandom(true, 0.71)), EPS);
        assertEquals(2, Rounding.DETERMINISTIC.apply(2.5, null), EPS);
        assertEquals(4, Rounding.DETERMINISTIC.apply(3.5, null), EPS);
        Spsa s = new Spsa(List.of(X), N100, Rounding.RANDOMIZED);
        SpsaProbe p = s.next(new FixedRandom(true, 0.7)); // 56.3688 + 0.7 → 57; 43.6312 + 0.7 → 44
        assertArrayEquals(new double[] {57}, p.plus(), EPS);
        assertArrayEquals(new double[] {44}, p.minus(), EPS);
    }

    @Test
    void aProbeOfAnotherRunIsRefused() {
        Spsa s = new Spsa(List.of(X), N100, Rounding.DETERMINISTIC);
        SpsaProbe foreign = new SpsaProbe(101, new int[] {1}, new double[] {4}, new double[] {50}, new double[] {54}, new double[] {46});
        assertThrows(IllegalArgumentException.class, () -> s.update(foreign, 1));
        assertThrows(IllegalArgumentException.class, () -> new Spsa(List.of(), N100, Rounding.DETERMINISTIC));
    }

    @Test
    void aResumedRunContinuesWhereTheLogLeftIt() {
        // The same two pairs, once straight through and once with a "crash" after handing out both.
        Spsa straight = new Spsa(List.of(X), N100, Rounding.DETERMINISTIC);
        SpsaProbe p1 = straight.next(new FixedRandom(true, 0));
        SpsaProbe p2 = straight.next(new FixedRandom(false, 0));
        straight.update(p1, 2);
        Spsa resumed = Spsa.resumed(List.of(X), N100, Rounding.DETERMINISTIC, straight.theta(), 2, 1);
        straight.update(p2, -1);
        resumed.update(p2, -1);
        assertArrayEquals(straight.theta(), resumed.theta(), EPS);
        assertEquals(2, resumed.applied());
        assertEquals(2, resumed.handedOut());
        assertEquals(3, resumed.next(new FixedRandom(true, 0)).k());
        assertThrows(IllegalArgumentException.class, () -> Spsa.resumed(List.of(X), N100, Rounding.DETERMINISTIC, new double[] {50}, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> Spsa.resumed(List.of(X), N100, Rounding.DETERMINISTIC, new double[] {50}, 101, 0));
    }
}
