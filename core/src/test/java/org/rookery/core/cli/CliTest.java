package org.rookery.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

class CliTest {
    @Command(name = "hungry")
    static final class Hungry implements Callable<Integer> {
        final Throwable toThrow;

        Hungry(Throwable toThrow) {
            this.toThrow = toThrow;
        }

        @Override
        public Integer call() throws Exception {
            if (toThrow instanceof Error e) throw e;
            throw (Exception) toThrow;
        }
    }

    private static String stderrOf(Throwable thrown, int[] status) {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            status[0] = Cli.run(new Hungry(thrown), new String[0]);
        } finally {
            System.setErr(saved);
        }
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void runningOutOfHeapIsOneLineNamingTheFix() {
        int[] status = new int[1];
        for (Throwable t : new Throwable[] {new OutOfMemoryError("Java heap space"),
                new RuntimeException("worker failed", new OutOfMemoryError("Java heap space"))}) {
            String err = stderrOf(t, status);
            assertEquals(1, status[0], err);
            assertEquals(1, err.lines().count(), "one line, no stack trace: " + err);
            assertTrue(err.startsWith("rookery hungry: out of memory") && err.contains("ROOKERY_JAVA_OPTS=-Xmx"), err);
        }
    }

    @Test
    void anUnreachableServiceIsOneLineWithItsMessage() {
        int[] status = new int[1];
        String err = stderrOf(new Unavailable("no Kafka broker answered at 127.0.0.1:1 within 30 s"), status);
        assertEquals(1, status[0], err);
        assertEquals("rookery hungry: no Kafka broker answered at 127.0.0.1:1 within 30 s", err.strip());
    }
}
