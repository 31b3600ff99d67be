package org.rookery.core.cli;

import picocli.CommandLine.Command;

/** Entry point for the core module's commands ({@code perft}, {@code bench core}, {@code selfcheck}). */
@Command(name = "rookery-core", mixinStandardHelpOptions = true,
    subcommands = {PerftCommand.class, BenchCommand.class, SelfCheckCommand.class})
public final class CoreMain {
    public static void main(String[] args) {
        System.exit(Cli.run(new CoreMain(), args));
    }
}
