package org.rookery.jobs.cli;

import java.io.IOException;
import org.apache.spark.sql.SparkSession;
import org.rookery.jobs.stats.DrawRulesJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code rookery analyze draw-rules}. */
@Command(name = "draw-rules", mixinStandardHelpOptions = true,
        description = {"Per game: when threefold/fivefold repetition and the 50/75-move rules first applied, whether a",
            "claim ended the game, and how close it came. Writes DATA/draw_rules/ and DATA/draw_rules_summary/",
            "(by rating band, time-control class, year, result and ECO) and prints a summary."})
final class DrawRulesCommand extends StatsCommand {
    @Mixin
    DedupeOption dedupe;

    @Override
    int run(SparkSession spark) throws IOException {
        DrawRulesJob.Summary s = DrawRulesJob.run(spark, data, collection, dedupe.dedupe);
        DrawRulesJob.print(spark, data, s, spec.commandLine().getOut());
        return 0;
    }
}
