package org.rookery.bench.kafka;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rookery.bench.TempTrees;
import org.rookery.broker.EmbeddedKafka;
import org.rookery.workers.kafka.KafkaClients;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rookery bench kafka}: games per second the Kafka path carries, with no engine playing. */
@Command(name = "bench kafka", mixinStandardHelpOptions = true,
    description = {"Measure games/s through Kafka end to end (task -> worker -> transactional game record -> read_committed",
        "consumer) with synthetic games of realistic size, and the latency from a finished game to its readable record.",
        "Starts a throw-away local broker unless --bootstrap is given."})
public final class KafkaBenchCommand implements Callable<Integer> {
    @Option(names = "--bootstrap", paramLabel = "HOST:PORT", description = "an existing cluster (default: a temporary local broker)")
    String bootstrap;

    @Option(names = "--games", paramLabel = "N", description = "games to measure (default ${DEFAULT-VALUE})")
    int games = 20_000;

    @Option(names = "--slots", paramLabel = "N", description = "in-process worker slots (default ${DEFAULT-VALUE})")
    int slots = 2;

    @Option(names = "--batch", paramLabel = "N", description = "pairs committed per transaction at most (default ${DEFAULT-VALUE})")
    int batch = 500;

    @Option(names = "--partitions", paramLabel = "N", description = "partitions of the topics if created (default ${DEFAULT-VALUE})")
    int partitions = 4;

    @Override
    public Integer call() throws Exception {
        if (games < 2 || slots < 1 || batch < 1 || partitions < 1) throw new IllegalArgumentException("--games ≥ 2, --slots, --batch and --partitions ≥ 1");
        Path tmp = null;
        EmbeddedKafka broker = null;
        try {
            String b = bootstrap;
            if (b == null) {
                tmp = Files.createTempDirectory("rookery-bench-kafka");
                System.out.println("Starting a local Kafka broker in " + tmp + " ...");
                broker = EmbeddedKafka.start(tmp);
                b = broker.bootstrap();
            }
            KafkaBench.Result r = KafkaBench.run(KafkaClients.of(b), games, slots, batch, partitions, System.out);
            System.out.println(KafkaBench.format(r));
            return 0;
        } finally {
            if (broker != null) broker.close();
            if (tmp != null) TempTrees.delete(tmp);
        }
    }
}
