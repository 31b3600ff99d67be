package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** A match's task is open until the workers' group commits an offset past it; other matches' tasks do not count. */
class OpenTasksTest {
    private static final TopicPartition P0 = new TopicPartition(Topics.TASKS, 0), P1 = new TopicPartition(Topics.TASKS, 1);

    /** The match's tasks: offsets 3, 4, 5 on partition 0 and 7, 8 on partition 1 (given out of order). */
    private final OpenTasks tasks = OpenTasks.of(Map.of(P0, new long[] {5, 3, 4}, P1, new long[] {8, 7}));

    @Test
    void everyTaskIsOpenWhileTheGroupHasCommittedNothing() {
        assertEquals(5, tasks.tasks());
        assertEquals(5, tasks.open(Map.of()));
    }

    @Test
    void theCommittedOffsetIsTheNextTaskToPlaySoTheTaskThereIsStillInFlight() {
        // Partition 0: 3 and 4 are done (played or skipped), 5 is the one a slot may be playing.
        assertEquals(1 + 2, tasks.open(Map.of(P0, new OffsetAndMetadata(5))));
        assertEquals(1 + 1, tasks.open(Map.of(P0, new OffsetAndMetadata(5), P1, new OffsetAndMetadata(8))));
    }

    @Test
    void noneIsOpenOncePastTheLastTaskOfEachPartitionWhateverFollows() {
        assertEquals(0, tasks.open(Map.of(P0, new OffsetAndMetadata(6), P1, new OffsetAndMetadata(40),
            new TopicPartition(Topics.TASKS, 2), new OffsetAndMetadata(0))));
    }
}
