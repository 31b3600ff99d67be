package org.rookery.jobs.cli;

import java.io.IOException;
import org.apache.spark.sql.SparkSession;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.stats.EndgamesJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rookery analyze endgames}. */
@Command(name = "endgames", mixinStandardHelpOptions = true,
        description = {"Material signature (e.g. KRPvKR) at each game's first position with at most N pieces, with the",
            "outcome and plies left. Writes DATA/endgames/ and DATA/endgames_summary/ (rates per signature).",
            "With --tb DIR, also the tablebase value of each entry position, so won positions that were not",
            "won can be counted."})
final class EndgamesCommand extends StatsCommand {
    @Mixin
    DedupeOption dedupe;

    @Option(names = "--pieces", paramLabel = "N",
            description = "Pieces on the board, kings included (default: ${DEFAULT-VALUE}).")
    int pieces = 7;

    @Option(names = "--tb", paramLabel = "DIR[:DIR...]",
            description = {"Tablebases: Rookery tables ('rookery tb generate') and/or Syzygy .rtbw/.rtbz, directories",
                "separated by ':': adds each entry position's table value (tb_category, tb_dtz, tb_dtm, won_not_won,",
                "drawn_not_drawn) where a table covers it; tb_dtm is null where Syzygy answered (no DTM).",
                "On a cluster every executor must see DIR at the same path."})
    String tb;

    @Override
    void validate() {
        if (pieces < 2 || pieces > 32) {
            throw new UsageError("--pieces must be between 2 and 32");
        }
    }

    @Override
    int run(SparkSession spark) throws IOException {
        EndgamesJob.Summary s = EndgamesJob.run(spark, data, collection, pieces, tb, dedupe.dedupe);
        EndgamesJob.print(spark, data, s, pieces, spec.commandLine().getOut());
        return 0;
    }
}
