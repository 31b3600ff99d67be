package org.rookery.stats.spsa;

import java.util.random.RandomGenerator;

/** A generator whose flips and uniforms are scripted, so every update can be computed by hand. */
final class FixedRandom implements RandomGenerator {
    private final boolean flip;
    private final double uniform;

    FixedRandom(boolean flip, double uniform) {
        this.flip = flip;
        this.uniform = uniform;
    }

    @Override public long nextLong() { throw new AssertionError("only nextBoolean and nextDouble are drawn"); }
    @Override public boolean nextBoolean() { return flip; }
    @Override public double nextDouble() { return uniform; }
}
