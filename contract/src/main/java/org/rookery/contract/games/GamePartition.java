package org.rookery.contract.games;

/**
 * Which partition of {@code rookery.games} holds a match's games: all of them go to one, so every
 * read_committed reader (the watcher applying the SPRT, the dashboard's live feed, the sink) meets them
 * in one order, the partition's offsets, and the sink's {@code record_offset} keeps that order for
 * {@code analyze sprt}. Spreading them over the partitions, as hashing the game id did, let each
 * reader interleave the partitions as its polls happened to come, an order nothing recorded.
 */
public final class GamePartition {
    private GamePartition() {
    }

    /**
     * The partition of {@code matchId}'s games among {@code partitions}: its {@link String#hashCode()}
     * (which the Java Language Specification fixes) modulo the count, so every worker, whatever its JVM,
     * picks the same one.
     */
    public static int of(String matchId, int partitions) {
        if (partitions <= 0) throw new IllegalArgumentException("partitions must be positive, not " + partitions);
        return Math.floorMod(matchId.hashCode(), partitions);
    }
}
