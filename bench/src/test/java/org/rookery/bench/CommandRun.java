package org.rookery.bench;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.rookery.core.cli.Cli;

/** One command run through the shared CLI handler, with what it printed on stdout and stderr. */
public record CommandRun(int status, String out, String err) {
    /** Runs {@code command} with {@code args} as its module's entry point would. */
    public static synchronized CommandRun of(Object command, String... args) {
        PrintStream oldOut = System.out, oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int status = Cli.run(command, args);
            return new CommandRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
