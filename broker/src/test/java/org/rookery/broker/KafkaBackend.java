package org.rookery.broker;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;

/**
 * A Kafka cluster for integration tests. The local broker (a real broker process started by the
 * test) is always one backend; Testcontainers' Kafka is another where Docker is available, so the
 * same test bodies run against both and a machine without Docker still runs every test. Shared
 * through this module's test jar by every module with real-broker tests (workers, jobs).
 */
public interface KafkaBackend extends AutoCloseable {
    String name();

    String bootstrap();

    /** Whether {@link #restart()} keeps the data and the address (the local broker does). */
    boolean canRestart();

    /** Stops the broker cleanly and starts it again on the same data and address. */
    void restart() throws IOException;

    @Override
    void close();

    /**
     * Backends available here, in order; each is started by {@link #start}. Without Docker the
     * Testcontainers backend is left out, and that is said once on stderr rather than silently.
     */
    static List<String> available() {
        List<String> names = new ArrayList<>(List.of("local"));
        if (dockerAvailable()) names.add("testcontainers");
        else Notice.once();
        return names;
    }

    /** The one-time note that the Testcontainers backend is not run. */
    final class Notice {
        private static boolean said;

        private Notice() {}

        static synchronized void once() {
            if (said) return;
            said = true;
            System.err.println("kafka tests: Docker is not available, so they run against the local broker only "
                + "(Testcontainers' Kafka needs a Docker daemon)");
        }
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    static KafkaBackend start(String name, Path dir) throws IOException {
        return name.equals("local") ? new Local(dir) : new Containers();
    }

    /** The embedded broker in a child JVM. */
    final class Local implements KafkaBackend {
        private final Path dir;
        private EmbeddedKafka kafka;

        Local(Path dir) throws IOException {
            this.dir = dir;
            this.kafka = EmbeddedKafka.start(dir);
        }

        @Override public String name() { return "local broker"; }

        @Override public String bootstrap() { return kafka.bootstrap(); }

        @Override public boolean canRestart() { return true; }

        @Override
        public void restart() throws IOException {
            String before = kafka.bootstrap();
            kafka.close();
            kafka = EmbeddedKafka.start(dir);
            if (!kafka.bootstrap().equals(before)) throw new IllegalStateException("restart moved the broker from " + before + " to " + kafka.bootstrap());
        }

        @Override public void close() { kafka.close(); }
    }

    /** Apache Kafka in a container (only where Docker runs). */
    final class Containers implements KafkaBackend {
        private final KafkaContainer container = new KafkaContainer("apache/kafka:3.9.1");

        Containers() {
            container.start();
        }

        @Override public String name() { return "testcontainers"; }

        @Override public String bootstrap() { return container.getBootstrapServers(); }

        @Override public boolean canRestart() { return false; }

        @Override public void restart() { throw new UnsupportedOperationException("the container's mapped port changes on restart"); }

        @Override public void close() { container.stop(); }
    }
}
