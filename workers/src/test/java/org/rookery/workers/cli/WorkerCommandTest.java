package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.cli.Cli;

/** {@code rookery worker} against a cluster that is not there: a bounded wait, then one line and a non-zero status. */
class WorkerCommandTest {
    private static String[] run(String... args) {
        PrintStream saved = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status;
        try {
            System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            status = Cli.run(new WorkersMain(), args);
        } finally {
            System.setErr(saved);
        }
        return new String[] {String.valueOf(status), bytes.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void anUnreachableBrokerIsOneLineNamingItAfterTheConnectTimeout() {
        long t0 = System.nanoTime();
        String[] r = run("worker", "--bootstrap", "127.0.0.1:1", "--connect-timeout", "2");
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals("1", r[0], r[1]);
        assertEquals(List.of("rookery worker: no Kafka broker answered at 127.0.0.1:1 within 2 s"), r[1].lines().toList());
        assertTrue(seconds >= 2 && seconds < 15, "waited " + seconds + " s");
    }

    @Test
    void aConnectTimeoutBelowOneSecondIsRefused() {
        String[] r = run("worker", "--bootstrap", "127.0.0.1:1", "--connect-timeout", "0");
        assertEquals("2", r[0], r[1]);
        assertEquals(List.of("rookery worker: --connect-timeout: expected a positive number of seconds, got 0"), r[1].lines().toList());
    }
}
