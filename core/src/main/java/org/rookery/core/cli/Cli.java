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
            if (t instanceof Unavailable) {
                line.getErr().println("rookery " + name + ": " + t.getMessage());
                return 1;
            }
            if (t instanceof IOException) {
                line.getErr().println("rookery " + name + ": I/O error: " + t.getMessage());
                return 1;
            }
            if (outOfMemory(t)) {
                line.getErr().println("rookery " + name + ": " + OUT_OF_MEMORY);
                return 1;
            }
            line.getErr().println("rookery " + name + ": internal error: " + t);
            if (System.getenv("ROOKERY_DEBUG") != null) t.printStackTrace(line.getErr());
            return 1;
        });
        cl.setParameterExceptionHandler((ex, argv) -> {
            CommandLine line = ex.getCommandLine();
            // One line, as for every other user error; picocli's messages may span lines.
            String why = String.valueOf(ex.getMessage()).strip().replaceAll("\\s*\\R\\s*", " ");
            line.getErr().println("rookery " + line.getCommandName() + ": " + why + " (see --help)");
            return 2;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands only exceptions to the handler above; an Error thrown by the command ends here
            System.err.println("rookery " + cl.getCommandName() + ": " + OUT_OF_MEMORY);
            return 1;
        }
    }

    private static final String OUT_OF_MEMORY = "out of memory: the JVM's heap is limited to "
        + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB; give it more with ROOKERY_JAVA_OPTS=-Xmx<size>";

    private static boolean outOfMemory(Throwable t) {
        for (int depth = 0; t != null && depth < 16; t = t.getCause(), depth++) if (t instanceof OutOfMemoryError) return true;
        return false;
    }
}
