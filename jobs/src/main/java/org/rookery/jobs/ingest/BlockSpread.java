package org.rookery.jobs.ingest;

import org.apache.spark.Partitioner;

/**
 * Deals the blocks of compressed files out to the tasks that parse them, block k of a file to task
 * k mod n (a block's number is the low half of its unit id), so each task gets an even share of
 * every file. Dataset round-robin repartitioning did the same, but first sorted the blocks' bytes
 * in the decompressing task and wrote nothing until the whole file was decompressed and counted.
 */
final class BlockSpread extends Partitioner {
    private static final long serialVersionUID = 1L;

    private final int partitions;

    BlockSpread(int partitions) {
        this.partitions = partitions;
    }

    @Override
    public int numPartitions() {
        return partitions;
    }

    @Override
    public int getPartition(Object key) {
        long id = (Long) key;
        return (int) (((id & 0xffffffffL) + (id >>> 32)) % partitions);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BlockSpread b && b.partitions == partitions;
    }

    @Override
    public int hashCode() {
        return partitions;
    }
}
