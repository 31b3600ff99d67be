package org.rookery.bench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rookery.bench.CommandRun;

class KafkaBenchCommandTest {
    @Test
    void tooFewGamesIsAUsageErrorBeforeAnyBrokerStarts() {
        CommandRun r = CommandRun.of(new KafkaBenchCommand(), "--games", "1");
        assertEquals(2, r.status());
        assertEquals("rookery bench kafka: --games ≥ 2, --slots, --batch and --partitions ≥ 1", r.err().strip());
        assertTrue(r.out().isEmpty(), r.out());
    }

    @Test
    void theFormattedResultNamesEveryFigure() {
        String s = KafkaBench.format(new KafkaBench.Result(200, 2.0, 100.0, 5, 9, 12, 20, 11_500.4));
        assertEquals("200 games in 2.00 s: 100 games/s end-to-end; finished->readable latency p50 5 ms, p95 9 ms, p99 12 ms, "
            + "max 20 ms; 11500 bytes per game record", s);
    }
}
