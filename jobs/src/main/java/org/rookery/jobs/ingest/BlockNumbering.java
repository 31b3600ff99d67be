package org.rookery.jobs.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Numbers the blocks a {@link BlockCutter} cut, in file order: counts each block's games and lines
 * as the reader numbers them ({@link Units#exactCount}) and gives it the game and line offsets of
 * all the blocks before it. A stage of its own so that, in a task that reads a compressed file, the
 * count runs on one thread while the next blocks are decompressed and cut on another.
 */
final class BlockNumbering implements Iterator<WorkUnit> {
    private final Iterator<WorkUnit> blocks;
    private long games;
    private long lines;

    /** Numbers {@code blocks}, the unnumbered blocks of one file in order. */
    BlockNumbering(Iterator<WorkUnit> blocks) {
        this.blocks = blocks;
    }

    @Override
    public boolean hasNext() {
        return blocks.hasNext();
    }

    @Override
    public WorkUnit next() {
        if (!blocks.hasNext()) {
            throw new NoSuchElementException();
        }
        WorkUnit block = blocks.next();
        byte[] data = block.getData();
        try {
            long[] c = Units.exactCount(data, data.length);
            block.setGameCount(c[0]);
            block.setLineCount(c[1]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        block.setGameOffset(games);
        block.setLineOffset(lines);
        games += block.getGameCount();
        lines += block.getLineCount();
        return block;
    }
}
