package org.rookery.workers.engine;

/**
 * A playing strength from 0 (weakest) to 20 (full strength), for gauntlets between strengths of
 * one engine. Below 20 a level caps the search depth and nodes and adds bounded noise to every
 * evaluation. The noise is a hash of the position key and a seed, not a random stream, so a level
 * plays the same move for the same position, seed and limits every time, and a position reached
 * by transposition gets the same noise (keeping the transposition table consistent).
 *
 * @param level 0 … 20
 */
public record SkillLevel(int level) {
    public static final int MIN = 0, MAX = 20;

    public SkillLevel {
        if (level < MIN || level > MAX) throw new IllegalArgumentException("skill level must be 0..20, got " + level);
    }

    public static SkillLevel full() {
        return new SkillLevel(MAX);
    }

    public boolean isFull() {
        return level == MAX;
    }

    /** Deepest iteration the level may search (0 = no cap). Level 0 sees one ply, level 19 ten. */
    public int depthCap() {
        return isFull() ? 0 : 1 + level / 2;
    }

    /** Node budget per move (0 = no cap): 500 at level 0, doubling every two levels. */
    public long nodeCap() {
        return isFull() ? 0 : 500L << (level / 2);
    }

    /** Largest noise magnitude in centipawns: 240 at level 0, 12 at level 19. */
    public int noiseAmplitude() {
        return (MAX - level) * 12;
    }

    /** The noise added to the evaluation of a position, in [−amplitude, +amplitude]. */
    public int noise(long key, long seed) {
        int amp = noiseAmplitude();
        if (amp == 0) return 0;
        long h = key ^ (seed * 0x9E3779B97F4A7C15L);
        // SplitMix64 finaliser: neighbouring keys and seeds give unrelated values.
        h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
        h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
        h ^= h >>> 31;
        return (int) Math.floorMod(h, 2L * amp + 1) - amp;
    }
}
