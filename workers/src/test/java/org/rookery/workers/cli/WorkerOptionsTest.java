package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rookery.workers.kafka.KafkaClients;
import org.rookery.workers.kafka.Topics;
import org.rookery.workers.kafka.Worker;
import picocli.CommandLine;

class WorkerOptionsTest {
    static WorkerOptions parse(String... args) {
        WorkerOptions o = new WorkerOptions();
        new CommandLine(o).parseArgs(args);
        return o;
    }

    @Test
    void theOptionsBecomeTheWorkersSettings() {
        Worker.Settings s = parse("--id", "w-1", "--concurrency", "3", "--group", "g", "--partitions", "8")
            .settings(KafkaClients.of("127.0.0.1:1"), 500);
        assertEquals("w-1", s.workerId());
        assertEquals(3, s.concurrency());
        assertEquals("g", s.group());
        assertEquals(8, s.taskPartitions());
        assertEquals(500, s.maxBatch());
        assertEquals("127.0.0.1:1", s.clients().bootstrap());
    }

    @Test
    void withoutOptionsAWorkerIsNamedAfterItsHostAndProcess() {
        Worker.Settings s = parse().settings(KafkaClients.of("127.0.0.1:1"), 1);
        assertTrue(s.workerId().endsWith("-" + ProcessHandle.current().pid()), s.workerId());
        assertEquals(1, s.concurrency());
        assertEquals("rookery-workers", s.group());
        assertEquals(Topics.DEFAULT_TASK_PARTITIONS, s.taskPartitions());
    }

    @Test
    void aBadNameIsRejectedNamingTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> parse("--id", "no spaces").settings(KafkaClients.of("127.0.0.1:1"), 1));
        assertTrue(e.getMessage().startsWith("--id: "), e.getMessage());
    }
}
