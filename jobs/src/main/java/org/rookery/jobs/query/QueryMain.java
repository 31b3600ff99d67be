package org.rookery.jobs.query;

import org.rookery.core.cli.Cli;
import picocli.CommandLine.Command;

/** Entry point of {@code ./rookery sql} and {@code ./rookery export}. */
@Command(name = "rookery", mixinStandardHelpOptions = true, subcommands = {SqlCommand.class, ExportCommand.class})
public final class QueryMain {
    private QueryMain() {
    }

    public static void main(String[] args) {
        System.exit(Cli.run(new QueryMain(), args));
    }
}
