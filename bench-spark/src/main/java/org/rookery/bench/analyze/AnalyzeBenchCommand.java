package org.rookery.bench.analyze;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.rookery.core.cli.Cli;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.cli.Failures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rookery bench analyze}: the Spark jobs against pgn-extract on the same corpus. */
@Command(name = "bench analyze", mixinStandardHelpOptions = true,
        description = {"Games/s of 'analyze ingest' + 'analyze draw-rules' on Spark local[1] and local[2], and of",
            "pgn-extract --repetition on the same file in the same run; prints the ratios."})
public final class AnalyzeBenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--games", paramLabel = "N",
            description = "Synthetic games to generate (default: ${DEFAULT-VALUE}).")
    int games = 100_000;

    @Option(names = "--seed", description = "Seed of the synthetic corpus (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--corpus", paramLabel = "FILE", description = "A .pgn (or .pgn.gz/.bz2/.zst) file to use instead of generated games; "
                    + "Rookery reads it as it is, pgn-extract gets it decompressed beforehand.")
    Path corpus;

    @Option(names = "--masters", split = ",", paramLabel = "M,M",
            description = "Spark masters to measure (default: local[1],local[2]).")
    List<String> masters = List.of("local[1]", "local[2]");

    @Option(names = "--rounds", paramLabel = "N",
            description = "Measured rounds per master and of pgn-extract, best kept (default: ${DEFAULT-VALUE}).")
    int rounds = 2;

    public static void main(String[] args) {
        System.exit(Cli.run(new AnalyzeBenchCommand(), args));
    }

    @Override
    public Integer call() throws IOException {
        if (games < 1000) {
            throw new UsageError("--games must be at least 1000");
        }
        if (rounds < 1) {
            throw new UsageError("--rounds must be at least 1");
        }
        if (corpus != null && (!Files.isRegularFile(corpus)
                || org.rookery.jobs.ingest.Compression.of(corpus.getFileName().toString()) == null)) {
            throw new UsageError("--corpus must be an existing .pgn, .pgn.gz, .pgn.bz2 or .pgn.zst file: " + corpus);
        }
        try {
            AnalyzeBench.run(spec.commandLine().getOut(), corpus, games, seed, masters, rounds);
        } catch (RuntimeException e) {
            throw Failures.explain(e);
        }
        return 0;
    }
}
