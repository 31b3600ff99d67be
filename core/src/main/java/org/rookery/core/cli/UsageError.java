package org.rookery.core.cli;

/** A bad command-line value: printed as one line, exit status 2, never a stack trace. */
public final class UsageError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageError(String message) {
        super(message);
    }
}
