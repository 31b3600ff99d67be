package org.rookery.workers.engine;

/**
 * Start-up settings of the engine from its command line. {@code depth} and {@code nodes} are
 * defaults for {@code go} commands that bring no limit of their own; the other fields are the
 * initial values of the UCI options of the same meaning.
 *
 * @param depth default depth limit (0 = none)
 * @param nodes default node limit (0 = none)
 * @param level initial {@code Skill Level}, 0 … 20
 * @param hashMb initial {@code Hash} in megabytes
 * @param seed initial {@code Seed} of the skill noise
 * @param moveOverheadMs initial {@code Move Overhead}
 */
public record EngineSettings(int depth, long nodes, int level, int hashMb, long seed, int moveOverheadMs) {
    public static final int DEFAULT_HASH_MB = 16;
    public static final int MAX_HASH_MB = 1024;
    public static final int DEFAULT_MOVE_OVERHEAD_MS = 30;
    public static final int MAX_MOVE_OVERHEAD_MS = 5000;

    public EngineSettings {
        if (depth < 0 || depth >= Score.MAX_PLY) throw new IllegalArgumentException("depth must be 1.." + (Score.MAX_PLY - 1) + ", got " + depth);
        if (nodes < 0) throw new IllegalArgumentException("nodes must be positive, got " + nodes);
        if (level < SkillLevel.MIN || level > SkillLevel.MAX) throw new IllegalArgumentException("level must be 0..20, got " + level);
        if (hashMb < 1 || hashMb > MAX_HASH_MB) throw new IllegalArgumentException("hash must be 1.." + MAX_HASH_MB + " MB, got " + hashMb);
        if (seed < 0 || seed > Integer.MAX_VALUE) throw new IllegalArgumentException("seed must be 0.." + Integer.MAX_VALUE + ", got " + seed);
        if (moveOverheadMs < 0 || moveOverheadMs > MAX_MOVE_OVERHEAD_MS) {
            throw new IllegalArgumentException("move overhead must be 0.." + MAX_MOVE_OVERHEAD_MS + " ms, got " + moveOverheadMs);
        }
    }

    /** Full strength, no default limits, 16 MB hash. */
    public static EngineSettings defaults() {
        return new EngineSettings(0, 0, SkillLevel.MAX, DEFAULT_HASH_MB, 0, DEFAULT_MOVE_OVERHEAD_MS);
    }

    /**
     * The limits a {@code go} command runs with: its own when it has any (depth, nodes, move time
     * or a clock), else this engine's default depth and nodes. Defaults also end a {@code go
     * infinite}, so a fixed-depth engine works under GUIs that send it for untimed games.
     */
    public SearchLimits effectiveLimits(SearchLimits go) {
        if (go.hasOwnLimit() || (depth == 0 && nodes == 0)) return go;
        return go.withDepth(depth).withNodes(nodes).withInfinite(false);
    }
}
