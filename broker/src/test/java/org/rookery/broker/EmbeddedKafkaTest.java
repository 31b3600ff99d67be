package org.rookery.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The broker's life cycle: start, status, busy ports, restart on the same data, and no orphans. */
@Tag("kafka") // a real broker: .ci/run also runs the slow ones (./rookery test kafka)
class EmbeddedKafkaTest {
    @TempDir Path tmp;

    @Test
    void startsOnAFreePortAndStopsCleanly() throws Exception {
        startAndStop();
    }

    @Test
    @Tag("slow") // a second broker start-up: ./rookery test slow
    void restartsOnTheSameAddress() throws Exception {
        String first = startAndStop();
        try (EmbeddedKafka again = EmbeddedKafka.start(tmp)) {
            assertEquals(first, again.bootstrap(), "a restart keeps the address clients know");
            assertTrue(accepts(again.bootstrap()));
        }
    }

    private String startAndStop() throws Exception {
        String first;
        long pid;
        // Hold 9092 so the broker must pick a free port, as on a machine where Kafka already runs.
        try (ServerSocket busy = occupy(9092); EmbeddedKafka k = EmbeddedKafka.start(tmp)) {
            first = k.bootstrap();
            pid = k.pid();
            if (busy != null) assertNotEquals("127.0.0.1:9092", first);
            assertTrue(accepts(first), first);
            assertEquals(first, Files.readString(tmp.resolve("kafka/bootstrap.txt"), StandardCharsets.UTF_8).trim());
            assertEquals(pid, EmbeddedKafka.running(tmp).orElseThrow().pid());
            IllegalStateException twice = assertThrows(IllegalStateException.class, () -> EmbeddedKafka.start(tmp));
            assertTrue(twice.getMessage().startsWith("a broker already runs for "), twice.getMessage());
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "close() stopped the broker");
        assertTrue(EmbeddedKafka.running(tmp).isEmpty());
        assertFalse(Files.exists(tmp.resolve("kafka/bootstrap.txt")));
        return first;
    }

    @Test
    void aTiedBrokerEndsWhenItsParentIsKilled() throws Exception {
        // A parent JVM that starts a broker and then waits; kill -9 it and the broker must follow.
        Path marker = tmp.resolve("parent.out");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process parent = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
            "org.rookery.broker.EmbeddedKafkaTest$Parent", tmp.toString())).redirectErrorStream(true).redirectOutput(marker.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (EmbeddedKafka.running(tmp).isEmpty() || !Files.readString(marker).contains("started")) {
            assertTrue(parent.isAlive(), Files.readString(marker));
            assertTrue(System.nanoTime() < deadline, "the parent did not start its broker");
            Thread.sleep(200);
        }
        long broker = EmbeddedKafka.running(tmp).orElseThrow().pid();
        parent.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        ProcessHandle h = ProcessHandle.of(broker).orElseThrow();
        h.onExit().get(60, TimeUnit.SECONDS);
        assertFalse(h.isAlive());
    }

    /** The parent process of {@link #aTiedBrokerEndsWhenItsParentIsKilled}. */
    public static final class Parent {
        public static void main(String[] args) throws Exception {
            EmbeddedKafka k = EmbeddedKafka.start(Path.of(args[0]));
            System.out.println("started " + k.bootstrap());
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    private static ServerSocket occupy(int port) {
        try {
            ServerSocket s = new ServerSocket();
            s.bind(new InetSocketAddress("127.0.0.1", port));
            return s;
        } catch (java.io.IOException e) {
            return null; // already taken by someone else: the broker must avoid it all the same
        }
    }

    private static boolean accepts(String bootstrap) {
        String[] hp = bootstrap.split(":");
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(hp[0], Integer.parseInt(hp[1])), 2000);
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
