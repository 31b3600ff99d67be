package org.rookery.jobs.cli;

import org.rookery.core.cli.Cli;
import picocli.CommandLine.Command;

/** Entry point of the jobs module's commands: {@code analyze} and {@code sink}. */
@Command(name = "rookery", mixinStandardHelpOptions = true,
        subcommands = {AnalyzeCommand.class, SinkCommand.class})
public final class JobsMain {
    private JobsMain() {
    }

    public static void main(String[] args) {
        System.exit(Cli.run(new JobsMain(), args));
    }
}
