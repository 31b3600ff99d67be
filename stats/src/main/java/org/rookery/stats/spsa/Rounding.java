package org.rookery.stats.spsa;

import java.util.random.RandomGenerator;

/** fishtest's two ways of turning an integer parameter's clipped value into the whole number played. */
public enum Rounding {
    /** Nearest whole number, halves to even (fishtest's worker calls Python's {@code round()}). */
    DETERMINISTIC,
    /** {@code floor(v + U[0,1))}: 4.3 plays as 5 with probability 0.3, so the value played is right on average. */
    RANDOMIZED;

    /** The whole number played for {@code v}; {@code rng} is drawn only by {@link #RANDOMIZED}. */
    public double apply(double v, RandomGenerator rng) {
        return this == DETERMINISTIC ? Math.rint(v) : Math.floor(v + rng.nextDouble());
    }
}
