package org.rookery.jobs.cli;

import org.rookery.core.cli.Cli;
import picocli.CommandLine.Command;

/**
 * Entry point of the Spark side of {@code rookery tb}: {@code tb export} and {@code tb generate --master}.
 * The launcher routes those here (the jobs module's classpath) and every other {@code tb} command
 * to the endgame module's own entry point.
 */
@Command(name = "tb", mixinStandardHelpOptions = true,
        description = "Endgame tables on Spark: Parquet export and the distributed build.",
        subcommands = {TbExportCommand.class, TbGenerateCommand.class})
public final class TbJobsMain {
    private TbJobsMain() {
    }

    public static void main(String[] args) {
        System.exit(Cli.run(new TbJobsMain(), args));
    }
}
