/**
 * The local SPSA driver of {@code rookery tune}: game pairs θ+cΔ against θ−cΔ played by the match
 * runner's {@link org.rookery.workers.match.GameRunner} on long-lived engine processes, with the
 * update math of {@link org.rookery.stats.spsa}. See docs/tuning.md.
 */
package org.rookery.workers.tune;
