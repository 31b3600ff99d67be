package org.rookery.workers.cli;

import org.rookery.core.cli.Cli;
import picocli.CommandLine.Command;

/** Entry point for the workers module's commands (gauntlet, submit, worker, status, stop, tune). */
@Command(name = "rookery-workers", mixinStandardHelpOptions = true, subcommands = {GauntletCommand.class, SubmitCommand.class,
    WorkerCommand.class, StatusCommand.class, StopCommand.class, TuneCommand.class})
public final class WorkersMain {
    public static void main(String[] args) {
        System.exit(Cli.run(new WorkersMain(), args));
    }
}
