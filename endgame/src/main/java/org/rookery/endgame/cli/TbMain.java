package org.rookery.endgame.cli;

import org.rookery.core.cli.Cli;
import picocli.CommandLine.Command;

/** Entry point of {@code rookery tb}: generate, probe, mainline, verify and compress endgame tables. */
@Command(name = "tb", mixinStandardHelpOptions = true,
    description = "Endgame tablebases: WDL with the 50-move rule, DTM and DTZ50 for up to 5 pieces.",
    footer = {"", "On Spark (./rookery runs these on the jobs module; see docs/cluster.md):",
        "  tb generate ... --master URL    dependency waves in parallel, pawnful",
        "                                  tables split by pawn-slice ranges",
        "  tb export --tb DIR --data DATA [MATERIAL...]",
        "                                  Parquet tables tablebase, tablebase_summary",
        "", "Benchmark (./rookery runs it on the bench module):",
        "  tb bench [MATERIAL...] [--pieces N]",
        "                                  generation time per table, probe latency"},
    subcommands = {GenerateCommand.class, ProbeCommand.class, MainlineCommand.class, VerifyCommand.class, CompressCommand.class})
public final class TbMain {
    public static void main(String[] args) {
        System.exit(Cli.run(new TbMain(), args));
    }
}
