package org.rookery.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchMainTest {
    /** The name each command's errors and help use: what the user typed after ./rookery. */
    static String commandName(String arg) {
        return new CommandLine(BenchMain.command(arg)).getCommandName();
    }

    @Test
    void eachBenchmarkHereIsNamedAsTyped() {
        assertEquals("bench core", commandName("core"));
        assertEquals("bench kafka", commandName("kafka"));
        assertEquals("bench kafka-worker", commandName("kafka-worker"));
        assertEquals("bench dashboard", commandName("dashboard"));
        assertEquals("tb bench", commandName("tb"));
    }

    @Test
    void theOthersAreNotHere() {
        assertNull(BenchMain.command("jmh"), "JMH runs in the benchmarks module");
        assertNull(BenchMain.command("analyze"), "bench analyze runs in bench-spark");
        assertNull(BenchMain.command(""));
    }
}
