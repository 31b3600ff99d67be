package org.rookery.workers.kafka;

import java.util.List;
import org.rookery.contract.tasks.PairTask;
import org.rookery.workers.match.GameRecord;

/** What a worker slot plays a task with: real engines, or synthetic games for benchmarks. */
public interface GamePlayer extends AutoCloseable {
    /**
     * Refuses a task this player cannot play (an engine missing from the registry) with a
     * {@link BadRecordException}, before any game starts.
     */
    void check(PairTask task);

    /** Plays the task's games in order. */
    List<GameRecord> play(PairTask task);

    /** Whether tasks finish so fast that a slot should commit several per transaction. */
    boolean batches();

    /** Ends any game in progress at once (the worker is closing). */
    void abort();

    @Override
    void close();
}
