package org.rookery.workers.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.rookery.workers.kafka.KafkaClients;
import picocli.CommandLine.Option;

/** The connection options every Kafka command shares ({@code --bootstrap}, {@code --kafka-config}). */
public final class KafkaOptions {
    @Option(names = "--bootstrap", paramLabel = "HOST:PORT[,HOST:PORT]",
        description = "Kafka bootstrap servers (default: the local broker's DATA/kafka/bootstrap.txt, see --data)")
    String bootstrap;

    @Option(names = "--kafka-config", paramLabel = "FILE",
        description = "Kafka client properties (security.protocol, sasl.*, ssl.*, ...) passed to every client")
    Path kafkaConfig;

    @Option(names = "--data", paramLabel = "DIR", description = "data root of 'rookery kafka start' (default: ./rookery-data)")
    Path data = Path.of("rookery-data");

    /** The clients, defaulting to the broker 'rookery kafka start' runs for --data. */
    public KafkaClients clients() throws IOException {
        String b = bootstrap;
        if (b == null && kafkaConfig == null) {
            Path f = data.resolve("kafka").resolve("bootstrap.txt");
            if (!java.nio.file.Files.exists(f)) {
                throw new IllegalArgumentException("--bootstrap HOST:PORT is required (no local broker: " + f + " does not exist; start one with 'rookery kafka start')");
            }
            b = java.nio.file.Files.readString(f).trim();
        }
        return KafkaClients.of(b, kafkaConfig);
    }
}
