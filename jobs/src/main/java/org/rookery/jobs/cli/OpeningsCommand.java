package org.rookery.jobs.cli;

import java.io.IOException;
import org.apache.spark.sql.SparkSession;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.stats.OpeningsJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rookery analyze openings}. */
@Command(name = "openings", mixinStandardHelpOptions = true,
        description = {"Position-keyed opening explorer over the first plies of every decided game: results, average",
            "ratings and the moves played from each position. Writes DATA/openings/."})
final class OpeningsCommand extends StatsCommand {
    @Mixin
    DedupeOption dedupe;

    @Option(names = "--plies", paramLabel = "N", description = "Plies of each game to walk (default: ${DEFAULT-VALUE}).")
    int plies = 30;

    @Option(names = "--min-games", paramLabel = "N",
            description = "Keep positions reached in at least N games (default: ${DEFAULT-VALUE}, all).")
    int minGames = 1;

    @Override
    void validate() {
        if (plies < 1 || plies > 200) {
            throw new UsageError("--plies must be between 1 and 200");
        }
        if (minGames < 1) {
            throw new UsageError("--min-games must be at least 1");
        }
    }

    @Override
    int run(SparkSession spark) throws IOException {
        OpeningsJob.Summary s = OpeningsJob.run(spark, data, collection, plies, minGames, dedupe.dedupe);
        OpeningsJob.print(spark, data, s, spec.commandLine().getOut());
        return 0;
    }
}
