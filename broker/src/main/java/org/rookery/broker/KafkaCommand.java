package org.rookery.broker;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rookery kafka start|stop|status}: the embedded single-node broker. */
@Command(name = "kafka", mixinStandardHelpOptions = true,
    description = {"Run a single-node Apache Kafka broker (KRaft mode) on 127.0.0.1 for distributed gauntlets.",
        "start: format DATA/kafka on first use, start the broker in the background (port 9092, or a free one if",
        "  taken) and print the bootstrap address (also written to DATA/kafka/bootstrap.txt).",
        "stop: shut the broker down cleanly (killed after 30 s).  status: print whether it runs, and where.",
        "Exit status of status: 0 running, 3 not running."})
public final class KafkaCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ACTION", description = "start, stop or status")
    String action;

    @Option(names = "--data", paramLabel = "DIR", description = "data root (default: ./rookery-data)")
    Path data = Path.of("rookery-data");

    @Option(names = "--port", paramLabel = "N", description = "client port for start (default 9092, or any free port)")
    int port;

    @Override
    public Integer call() throws Exception {
        switch (action) {
            case "start" -> {
                Optional<EmbeddedKafka.Running> r = EmbeddedKafka.running(data);
                if (r.isPresent()) {
                    System.out.println("Kafka broker already running at " + r.get().bootstrap() + " (pid " + r.get().pid() + ")");
                    return 0;
                }
                if (port < 0 || port > 65535) throw new IllegalArgumentException("--port: expected 1..65535, got " + port);
                if (port != 0 && !Ports.free(port)) throw new IllegalArgumentException("--port: 127.0.0.1:" + port + " is in use");
                EmbeddedKafka k = EmbeddedKafka.startDetached(data, port);
                System.out.println("Kafka broker running at " + k.bootstrap() + " (pid " + k.pid() + ", data " + k.directory() + ")");
                return 0;
            }
            case "stop" -> {
                System.out.println(EmbeddedKafka.stop(data) ? "Kafka broker stopped" : "no Kafka broker is running for " + data);
                return 0;
            }
            case "status" -> {
                Optional<EmbeddedKafka.Running> r = EmbeddedKafka.running(data);
                if (r.isEmpty()) {
                    System.out.println("not running (data " + data.toAbsolutePath().normalize().resolve("kafka") + ")");
                    return 3;
                }
                System.out.println("running at " + r.get().bootstrap() + " (pid " + r.get().pid() + ", data " + r.get().dir() + ")");
                return 0;
            }
            default -> throw new IllegalArgumentException("unknown action \"" + action + "\" (expected start, stop or status)");
        }
    }
}
