package org.rookery.endgame.cli;

import org.rookery.core.cli.Cli;
import picocli.CommandLine.Command;

/** Entry point of {@code rookery tb}: generate, probe, mainline, verify and bench endgame tables. */
@Command(name = "tb", mixinStandardHelpOptions = true,
    description = "Endgame tablebases: WDL with the 50-move rule, DTM and DTZ50 for up to 5 pieces.",
    subcommands = {GenerateCommand.class, ProbeCommand.class, MainlineCommand.class, VerifyCommand.class, BenchCommand.class})
public final class TbMain {
    public static void main(String[] args) {
        System.exit(Cli.run(new TbMain(), args));
    }
}
