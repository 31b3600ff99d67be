package org.rookery.bench.tune;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rookery.bench.TempTrees;
import org.rookery.broker.EmbeddedKafka;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.stats.spsa.Rounding;
import org.rookery.stats.spsa.Spsa;
import org.rookery.stats.spsa.SpsaParameter;
import org.rookery.stats.spsa.SpsaSchedule;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.kafka.KafkaClients;
import org.rookery.workers.kafka.SyntheticPlayer;
import org.rookery.workers.kafka.Worker;
import org.rookery.workers.tune.KafkaTuneDriver;
import org.rookery.workers.tune.TuneRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rookery bench tune}: the tune driver's own cost, as SPSA pairs per second with engines that
 * do next to nothing, locally (the built-in engine at one node per move, one move per game, in
 * child JVMs) and through Kafka (a throw-away local broker, an in-process worker answering every pair with synthetic games at
 * once, the driver counting them and handing out the next in its transactions).
 */
@Command(name = "bench tune", mixinStandardHelpOptions = true,
    description = {"Measure SPSA pairs/s of 'rookery tune' with no-op engines: locally (built-in engine, nodes=1, -maxmoves 1)",
        "and through Kafka (in-process worker with synthetic games, on a throw-away local broker)."})
public final class TuneBenchCommand implements Callable<Integer> {
    @Option(names = "--pairs", paramLabel = "N", description = "pairs per run (default ${DEFAULT-VALUE})")
    int pairs = 1000;

    @Option(names = "--concurrency", paramLabel = "K", description = "pairs at once: local slots, or pairs out on Kafka (default ${DEFAULT-VALUE})")
    int concurrency = 2;

    @Option(names = "--slots", paramLabel = "N", description = "in-process worker slots on Kafka (default ${DEFAULT-VALUE})")
    int slots = 2;

    @Option(names = "--mode", paramLabel = "local|kafka|both", description = "what to measure (default ${DEFAULT-VALUE})")
    String mode = "both";

    private static final String PARAM = "Move Overhead,100,0,1000,10,0.002";

    @Override
    public Integer call() throws Exception {
        if (pairs < 1 || concurrency < 1 || slots < 1) throw new IllegalArgumentException("--pairs, --concurrency and --slots must be positive");
        if (!List.of("local", "kafka", "both").contains(mode)) throw new IllegalArgumentException("--mode: expected local, kafka or both, got \"" + mode + "\"");
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        if (!mode.equals("kafka")) {
            double r = local(quiet);
            System.out.printf(Locale.ROOT, "local: %d pairs, -concurrency %d, built-in engine nodes=1 -maxmoves 1: %.1f pairs/s%n", pairs, concurrency, r);
        }
        if (!mode.equals("local")) {
            double r = kafka(quiet);
            System.out.printf(Locale.ROOT, "kafka: %d pairs, %d out at once, %d synthetic worker slot(s): %.1f pairs/s%n", pairs, concurrency, slots, r);
        }
        return 0;
    }

    private double local(PrintStream quiet) throws Exception {
        var parsed = GauntletOptions.parse(List.of("-engine", "name=noop+", "cmd=builtin", "nodes=1", "-engine", "name=noop-", "cmd=builtin",
            "nodes=1", "-maxmoves", "1", "-concurrency", String.valueOf(concurrency), "-srand", "1"), w -> { });
        List<SpsaParameter> params = List.of(SpsaParameter.parse(PARAM));
        Spsa spsa = new Spsa(params, SpsaSchedule.fishtest(pairs), Rounding.RANDOMIZED);
        long t0 = System.nanoTime();
        new TuneRunner(parsed.settings(), spsa, 1, quiet).run();
        return spsa.applied() / ((System.nanoTime() - t0) / 1e9);
    }

    private double kafka(PrintStream quiet) throws Exception {
        Path tmp = null;
        EmbeddedKafka broker = null;
        try {
            // Always a throw-away broker: the synthetic worker would answer any real match's tasks on a shared cluster.
            tmp = Files.createTempDirectory("rookery-bench-tune");
            System.out.println("Starting a local Kafka broker in " + tmp + " ...");
            broker = EmbeddedKafka.start(tmp);
            String b = broker.bootstrap();
            KafkaClients clients = KafkaClients.of(b);
            long pid = ProcessHandle.current().pid();
            var parsed = GauntletOptions.parse(List.of("-engine", "name=noop+", "nodes=1", "-engine", "name=noop-", "nodes=1",
                "-srand", String.valueOf(pid)), w -> { }, true);
            var req = new KafkaTuneDriver.Request(List.of(SpsaParameter.parse(PARAM)), pairs, Rounding.RANDOMIZED, pid, "noop",
                EngineLimits.fromKeys(parsed.engineKeys().get(0)), parsed.settings(), concurrency, false);
            // The workers' own group, as in bench kafka: a synthetic worker must not take a real cluster's tasks.
            Worker.Settings settings = new Worker.Settings(clients, "bench-tune-" + pid, "rookery-bench-tune-" + pid, slots, 1,
                org.rookery.workers.kafka.Topics.DEFAULT_TASK_PARTITIONS);
            try (Worker worker = Worker.start(settings, SyntheticPlayer::new)) {
                long t0 = System.nanoTime();
                new KafkaTuneDriver(clients, req, quiet).run();
                return pairs / ((System.nanoTime() - t0) / 1e9);
            }
        } finally {
            if (broker != null) broker.close();
            if (tmp != null) TempTrees.delete(tmp);
        }
    }
}
