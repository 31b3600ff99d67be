/**
 * fishtest's SPSA, written from its published description: the schedules {@code c_k = c / k^gamma}
 * and {@code a_k = a / (A + k)^alpha} with {@code c} and {@code a} derived from each parameter's
 * {@code C_END} and {@code R_END}, a random ±1 per parameter for each game pair, the update
 * {@code θ += a_k · R / (c_k · Δ)} clipped to {@code [MIN, MAX]}, and fishtest's two roundings of
 * integer values. docs/tuning.md gives every formula with its source.
 *
 * <p>Pure math with no I/O: the local driver, the Kafka driver and a replay of stored results all
 * run the same {@link org.rookery.stats.spsa.Spsa}.
 */
package org.rookery.stats.spsa;
