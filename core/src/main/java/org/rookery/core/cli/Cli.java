package org.rookery.core.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import picocli.CommandLine;

/**
 * Shared command-line plumbing for every module's entry point: picocli parsing, and the rule that
 * a user error is one line on stderr with exit status 2 (an I/O failure: status 1), never a trace.
 */
public final class Cli {
    private Cli() {}

    public static int run(Object command, String[] args) {
        CommandLine cl = new CommandLine(command);
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            Throwable t = ex;
            while (t instanceof UncheckedIOException && t.getCause() != null) t = t.getCause();
            String name = line.getCommandName();
            if (t instanceof UsageError || t instanceof IllegalArgumentException) {
                line.getErr().println("rookery " + name + ": " + t.getMessage());
                return 2;
            }
            if (t instanceof IOException) {
                line.getErr().println("rookery " + name + ": I/O error: " + t.getMessage());
                return 1;
            }
            line.getErr().println("rookery " + name + ": internal error: " + t);
            if (System.getenv("ROOKERY_DEBUG") != null) t.printStackTrace(line.getErr());
            return 1;
        });
        cl.setParameterExceptionHandler((ex, argv) -> {
            CommandLine line = ex.getCommandLine();
            line.getErr().println("rookery " + line.getCommandName() + ": " + ex.getMessage());
            line.getErr().println("Try 'rookery " + line.getCommandName() + " --help'.");
            return 2;
        });
        return cl.execute(args);
    }
}
