package org.rookery.core.cli;

import picocli.CommandLine.Command;

/** Entry point for the core module's commands ({@code perft}, {@code selfcheck}; {@code bench core} is in the bench module). */
@Command(name = "rookery-core", mixinStandardHelpOptions = true,
    subcommands = {PerftCommand.class, SelfCheckCommand.class})
public final class CoreMain {
    public static void main(String[] args) {
        System.exit(Cli.run(new CoreMain(), args));
    }
}
