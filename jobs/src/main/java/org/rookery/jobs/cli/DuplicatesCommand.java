package org.rookery.jobs.cli;

import java.io.IOException;
import org.apache.spark.sql.SparkSession;
import org.rookery.jobs.stats.DuplicatesJob;
import picocli.CommandLine.Command;

/** {@code rookery analyze duplicates}. */
@Command(name = "duplicates", mixinStandardHelpOptions = true,
        description = {"Games that repeat an earlier game: the same moves with the same players and result (exact),",
            "the same moves with other tags (moves), or the moves of a longer game between the same players cut",
            "short (prefix). Writes DATA/duplicates/, one row per duplicate naming the game kept in its place, and",
            "prints a summary. The statistics jobs take --dedupe to count each game once."})
final class DuplicatesCommand extends StatsCommand {
    @Override
    int run(SparkSession spark) throws IOException {
        DuplicatesJob.Summary s = DuplicatesJob.run(spark, data, collection);
        DuplicatesJob.print(spark, data, s, spec.commandLine().getOut());
        return 0;
    }
}
