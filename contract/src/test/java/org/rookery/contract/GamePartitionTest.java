package org.rookery.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.rookery.contract.games.GamePartition;

/**
 * The partition of a match's games is the documented rule (docs/schema.md: the id's Java
 * {@code String.hashCode} mod the partition count), pinned with values computed apart from Java
 * (Python's 31-polynomial over the characters, wrapped to 32 bits), negative hashes included.
 */
class GamePartitionTest {
    @Test
    void theMatchIdsHashModThePartitionsAsDocumented() {
        assertEquals(6, GamePartition.of("m-2b58cdc7506148ae", 12)); // hash -2,048,462,202
        assertEquals(4, GamePartition.of("m-2b58cdc7506148ae", 7));
        assertEquals(8, GamePartition.of("m-00000000deadbeef", 12)); // hash 728,277,992
        assertEquals(1, GamePartition.of("m-00000000deadbeef", 7));
        assertEquals(0, GamePartition.of("m-ffffffffffffffff", 12)); // hash -1,949,011,104
        assertEquals(2, GamePartition.of("m-ffffffffffffffff", 7));
        assertEquals(0, GamePartition.of("m-ffffffffffffffff", 1));
        assertThrows(IllegalArgumentException.class, () -> GamePartition.of("m-ffffffffffffffff", 0));
    }
}
