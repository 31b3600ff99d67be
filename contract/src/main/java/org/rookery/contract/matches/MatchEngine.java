package org.rookery.contract.matches;

import org.rookery.contract.tasks.EngineLimits;

/**
 * One engine of a match definition: its registry name and the limits the match plays it with
 * (clock, nodes, depth, margin, reference nps, and for a tuning run the registry entry it stands for).
 *
 * @param limits the engine's limits, or null in records that named engines only (before limits were written)
 */
public record MatchEngine(String name, EngineLimits limits) {
    /** The engine's {@code tc}, or null. */
    public String timeControl() {
        return limits == null ? null : limits.tc();
    }
}
