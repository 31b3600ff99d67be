package org.rookery.jobs.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.rookery.core.cli.UsageError;

/**
 * Spark reports a failed task as a {@code SparkException} whose message holds the executor's whole
 * stack trace. Users need the cause: the deepest exception, as an I/O error or a usage error, so
 * the shared CLI handler prints one line.
 */
public final class Failures {
    private Failures() {
    }

    /** The failure a user should see: its deepest I/O or usage error, else {@code e} itself. */
    public static RuntimeException explain(RuntimeException e) {
        if (e instanceof UsageError) {
            return e;
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof IOException io) {
            String m = io.getMessage();
            return new UncheckedIOException(new IOException(m == null ? io.getClass().getSimpleName() : m, io));
        }
        if (root instanceof UsageError u) {
            return u;
        }
        if (root != e && root instanceof RuntimeException r) {
            return r;
        }
        return e;
    }
}
