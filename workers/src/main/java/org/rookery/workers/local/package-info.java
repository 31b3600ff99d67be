/**
 * {@code --data DIR} of the local {@code gauntlet} and {@code tune}: the run's records, exactly as a
 * distributed run puts them on Kafka ({@code rookery.matches}, {@code rookery.games},
 * {@code rookery.spsa}), spooled to a file that the sink's own batch writer turns into the tables
 * ({@code rookery sink --records}), so there is one writer and one schema.
 */
package org.rookery.workers.local;
