package org.rookery.bench;

import java.util.Arrays;
import org.rookery.bench.core.BenchCoreCommand;
import org.rookery.bench.dashboard.DashboardBench;
import org.rookery.bench.kafka.KafkaBenchCommand;
import org.rookery.bench.kafka.SyntheticWorkerCommand;
import org.rookery.bench.tablebase.TbBenchCommand;
import org.rookery.core.cli.Cli;

/**
 * Entry point of the bench module: {@code bench core|kafka|kafka-worker|dashboard} and {@code tb bench}.
 * Each benchmark runs as its own top-level command, so its errors and help read "rookery bench core"
 * as the user typed it; {@code bench jmh} and {@code bench analyze} run on other classpaths.
 */
public final class BenchMain {
    private BenchMain() {
    }

    /** What {@code ./rookery bench} runs, for the usage line and the unknown-name error. */
    static final String KNOWN = "core, jmh, analyze, kafka, kafka-worker, dashboard, tune";

    public static void main(String[] args) {
        String name = args.length == 0 ? "" : args[0];
        if (name.equals("-h") || name.equals("--help")) {
            System.out.println("Usage: rookery bench <" + KNOWN.replace(", ", "|") + "> [OPTIONS]; 'rookery bench NAME --help' for a benchmark's options");
            System.exit(0);
        }
        Object command = command(name);
        if (command == null) {
            System.err.println("rookery bench: unknown benchmark \"" + name + "\" (known: " + KNOWN + ")");
            System.exit(2);
        }
        System.exit(Cli.run(command, Arrays.copyOfRange(args, 1, args.length)));
    }

    /** The picocli command named {@code name} here ({@code tb}: {@code tb bench}), or null. */
    static Object command(String name) {
        return switch (name) {
            case "core" -> new BenchCoreCommand();
            case "kafka" -> new KafkaBenchCommand();
            case "kafka-worker" -> new SyntheticWorkerCommand();
            case "dashboard" -> new DashboardBench();
            case "tb" -> new TbBenchCommand();
            case "tune" -> new org.rookery.bench.tune.TuneBenchCommand();
            default -> null;
        };
    }
}
